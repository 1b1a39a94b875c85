// Runs Redocly and Spectral on the spec, and on the Arazzo document of its workflows, and returns
// their findings as data, so the lint script and a test share one definition of "clean". Both run
// with their JSON formatter; the text a tool prints around it (Redocly's Node 20 banner on
// stderr) is never parsed.
import { relative, resolve } from "node:path";
import { arazzoPath } from "./arazzo.mjs";
import { lintCode } from "./code-lint.mjs";
import { isRecord, listOf, memberAt, numberOr, stringOr } from "./json-members.mjs";
import { cliEntry, runCli } from "./node-cli.mjs";
import { REPO_ROOT, specPath } from "./spec.mjs";
import { spectralFindings } from "./spectral-report.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("./process-run.mjs").ProcessRun} ProcessRun */
/**
 * One finding of a linter, in the form every linter's is put into.
 * @typedef {{ tool: string, severity: string, rule: string, message: string, file: string, line: number, column: number, pointer: string }} LintProblem
 */
/**
 * What one linter found.
 * @typedef {{ tool: string, errors: number, warnings: number, problems: LintProblem[], ignored?: number, document?: string }} LintReport
 */

/**
 * What `npm run lint` found: `spec` names what was linted.
 * @typedef {{ spec: string, reports: LintReport[], ok: boolean }} LintResult
 */

// Shown when a tool fails without producing its report (bad config, missing file, crash).
/** @param {string} text */
function withoutBanner(text) {
  return text
    .split("\n")
    .filter((line) => !/^\s*[╔║╚]/.test(line))
    .join("\n")
    .trim();
}

/**
 * @param {string} tool
 * @param {ProcessRun} run
 * @param {string} reason
 * @returns {LintReport}
 */
function failed(tool, run, reason) {
  const message = `${reason}\n${withoutBanner(`${run.stdout}\n${run.stderr}`)}`;
  const problem = { tool, severity: "error", rule: "tool-failure", message, file: "", line: 0, column: 0, pointer: "" };
  return { tool, errors: 1, warnings: 0, problems: [problem] };
}

/**
 * @param {string} tool
 * @param {ProcessRun} run
 * @param {LintProblem[]} problems
 * @returns {LintReport}
 */
function summary(tool, run, problems) {
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.filter((p) => p.severity === "warning").length;
  // A non-zero exit with nothing reported means the tool failed in a way its report hides.
  if (run.code !== 0 && errors + warnings === 0) return failed(tool, run, `${tool} exited with code ${run.code}`);
  return { tool, errors, warnings, problems };
}

/**
 * @param {string} text
 * @returns {JsonValue | undefined} the tool's JSON report; undefined when the text is not JSON
 */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function runRedocly(spec = specPath()) {
  const run = await runCli(cliEntry("@redocly/cli", "redocly"), [
    "lint",
    spec,
    "--format=json",
    `--config=${resolve(REPO_ROOT, "redocly.yaml")}`,
  ]);
  const report = parsed(run.stdout);
  if (!isRecord(report) || !Array.isArray(report.problems)) return failed("redocly", run, "redocly produced no JSON report");
  const problems = report.problems.map((problem) => {
    const location = listOf(memberAt(problem, "location"))[0];
    const severity = String(memberAt(problem, "severity"));
    const ref = stringOr(memberAt(location, "source", "ref"), "");
    return {
      tool: "redocly",
      severity: severity === "warn" ? "warning" : severity,
      rule: String(memberAt(problem, "ruleId")),
      message: String(memberAt(problem, "message")),
      // Redocly names files relative to its working directory, which is REPO_ROOT.
      file: ref ? relative(REPO_ROOT, resolve(REPO_ROOT, ref)) : "",
      line: numberOr(memberAt(location, "start", "line"), 0),
      column: numberOr(memberAt(location, "start", "col"), 0),
      pointer: stringOr(memberAt(location, "pointer"), ""),
    };
  });
  return { ...summary("redocly", run, problems), ignored: numberOr(memberAt(report, "totals", "ignored"), 0) };
}

// The Arazzo document has its own Spectral ruleset (spectral:arazzo); Redocly tells the two kinds
// of document apart by their first key and lints both with redocly.yaml.
const ARAZZO_RULESET = "openapi/arazzo.spectral.yaml";

export async function runSpectral(spec = specPath(), ruleset = ".spectral.yaml") {
  const run = await runCli(cliEntry("@stoplight/spectral-cli", "spectral"), [
    "lint",
    spec,
    "--quiet",
    "--format=json",
    "--fail-severity=warn",
    `--ruleset=${resolve(REPO_ROOT, ruleset)}`,
  ]);
  const findings = spectralFindings(run.stdout);
  if (!findings) return failed("spectral", run, "spectral produced no JSON report");
  const problems = findings.map((finding) => ({
    tool: "spectral",
    severity: finding.severity === "warn" ? "warning" : finding.severity,
    rule: finding.rule,
    message: finding.message,
    file: finding.source ? relative(REPO_ROOT, finding.source) : "",
    line: finding.line,
    column: finding.column,
    pointer: finding.pointer,
  }));
  return summary("spectral", run, problems);
}

/** Both linters on one spec; `ok` only when neither reports an error or a warning. */
export async function lintSpec(spec = specPath()) {
  const reports = await Promise.all([runRedocly(spec), runSpectral(spec)]);
  return { spec, reports, ok: reports.every((r) => r.errors + r.warnings === 0) };
}

/** Both linters on the Arazzo document; each report names the document it is about. */
export async function lintWorkflows(document = arazzoPath()) {
  const reports = await Promise.all([runRedocly(document), runSpectral(document, ARAZZO_RULESET)]);
  return {
    document,
    reports: reports.map((report) => ({ ...report, document: relative(REPO_ROOT, document) })),
    ok: reports.every((r) => r.errors + r.warnings === 0),
  };
}

/** What `npm run lint` checks: the spec, the Arazzo document and the code, one list of reports. */
export async function lintProject() {
  const [spec, workflows, code] = await Promise.all([lintSpec(), lintWorkflows(), lintCode()]);
  return {
    spec: `${relative(REPO_ROOT, spec.spec)}, ${relative(REPO_ROOT, workflows.document)} and the code`,
    reports: [...spec.reports, ...workflows.reports, ...code.reports],
    ok: spec.ok && workflows.ok && code.ok,
  };
}
