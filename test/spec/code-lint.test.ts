// The code's half of the lint gate (scripts/lib/code-lint.mjs): Biome and the line length report
// nothing on the folders biome.jsonc names, and both do fire on a file that breaks them.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BIOME_CONFIG, biomeConfig, lintCode, lintedFiles } from "../../scripts/lib/code-lint.mjs";
import { memberAt } from "../../scripts/lib/json-members.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

type Problem = { rule: string; file: string; line: number };
type Report = { tool: string; problems: Problem[] };

describe("code lint gate", () => {
  it("biome.jsonc holds the code to 160 characters a line and leaves the generated files out", () => {
    const config = biomeConfig();
    expect(memberAt(config, "formatter", "lineWidth")).toBe(160);
    const files = lintedFiles();
    for (const folder of ["src/", "scripts/", "test/", "bench/"]) expect(files.some((f: string) => f.startsWith(folder)), folder).toBe(true);
    expect(files.filter((f: string) => f.startsWith("src/generated/"))).toEqual([]);
  });

  it("biome and the line length report nothing on the code", async () => {
    const result = await lintCode();
    for (const report of result.reports) expect(report.problems, report.tool).toEqual([]);
    expect(result.reports.map((r: Report) => r.tool)).toEqual(["biome", "line-length"]);
    expect(result.ok).toBe(true);
  }, 120_000);

  it("fails on a planted finding and a long line, and lets a long literal be", async () => {
    const dir = mkdtempSync(join(tmpdir(), "code-lint-"));
    try {
      copyFileSync(resolve(REPO_ROOT, BIOME_CONFIG), join(dir, BIOME_CONFIG));
      const pad = "x".repeat(150);
      const planted = [
        "export function planted(input: number): number {",
        "  let doubled = 0;",
        "  if ((doubled = input * 2)) return doubled;",
        `  const sum = [input, input, input].map((value) => value + 1).reduce((total, value) => total + value, 0) + doubled + input * 3 + input * 4 + input * 5 + input * 6 + input * 7 + input * 8 + 9;`,
        `  const message = "${pad}";`,
        "  return sum + message.length;",
        "}",
        "",
      ].join("\n");
      // The copied config names the repository's folders: the file in scripts/ is linted, the
      // same file outside them is not, nor in the generated folder it leaves out.
      mkdirSync(join(dir, "scripts"));
      writeFileSync(join(dir, "scripts", "planted.ts"), planted);
      writeFileSync(join(dir, "planted.ts"), planted);
      mkdirSync(join(dir, "src", "generated"), { recursive: true });
      writeFileSync(join(dir, "src", "generated", "planted.ts"), planted);
      execFileSync("git", ["init", "-q"], { cwd: dir });
      execFileSync("git", ["add", "."], { cwd: dir });
      const result = await lintCode(dir);
      expect(result.ok).toBe(false);
      const [biome, lineLength] = result.reports as Report[];
      expect(biome?.problems.map((p) => `${p.file}:${p.line} ${p.rule}`)).toContain("scripts/planted.ts:3 suspicious/noAssignInExpressions");
      expect([...new Set(biome?.problems.map((p) => p.file))]).toEqual(["scripts/planted.ts"]);
      expect(lineLength?.problems.map((p) => `${p.file}:${p.line}`)).toEqual(["scripts/planted.ts:4"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
