// The findings of the linters (scripts/lib/lint.mjs) in the forms a reviewer reads them in:
// text for a terminal, SARIF 2.1.0 for code-scanning tools (one run per linter), and GitHub
// Actions workflow commands, which annotate the spec's lines in a pull request.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { REPO_ROOT } from "./spec.mjs";
import { workflowCommand } from "./workflow-commands.mjs";

export const LINT_FORMATS = ["text", "sarif", "github"];

const require = createRequire(resolve(REPO_ROOT, "package.json"));
/** @typedef {import("./lint.mjs").LintProblem} LintProblem */
/** @typedef {import("./lint.mjs").LintResult} LintResult */

/** @type {Record<string, string>} */
const PACKAGES = { redocly: "@redocly/cli", spectral: "@stoplight/spectral-cli", biome: "@biomejs/biome" };

/** @param {string} tool */
function toolVersion(tool) {
  try {
    return JSON.parse(readFileSync(require.resolve(`${PACKAGES[tool]}/package.json`), "utf8")).version;
  } catch {
    return undefined;
  }
}

/** @param {LintProblem} problem */
function heading(problem) {
  const where = problem.file ? `${problem.file}:${problem.line}:${problem.column}` : "";
  return [where, problem.severity, problem.rule, problem.pointer].filter(Boolean).join("  ");
}

/**
 * The report as the lint script has always printed it.
 * @param {LintResult} result
 */
export function toText({ spec, reports }) {
  const lines = [`Linting ${spec}`];
  for (const report of reports) {
    lines.push("", `── ${report.tool}${report.document ? ` on ${report.document}` : ""}`);
    for (const problem of report.problems) lines.push(heading(problem), `    ${problem.message.replaceAll("\n", "\n    ")}`);
  }
  lines.push("");
  for (const { tool, document, errors, warnings, ignored } of reports)
    lines.push(`${tool}${document ? ` on ${document}` : ""}: ${errors} errors, ${warnings} warnings${ignored ? `, ${ignored} ignored` : ""}`);
  return `${lines.join("\n")}\n`;
}

/** @type {Record<string, string>} */
const SARIF_LEVELS = { error: "error", warning: "warning", info: "note", hint: "note" };

/**
 * SARIF 2.1.0: one run per linter, its rules listed, each finding with its file, line and column.
 * @param {Pick<LintResult, "reports">} result
 * @param {{ versions?: Record<string, string | undefined> }} [options]
 */
export function toSarif({ reports }, { versions = Object.fromEntries(Object.keys(PACKAGES).map((t) => [t, toolVersion(t)])) } = {}) {
  const runs = reports.map((report) => {
    const ruleIds = [...new Set(report.problems.map((p) => p.rule))];
    const driver = { name: report.tool, ...(versions[report.tool] ? { semanticVersion: versions[report.tool] } : {}), rules: ruleIds.map((id) => ({ id })) };
    const results = report.problems.map((problem) => {
      /** @type {{ ruleId: string, ruleIndex: number, level: string, message: { text: string }, locations?: object[], properties?: { pointer: string } }} */
      const result = {
        ruleId: problem.rule,
        ruleIndex: ruleIds.indexOf(problem.rule),
        level: SARIF_LEVELS[problem.severity] ?? "error",
        message: { text: problem.message },
      };
      if (problem.file) {
        const region = problem.line > 0 ? { region: { startLine: problem.line, ...(problem.column > 0 ? { startColumn: problem.column } : {}) } } : {};
        result.locations = [{ physicalLocation: { artifactLocation: { uri: problem.file, uriBaseId: "%SRCROOT%" }, ...region } }];
      }
      if (problem.pointer) result.properties = { pointer: problem.pointer };
      return result;
    });
    return { tool: { driver }, originalUriBaseIds: { "%SRCROOT%": { description: { text: "The repository root." } } }, results };
  });
  return `${JSON.stringify({ version: "2.1.0", runs }, null, 2)}\n`;
}

/** @type {Record<string, "error" | "warning" | "notice">} */
const ANNOTATION_LEVELS = { error: "error", warning: "warning", info: "notice", hint: "notice" };

/**
 * GitHub Actions annotations, one per finding, then a summary notice per linter.
 * @param {Pick<LintResult, "reports">} result
 */
export function toAnnotations({ reports }) {
  const lines = [];
  for (const report of reports) {
    for (const problem of report.problems) {
      const where = problem.file ? { file: problem.file, line: problem.line, col: problem.column } : {};
      const message = problem.pointer ? `${problem.message} (${problem.pointer})` : problem.message;
      lines.push(workflowCommand(ANNOTATION_LEVELS[problem.severity] ?? "error", { ...where, title: `${report.tool} ${problem.rule}` }, message));
    }
  }
  for (const { tool, document, errors, warnings } of reports)
    lines.push(workflowCommand("notice", { title: `${tool}${document ? ` on ${document}` : ""}` }, `${errors} errors, ${warnings} warnings`));
  return `${lines.join("\n")}\n`;
}
