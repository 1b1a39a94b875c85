// Redocly Respect on the Arazzo document: run it (as `node <redocly's bin>`, telemetry off) and
// read what it wrote with --json-output as one plain result per workflow. The tests run it
// against the mocks, `npm run workflows` against a live environment.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { arazzoPath, loadArazzo } from "./arazzo.mjs";
import { isRecord, listOf, memberAt, recordOf } from "./json-members.mjs";
import { cliEntry, runCli, toolEnv } from "./node-cli.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {{ name: string, message: string }} FailedCheck */
/**
 * One step of a workflow run (all its attempts at once).
 * @typedef {{
 *   stepId: string, operationId: string | undefined, method: string, url: string, status: string, statusCode: number | undefined,
 *   body: JsonValue | undefined, failedChecks: FailedCheck[], attempts: number,
 * }} StepResult
 */
/**
 * One workflow run, as workflowResults gives it and the report's formats take it.
 * @typedef {{ file: string, workflowId: string, status: string, timeMs: number, steps: StepResult[] }} WorkflowResult
 */

/** The source description the document's steps call; `--server platform=URL` points it at a server. */
export const SOURCE_NAME = "platform";

export const respectEntry = () => cliEntry("@redocly/cli", "redocly");

/**
 * @typedef {{ document?: string, server: string, inputs?: Record<string, unknown>, workflows?: string[] }} RespectRun
 * What to run: the Arazzo document (the project's by default), the server its source
 * description points at, the workflow inputs and which workflows (all by default).
 */

/**
 * Respect's arguments. Inputs go as one JSON `--input`, which Respect reads whole (its
 * `name=value` form splits on every `,` and `=`, so a value holding either would be cut).
 * @param {RespectRun & { jsonOutput?: string }} run
 */
export function respectArgs({ document = arazzoPath(), server, inputs = {}, workflows = [], jsonOutput }) {
  return [
    "respect",
    document,
    "--server",
    `${SOURCE_NAME}=${server}`,
    ...(Object.keys(inputs).length > 0 ? ["--input", JSON.stringify(inputs)] : []),
    ...workflows.flatMap((id) => ["--workflow", id]),
    ...(jsonOutput ? ["--json-output", jsonOutput] : []),
  ];
}

/**
 * Runs Respect to completion; resolves to its exit code, its output and the JSON log it wrote.
 * @param {RespectRun & { env?: NodeJS.ProcessEnv }} run
 */
export async function runRespect({ env = toolEnv, ...options }) {
  const dir = mkdtempSync(join(tmpdir(), "respect-"));
  const jsonOutput = join(dir, "respect.json");
  try {
    const run = await runCli(respectEntry(), respectArgs({ ...options, jsonOutput }), { env });
    let log;
    try {
      log = JSON.parse(readFileSync(jsonOutput, "utf8"));
    } catch {
      log = undefined;
    }
    return { ...run, log };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A string member of Respect's log as it is; anything else (a member it left out) as "". */
const text = (/** @type {JsonValue | undefined} */ value) => (typeof value === "string" ? value : "");

/**
 * The executed steps of a workflow in the order they ran, goto branches flattened into it. A
 * step Respect retried (a poll of a running job) appears once per attempt; `attempts` counts
 * them and only the last one's outcome counts.
 * @param {JsonRecord} entry
 * @returns {JsonRecord[]}
 */
function flatSteps(entry) {
  /** @type {JsonRecord[]} */
  const out = [];
  for (const item of listOf(entry.executedSteps)) {
    if (!isRecord(item)) continue;
    if (item.type === "workflow") out.push(...flatSteps(item));
    else out.push(item);
  }
  return out;
}

/**
 * One result per workflow run: its status and its steps, each with the operation the document
 * says it calls, the request it made, its attempts, its failed checks (name and message) and the
 * answer's body (Respect has already masked every input of `format: password`).
 * @param {JsonRecord | undefined} log Respect's JSON output
 * @param {JsonRecord} [arazzo]
 * @returns {WorkflowResult[]}
 */
export function workflowResults(log, arazzo = loadArazzo()) {
  /** @type {Map<string, string>} */
  const operationOf = new Map();
  for (const w of listOf(arazzo.workflows)) {
    for (const s of listOf(memberAt(w, "steps"))) {
      const operationId = memberAt(s, "operationId");
      if (typeof operationId === "string") operationOf.set(`${memberAt(w, "workflowId")} ${memberAt(s, "stepId")}`, operationId);
    }
  }
  /** @type {WorkflowResult[]} */
  const results = [];
  for (const [file, report] of Object.entries(recordOf(log?.files))) {
    for (const workflow of listOf(memberAt(report, "executedWorkflows"))) {
      if (!isRecord(workflow)) continue;
      /** @type {StepResult[]} */
      const steps = [];
      for (const attempt of flatSteps(workflow)) {
        const previous = steps.at(-1);
        const statusCode = memberAt(attempt, "response", "statusCode");
        /** @type {StepResult} */
        const step = {
          stepId: text(attempt.stepId),
          operationId: operationOf.get(`${workflow.workflowId} ${attempt.stepId}`),
          method: text(memberAt(attempt, "request", "method")).toUpperCase(),
          url: text(memberAt(attempt, "request", "url")),
          status: text(attempt.status),
          statusCode: typeof statusCode === "number" ? statusCode : undefined,
          body: memberAt(attempt, "response", "body"),
          failedChecks: listOf(attempt.checks)
            .filter((check) => !memberAt(check, "passed"))
            .map((check) => ({ name: text(memberAt(check, "name")), message: text(memberAt(check, "message")) })),
          attempts: 1,
        };
        if (previous && previous.stepId === step.stepId && previous.status !== "success")
          steps[steps.length - 1] = { ...step, attempts: previous.attempts + 1 };
        else steps.push(step);
      }
      const timeMs = typeof workflow.totalTimeMs === "number" ? workflow.totalTimeMs : 0;
      results.push({ file, workflowId: text(workflow.workflowId), status: text(workflow.status), timeMs, steps });
    }
  }
  return results;
}
