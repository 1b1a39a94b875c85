// The report as markdown for a pull-request comment: a verdict line, a table of operations with
// their counts, then each operation's changes (biggest bump first), each linked to its line in
// the spec, and the rules applied with the CHANGELOG row each one quotes. GitHub refuses comments
// over 65,536 characters, so details are dropped level by level (patch, then minor) to fit.
import { placeOf } from "../diff.mjs";
import { ruleById } from "../rules/index.mjs";
import { createLinker } from "./links.mjs";

/**
 * @typedef {import("../diff.mjs").Report} Report
 * @typedef {import("../diff.mjs").JudgedChange} JudgedChange
 * @typedef {import("../operation-index.mjs").OperationRef} OperationRef
 * @typedef {import("./links.mjs").Linker} Linker
 */

const MAX_COMMENT = 60_000;
const LEVEL_ORDER = ["major", "minor", "patch"];

/**
 * Text for markdown: `<` and `>` outside code spans would read as HTML.
 * @param {string} value
 */
function text(value) {
  return String(value)
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replaceAll("<", "&lt;").replaceAll(">", "&gt;")))
    .join("");
}

const code = (/** @type {string} */ value) => `\`${String(value).replaceAll("`", "'")}\``;
const basename = (/** @type {string} */ file) => file.slice(file.lastIndexOf("/") + 1);

/** @param {OperationRef | null} operation */
function operationTitle(operation) {
  if (!operation) return "Document (servers, components, records, examples)";
  return `${operation.id ? `${code(operation.id)} · ` : ""}${operation.method} ${code(operation.path)}`;
}

/** @param {Report} report */
function verdict(report) {
  const { bump, level } = report;
  if (!bump) return "No version comparison: one side has no semantic `info.version`.";
  const needs = level === "none" ? "no bump" : `a ${bump.required} bump`;
  const has = bump.kind === "none" ? "unchanged" : `a ${bump.kind} bump`;
  const initial = bump.initial ? " (0.y: a breaking change bumps the minor number, everything else the patch number)" : "";
  const head = `\`info.version\` ${bump.from} → ${bump.to}: ${has}; the changes need ${needs}${initial}.`;
  return report.ok ? `✅ ${head}` : `❌ ${head} Raise \`info.version\` or undo the changes marked below.`;
}

/** @param {JudgedChange} change @param {Linker} link @param {Report} report */
function changeLine(change, link, report) {
  const where = change.where.join(", ");
  const field = change.field ? ` ${code(change.field)}` : "";
  const at = placeOf(change);
  const side = change.head ? report.head : report.base;
  const place = `[${basename(at.file)}:${at.line}](${link(at, side)})`;
  const before =
    change.head && change.base && change.base.file !== change.head.file
      ? ` (was [${basename(change.base.file)}:${change.base.line}](${link(change.base, report.base)}))`
      : "";
  const strong = change.level === "major" ? `**${change.level}**` : change.level;
  return `- ${strong} · ${text(where)}${field}: ${text(change.message)} · ${place}${before} · ${code(change.rule)}`;
}

/**
 * The workflows a change reaches, so a reviewer sees which flows may break (empty without any).
 * @param {Report} report
 */
function workflowLines(report) {
  if (!report.workflows?.length) return [];
  const lines = ["### Workflows that call a changed operation", "", "| Workflow | Operation | Level |", "|---|---|---|"];
  for (const workflow of report.workflows) {
    for (const op of workflow.operations) {
      const what = op.missing
        ? "**missing from the head spec: the workflow cannot run**"
        : `${op.level === "major" ? `**${op.level}**` : op.level} (${op.changes} change${op.changes === 1 ? "" : "s"})`;
      lines.push(`| ${code(workflow.workflowId)} | ${code(op.operationId)} | ${what} |`);
    }
  }
  lines.push("");
  return lines;
}

/** @param {Report} report @param {Linker} link @param {string[]} detailLevels the levels whose changes are listed one by one */
function render(report, link, detailLevels) {
  /** @type {string[]} */
  const lines = [];
  lines.push(`## Spec review: ${text(report.base.label)} → ${text(report.head.label)}`, "");
  const total = report.changes.length;
  const counts = LEVEL_ORDER.map((l) => `${l} ${report.counts[l]}`).join(" · ");
  lines.push(total === 0 ? "No changes to the interface." : `**${total} changes**: ${counts}.`, "", verdict(report), "");
  if (total === 0) return lines.join("\n");

  /** @type {{ key: string, operation: OperationRef | null, changes: JudgedChange[] }[]} */
  const groups = [];
  for (const change of report.changes) {
    const key = change.operation ? `${change.operation.method} ${change.operation.path}` : "";
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, operation: change.operation, changes: [] };
      groups.push(group);
    }
    group.changes.push(change);
  }
  lines.push("| Operation | major | minor | patch |", "|---|---|---|---|");
  for (const group of groups) {
    const count = (/** @type {string} */ l) => group.changes.filter((c) => c.level === l).length || "";
    lines.push(`| ${operationTitle(group.operation)} | ${count("major")} | ${count("minor")} | ${count("patch")} |`);
  }
  lines.push("");
  lines.push(...workflowLines(report));
  const left = { minor: 0, patch: 0 };
  for (const group of groups) {
    lines.push(`### ${operationTitle(group.operation)}`, "");
    for (const change of group.changes) {
      if (detailLevels.includes(change.level)) lines.push(changeLine(change, link, report));
      // Major changes are always listed: only minor and patch ones are left out.
      else if (change.level === "minor" || change.level === "patch") left[change.level]++;
    }
    const omitted = LEVEL_ORDER.filter((l) => !detailLevels.includes(l) && group.changes.some((c) => c.level === l));
    if (omitted.length) lines.push(`- (${omitted.map((l) => `${group.changes.filter((c) => c.level === l).length} ${l}`).join(", ")} not listed)`);
    lines.push("");
  }
  if (left.minor + left.patch > 0)
    lines.push(
      `_The comment would be too long with every change: ${left.patch} patch and ${left.minor} minor changes are counted above but not listed; \`npm run spec:diff -- --json\` has them all._`,
      "",
    );
  const used = [...new Set(report.changes.map((c) => c.rule))].map(ruleById);
  lines.push("<details><summary>Rules applied, with the row of the CHANGELOG's versioning table each one applies</summary>", "");
  lines.push("| Rule | Level | CHANGELOG row | How the row is read |", "|---|---|---|---|");
  for (const rule of used) lines.push(`| ${code(rule.id)} | ${rule.level} | ${text(rule.row)} | ${text(rule.reading ?? "as written")} |`);
  lines.push("", "</details>", "");
  return lines.join("\n");
}

/**
 * @param {Report} report from diffSpecs
 * @param {{ linkBase?: string | undefined, env?: Record<string, string | undefined>, maxLength?: number }} [options]
 */
export function toMarkdown(report, { linkBase, env = {}, maxLength = MAX_COMMENT } = {}) {
  const link = createLinker({ linkBase, env });
  for (const levels of [LEVEL_ORDER, ["major", "minor"], ["major"]]) {
    const markdown = render(report, link, levels);
    if (markdown.length <= maxLength || levels.length === 1) return markdown;
  }
  throw new Error("unreachable");
}
