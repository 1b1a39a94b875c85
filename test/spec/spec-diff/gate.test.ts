// The version gate, run by the suite: the working tree's spec against the last release must be
// covered by the bump of info.version since then. Then the version rule itself (0.y included) on
// hand-made reports, and the command's exit code and output as a process, once.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { isRecord } from "../../../scripts/lib/json-members.mjs";
import { diffSpecs } from "../../../scripts/lib/spec-diff/diff.mjs";
import { judge, nextVersion } from "../../../scripts/lib/spec-diff/gate.mjs";
import { resolveSides, sideFromArgument } from "../../../scripts/lib/spec-diff/sources.mjs";
import { verdictOf } from "../../../scripts/lib/spec-diff/verdict.mjs";
import { bumpOf } from "../../../scripts/lib/spec-diff/versions.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

type Level = "major" | "minor" | "patch";
const change = (level: Level, message = `a ${level} change`) => ({
  rule: `${level}-rule`,
  level,
  row: "",
  direction: null,
  operation: { id: "op", method: "GET", path: "/x" },
  where: ["operation"],
  field: null,
  message,
  base: null,
  head: { file: "openapi/platform.yaml", pointer: "/paths", line: 7 },
});

/** A report as diffSpecs makes it, for versions `from` → `to` and the given changes. */
function report(from: string, to: string, levels: Level[]) {
  const base = { label: `base ${from}`, version: from };
  const head = { label: `head ${to}`, version: to };
  return { base, head, ...verdictOf(base, head, levels.map((level) => change(level))) };
}

describe("the version gate", () => {
  it("passes on the working tree's spec against the last release", () => {
    const { base, head } = resolveSides();
    const verdict = judge(diffSpecs(base, head));
    expect(verdict.lines.join("\n")).toMatch(/: OK$/);
    expect(verdict.ok).toBe(true);
  });

  it("applies the 0.y rule: a minor bump allows breaking changes, a patch bump additions", () => {
    expect(judge(report("0.2.0", "0.3.0", ["major", "minor", "patch"])).ok).toBe(true);
    expect(judge(report("0.2.0", "0.2.1", ["minor", "patch"])).ok).toBe(true);
    const breaking = judge(report("0.2.0", "0.2.1", ["major", "minor"]));
    expect(breaking.ok).toBe(false);
    expect(breaking.violations.map((c: { level: string }) => c.level)).toEqual(["major"]);
    expect(breaking.lines.join("\n")).toContain("1 change needs a minor bump (info.version 0.3.0 or later");
    expect(judge(report("0.2.0", "1.0.0", ["major"])).ok).toBe(true);
  });

  it("applies Semantic Versioning from 1.0.0: a minor bump allows no breaking change", () => {
    expect(judge(report("1.2.0", "2.0.0", ["major"])).ok).toBe(true);
    expect(judge(report("1.2.0", "1.3.0", ["minor", "patch"])).ok).toBe(true);
    const verdict = judge(report("1.2.0", "1.3.0", ["major", "minor", "major"]));
    expect(verdict.ok).toBe(false);
    expect(verdict.violations).toHaveLength(2);
    expect(verdict.lines.join("\n")).toContain("2 changes need a major bump (info.version 2.0.0 or later");
    expect(judge(report("1.2.0", "1.2.1", ["minor"])).ok).toBe(false);
  });

  it("fails any change without a bump, and a version that went down", () => {
    const same = judge(report("0.3.0", "0.3.0", ["patch"]));
    expect(same.ok).toBe(false);
    expect(same.lines.join("\n")).toMatch(/a patch change {2}\[patch-rule\] openapi\/platform\.yaml:7/);
    expect(judge(report("0.3.0", "0.3.0", [])).ok).toBe(true);
    const down = judge(report("0.3.0", "0.2.9", []));
    expect(down.ok).toBe(false);
    expect(down.lines.join("\n")).toContain("went down from 0.3.0 to 0.2.9");
  });

  it("names the smallest version each bump reaches", () => {
    expect([nextVersion("0.2.0", "minor"), nextVersion("0.2.7", "patch"), nextVersion("1.4.2", "major"), nextVersion("1.4.2", "none")]).toEqual([
      "0.3.0", "0.2.8", "2.0.0", "1.4.2",
    ]);
    expect(() => bumpOf("0.2", "0.3.0")).toThrow(/the base version must be a semantic version x\.y\.z, got "0\.2"/);
  });

  it("npm run check:spec-diff exits 1 and lists the change when an operation goes without a bump", () => {
    const released = sideFromArgument("0.2.0").spec;
    if (!isRecord(released.paths)) throw new Error("the 0.2.0 spec has no paths");
    delete released.paths["/api/public/guardrails/undeploy"];
    const dir = mkdtempSync(join(tmpdir(), "spec-gate-"));
    const file = join(dir, "platform.yaml");
    writeFileSync(file, stringify(released));
    const run = spawnSync(process.execPath, [resolve(REPO_ROOT, "scripts/check-spec-diff.mjs")], { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, PLATFORM_SPEC: file } });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    // The operation and the discrepancy record it carried: each needs a bump, neither has one.
    expect(run.stderr).toContain("info.version 0.2.0 → 0.2.0 (unchanged) allows no change (0.y rule), but 2 changes need a minor bump (info.version 0.3.0 or later");
    expect(run.stderr).toContain("patch  undeployGuardrail POST /api/public/guardrails/undeploy · x-discrepancies: `guardrail-undeploy-sample` removed  [discrepancy-removed]");
    expect(run.stderr).toMatch(/major {2}undeployGuardrail POST \/api\/public\/guardrails\/undeploy · operation: POST \/api\/public\/guardrails\/undeploy \(`undeployGuardrail`\) removed {2}\[operation-removed\] openapi\/releases\/0\.2\.0\.yaml:\d+/);
  });
});
