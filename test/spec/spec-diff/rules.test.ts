// Every rule applies a row of the CHANGELOG's versioning table, quoted as it is written there in
// the cell of the rule's level, so the classification stays the CHANGELOG's: editing the table
// (or a rule's row) without the other fails here. And the rule reference lists every rule.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { rulesMarkdown } from "../../../scripts/lib/spec-diff/format/rules.mjs";
import { ALL_RULES } from "../../../scripts/lib/spec-diff/rules/index.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

/** The versioning table of CHANGELOG.md: level → the text of its Spec and Client cells. */
function versioningTable(): Record<string, string> {
  const changelog = readFileSync(resolve(REPO_ROOT, "CHANGELOG.md"), "utf8");
  const section = changelog.split(/^## /m).find((s) => s.startsWith("Versioning rule\n"))!;
  const table: Record<string, string> = {};
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const level = /^\*\*(Major|Minor|Patch)\*\*$/.exec(cells[1] ?? "")?.[1];
    if (level) table[level.toLowerCase()] = `${cells[2]} ${cells[3]}`;
  }
  return table;
}

describe("spec-diff rules", () => {
  const table = versioningTable();

  it("reads the three rows of the versioning table", () => {
    expect(Object.keys(table).sort()).toEqual(["major", "minor", "patch"]);
  });

  it.each(ALL_RULES.map((r) => [r.id, r] as const))("%s quotes a row of the table at its own level", (_id, rule) => {
    expect(table[rule.level], `${rule.id}'s level ${rule.level}`).toBeDefined();
    expect(table[rule.level], `${rule.id} quotes "${rule.row}", which is not in the ${rule.level} row`).toContain(rule.row);
    expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    if (rule.direction !== null) expect(["request", "response"]).toContain(rule.direction);
  });

  it("has one id per rule, each listed in docs/spec-diff-rules.md as the rules say", () => {
    expect(new Set(ALL_RULES.map((r) => r.id)).size).toBe(ALL_RULES.length);
    const written = readFileSync(resolve(REPO_ROOT, "docs/spec-diff-rules.md"), "utf8");
    expect(written, "docs/spec-diff-rules.md is stale: npm run spec:diff -- --rules > docs/spec-diff-rules.md").toBe(rulesMarkdown());
    for (const rule of ALL_RULES) expect(written).toContain(`| \`${rule.id}\` | ${rule.level} |`);
  });
});
