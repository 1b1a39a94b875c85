// The rule reference, docs/spec-diff-rules.md: every rule of the differ by family, with its level,
// the CHANGELOG row it applies and how that row is read. Written by `npm run spec:diff -- --rules`;
// test/spec/spec-diff/rules.test.ts fails when the file and the rules differ.
import { tableCell as cell } from "../../table-cell.mjs";
import { FAMILIES } from "../rules/index.mjs";

export function rulesMarkdown() {
  const lines = [
    "<!-- written by npm run spec:diff -- --rules > docs/spec-diff-rules.md; do not edit -->",
    "# Spec diff rules",
    "",
    "Every rule `npm run spec:diff` applies, family by family (one file each under",
    "`scripts/lib/spec-diff/rules/`). A rule's level is the level of the row of the versioning table in",
    "CHANGELOG.md that it quotes; where the row needs reading to fit, the last column says how. Direction:",
    "`request` judges what a client sends, `response` what it reads. Each rule is proven by the pair of",
    "specs in `test/spec/spec-diff/corpus/cases/<rule>.yaml`. How to use the differ:",
    "[the spec review guide](guides/spec-review.md).",
    "",
  ];
  for (const [family, rules] of Object.entries(FAMILIES)) {
    lines.push(`## ${family}`, "", "| Rule | Level | Direction | Detects | CHANGELOG row | Read as |", "|---|---|---|---|---|---|");
    for (const r of rules)
      lines.push(`| \`${r.id}\` | ${r.level} | ${r.direction ?? ""} | ${cell(r.detects)} | ${cell(r.row)} | ${cell(r.reading ?? "as written")} |`);
    lines.push("");
  }
  return lines.join("\n");
}
