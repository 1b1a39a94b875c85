// The rendered reference: one self-contained HTML file that carries every operation and
// loads nothing from another origin (the browser test of a later issue drives it for real).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { renderDiscrepanciesMarkdown } from "../../scripts/lib/discrepancies.mjs";
import { REPO_ROOT, listOperations, loadSpec } from "../../scripts/lib/spec.mjs";

describe("npm run docs", () => {
  const out = mkdtempSync(join(tmpdir(), "docs-"));
  const run = spawnSync(process.execPath, [resolve(REPO_ROOT, "scripts/build-docs.mjs")], {
    cwd: REPO_ROOT,
    env: { ...process.env, PLATFORM_OUTPUT_ROOT: out },
    encoding: "utf8",
  });

  it("builds a self-contained reference with all 25 operations", () => {
    expect(run.status, run.stderr).toBe(0);
    const html = readFileSync(join(out, "docs/reference/index.html"), "utf8");
    expect(html).not.toMatch(/<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).toMatch(/Content-Security-Policy/);
    const operations = listOperations(loadSpec());
    expect(operations).toHaveLength(25);
    for (const op of operations) expect(html, op.operationId).toContain(`"operationId":"${op.operationId}"`);
  });

  it("writes docs/discrepancies.md from the spec's records", () => {
    expect(readFileSync(join(out, "docs/discrepancies.md"), "utf8")).toBe(renderDiscrepanciesMarkdown(loadSpec()));
  });
});
