// Respect's results (scripts/lib/respect.mjs, workflowResults) in the forms CI reads, the same
// ones the drift report has (src/drift/junit.ts, src/drift/sarif.ts): JUnit XML, one test suite per
// workflow and one test case per step; SARIF 2.1.0, one result per failed check, located at its
// step in the Arazzo document; and a few lines of text. Step answers are never copied in: a failed
// check's message is Respect's, with every input of `format: password` already masked.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { xmlText } from "../../src/drift/junit.ts";
import { SARIF_SCHEMA } from "../../src/drift/sarif.ts";
import { arazzoPath } from "./arazzo.mjs";
import { REPO_ROOT } from "./spec.mjs";

/** @typedef {import("./respect.mjs").WorkflowResult} WorkflowResult */
/** @typedef {import("./respect.mjs").StepResult} StepResult */
/** @typedef {import("./respect.mjs").FailedCheck} FailedCheck */

export const REPORT_FORMATS = ["text", "json", "junit", "sarif"];

const path = (/** @type {string} */ url) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};
const failed = (/** @type {WorkflowResult} */ workflow) => workflow.status !== "success";

/** @param {WorkflowResult[]} results */
export function toText(results) {
  const lines = results.map(
    (w) =>
      `${failed(w) ? "✗" : "✓"} ${w.workflowId}  ${w.steps.length} step${w.steps.length === 1 ? "" : "s"}, ${w.timeMs} ms${failed(w) ? `  failed at ${w.steps.find((s) => s.status !== "success")?.stepId ?? "(no step)"}` : ""}`,
  );
  const failures = results.filter(failed).length;
  lines.push(`${results.length - failures} of ${results.length} workflows passed`);
  return `${lines.join("\n")}\n`;
}

/**
 * The results without the answers' bodies: what a CI artefact keeps.
 * @param {WorkflowResult[]} results
 */
export function toJson(results) {
  return `${JSON.stringify(results.map(({ file, ...w }) => ({ ...w, steps: w.steps.map(({ body, ...step }) => step) })), null, 2)}\n`;
}

/** The failed checks of a step, or one standing for the step when Respect named none. */
const checksOf = (/** @type {StepResult} */ step) => (step.failedChecks.length > 0 ? step.failedChecks : [{ name: "step", message: `status ${step.status}` }]);

/**
 * One test case per step, plus one for the workflow when it failed with every step green (a failed output, say).
 * @param {WorkflowResult} w
 * @returns {{ name: string, failure: FailedCheck[] | undefined }[]}
 */
function testCases(w) {
  const cases = w.steps.map((step) => ({
    // The operation, not the address: an address holds ids that change from run to run, and CI
    // tracks a test case by its name.
    name: `${step.stepId} (${step.operationId ?? step.method})`,
    failure: step.status === "success" ? undefined : checksOf(step),
  }));
  if (failed(w) && cases.every((c) => !c.failure)) cases.push({ name: "workflow", failure: [{ name: "workflow", message: `status ${w.status}` }] });
  return cases;
}

/**
 * @param {WorkflowResult[]} results
 * @param {{ timestamp?: string }} [options]
 */
export function toJUnit(results, { timestamp = new Date().toISOString() } = {}) {
  let tests = 0;
  let failures = 0;
  const suites = results.map((w) => {
    const cases = testCases(w);
    const failing = cases.filter((c) => c.failure).length;
    tests += cases.length;
    failures += failing;
    const lines = cases.map(({ name, failure }) => {
      const open = `    <testcase classname="${xmlText(`workflow.${w.workflowId}`)}" name="${xmlText(name)}"`;
      if (!failure) return `${open}/>`;
      const details = failure.map((c) => `${c.name}: ${c.message}`).join("\n");
      return `${open}>\n      <failure type="${xmlText(/** @type {FailedCheck} */ (failure[0]).name)}" message="${xmlText(failure.map((c) => c.name).join("; "))}">${xmlText(details)}</failure>\n    </testcase>`;
    });
    return `  <testsuite name="${xmlText(w.workflowId)}" tests="${cases.length}" failures="${failing}" errors="0" skipped="0" timestamp="${xmlText(timestamp)}" time="${(w.timeMs / 1000).toFixed(3)}">\n${lines.join("\n")}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="platform workflows" tests="${tests}" failures="${failures}" errors="0">\n${suites.join("\n")}\n</testsuites>\n`;
}

/**
 * The 1-based line of `stepId: <id>` inside workflow `workflowId` of the document's text, or of the workflow itself.
 * @param {string} text
 * @param {string} workflowId
 * @param {string} [stepId]
 */
export function stepLine(text, workflowId, stepId) {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => new RegExp(`^\\s*-?\\s*workflowId:\\s*${workflowId}\\s*$`).test(line));
  if (start === -1) return undefined;
  for (const [i, line] of lines.entries()) {
    if (i <= start) continue;
    if (/^\s*-\s*workflowId:/.test(line)) break;
    if (stepId && new RegExp(`^\\s*-?\\s*stepId:\\s*${stepId}\\s*$`).test(line)) return i + 1;
  }
  return start + 1;
}

const slug = (/** @type {string} */ name) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/**
 * @param {WorkflowResult[]} results one per workflow, as the report's other formats take them
 * @param {{ document?: string, toolVersion?: string }} [options]
 */
export function toSarif(results, { document = arazzoPath(), toolVersion } = {}) {
  const text = readFileSync(document, "utf8");
  const uri = relative(REPO_ROOT, document);
  /** @type {{ w: WorkflowResult, step: StepResult | undefined, check: FailedCheck }[]} */
  const found = [];
  for (const w of results) {
    for (const step of w.steps.filter((s) => s.status !== "success")) for (const check of checksOf(step)) found.push({ w, step, check });
    if (failed(w) && w.steps.every((s) => s.status === "success"))
      found.push({ w, step: undefined, check: { name: "workflow", message: `status ${w.status}` } });
  }
  const ruleIds = [...new Set(found.map(({ check }) => `workflow/${slug(check.name)}`))];
  const rules = ruleIds.map((id) => ({
    id,
    shortDescription: { text: `A workflow step failed Respect's ${id.slice("workflow/".length).replaceAll("-", " ")}.` },
    defaultConfiguration: { level: "error" },
  }));
  const resultsOut = found.map(({ w, step, check }) => {
    const ruleId = `workflow/${slug(check.name)}`;
    const line = stepLine(text, w.workflowId, step?.stepId);
    return {
      ruleId,
      ruleIndex: ruleIds.indexOf(ruleId),
      level: "error",
      message: {
        text: `${w.workflowId}${step ? `.${step.stepId} (${step.operationId ?? step.method}, ${step.method} ${path(step.url)})` : ""}: ${check.message || check.name}`,
      },
      locations: [
        {
          physicalLocation: { artifactLocation: { uri }, ...(line ? { region: { startLine: line } } : {}) },
          logicalLocations: [
            { name: step?.stepId ?? w.workflowId, fullyQualifiedName: step ? `${w.workflowId}/${step.stepId}` : w.workflowId, kind: "member" },
          ],
        },
      ],
      properties: {
        workflowId: w.workflowId,
        ...(step
          ? {
              stepId: step.stepId,
              operationId: step.operationId,
              method: step.method,
              path: path(step.url),
              attempts: step.attempts,
              ...(step.statusCode === undefined ? {} : { statusCode: step.statusCode }),
            }
          : {}),
      },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "platform-workflows", ...(toolVersion ? { version: toolVersion } : {}), rules } },
        results: resultsOut,
        properties: { workflows: results.length, failed: results.filter(failed).length },
      },
    ],
  };
}
