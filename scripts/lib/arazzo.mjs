// The Arazzo document (openapi/platform.arazzo.yaml) read as data: its workflows, the operation
// each step calls, and the order in which a workflow's calls reach the service. The linters, the
// spec diff, the docs and the tests that hold the client, the CLI and the MCP server to the same
// flows all read it through here, so none of them keeps its own copy of a flow.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import { isRecord, listOf, memberAt, recordOf } from "./json-members.mjs";
import { REPO_ROOT, listOperations, loadSpec } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */

export const DEFAULT_ARAZZO = "openapi/platform.arazzo.yaml";

/** The document's path: PLATFORM_ARAZZO overrides it (a candidate under review), as PLATFORM_SPEC does the spec's. */
export function arazzoPath() {
  return resolve(REPO_ROOT, process.env.PLATFORM_ARAZZO ?? DEFAULT_ARAZZO);
}

/** @returns {import("./json-types.ts").JsonRecord} */
export function loadArazzo(file = arazzoPath()) {
  return parse(readFileSync(file, "utf8"));
}

/**
 * The workflow of that id.
 * @param {JsonRecord} arazzo
 * @param {string} workflowId
 * @returns {JsonRecord}
 */
function workflowOf(arazzo, workflowId) {
  const workflow = listOf(arazzo.workflows).find((w) => memberAt(w, "workflowId") === workflowId);
  if (!isRecord(workflow)) throw new Error(`no workflow ${workflowId} in the Arazzo document`);
  return workflow;
}

/**
 * A workflow's inputs schema, its `$ref` into components followed: `{ properties, required }`.
 * @param {JsonRecord} arazzo
 * @param {string} workflowId
 * @returns {{ properties: JsonRecord, required: string[] }}
 */
export function workflowInputs(arazzo, workflowId) {
  const workflow = workflowOf(arazzo, workflowId);
  /** @type {JsonValue | undefined} */
  let schema = workflow.inputs ?? {};
  const ref = memberAt(schema, "$ref");
  if (typeof ref === "string") {
    const name = /^#\/components\/inputs\/(.+)$/.exec(ref)?.[1];
    schema = name === undefined ? undefined : memberAt(arazzo, "components", "inputs", name);
    if (!schema) throw new Error(`${workflowId}: inputs $ref ${ref} names no components.inputs entry`);
  }
  return { properties: recordOf(memberAt(schema, "properties")), required: listOf(memberAt(schema, "required")).filter((name) => typeof name === "string") };
}

/**
 * The steps of a workflow that call an operation of the spec, with where they sit in the document.
 * @param {JsonRecord} workflow
 * @returns {{ stepId: string, operationId: string, index: number }[]}
 */
export function operationSteps(workflow) {
  return listOf(workflow.steps).flatMap((step, index) => {
    const operationId = memberAt(step, "operationId");
    return typeof operationId === "string" ? [{ stepId: String(memberAt(step, "stepId")), operationId, index }] : [];
  });
}

/**
 * operationId → the workflows (by id) whose steps call it, in document order.
 * @param {JsonRecord} arazzo
 */
export function workflowsByOperation(arazzo) {
  /** @type {Map<string, string[]>} */
  const uses = new Map();
  for (const workflow of listOf(arazzo.workflows)) {
    if (!isRecord(workflow)) continue;
    const workflowId = String(workflow.workflowId);
    for (const { operationId } of operationSteps(workflow)) {
      const list = uses.get(operationId) ?? [];
      if (!list.includes(workflowId)) list.push(workflowId);
      uses.set(operationId, list);
    }
  }
  return uses;
}

/** @type {(step: JsonValue | undefined) => string[]} */
const gotoTargets = (step) =>
  listOf(memberAt(step, "onSuccess")).flatMap((action) => {
    const stepId = memberAt(action, "stepId");
    return memberAt(action, "type") === "goto" && stepId ? [String(stepId)] : [];
  });

/**
 * The step's `end` success action, its reusable component looked up: { conditional } or undefined.
 * @param {JsonValue | undefined} step
 * @param {JsonValue | undefined} components
 */
function endAction(step, components) {
  for (const action of listOf(memberAt(step, "onSuccess"))) {
    const reference = memberAt(action, "reference");
    const resolved = reference ? memberAt(components, "successActions", String(String(reference).split(".").pop())) : action;
    if (memberAt(resolved, "type") === "end") return { conditional: listOf(memberAt(resolved, "criteria")).length > 0 };
  }
  return undefined;
}

/**
 * Every sequence of calls a workflow can make, as operationIds in order, with an operation called
 * several times in a row (chunks sent one after the other, polls of a job, pages of a list)
 * counted once: what a flow in code must match, whatever the size of its file or the speed of its
 * jobs. Branches are followed as Respect runs them: a step with `goto` actions goes on at one of
 * their targets (alternatives such as the two spellings of a job id, which make the same calls),
 * an `end` action stops the workflow (one with criteria may, so both ways count: a job that
 * answers finished at once is not polled), and any other step goes on to the next.
 * @param {JsonRecord} arazzo
 * @param {string} workflowId
 */
export function callSequences(arazzo, workflowId) {
  const steps = listOf(workflowOf(arazzo, workflowId).steps);
  const at = (/** @type {string} */ stepId) => {
    const index = steps.findIndex((s) => memberAt(s, "stepId") === stepId);
    if (index === -1) throw new Error(`${workflowId}: goto names no step ${stepId}`);
    return index;
  };
  /** @type {(index: number, seen: Set<number>) => string[][]} */
  const walk = (index, seen) => {
    if (index >= steps.length) return [[]];
    const step = steps[index];
    if (seen.has(index)) throw new Error(`${workflowId}: step ${memberAt(step, "stepId")} is reached again (a loop)`);
    const operationId = memberAt(step, "operationId");
    const here = typeof operationId === "string" ? [operationId] : [];
    const next = new Set([...seen, index]);
    const end = endAction(step, arazzo.components);
    if (end && !end.conditional) return [here];
    const targets = gotoTargets(step);
    const onwards = targets.length === 0 ? walk(index + 1, next) : targets.flatMap((target) => walk(at(target), next));
    return [...(end ? [here] : []), ...onwards.map((rest) => [...here, ...rest])];
  };
  const distinct = new Map(walk(0, new Set()).map((calls) => fold(calls)).map((calls) => /** @type {[string, string[]]} */ ([calls.join(" "), calls])));
  return [...distinct.values()];
}

/**
 * The workflow's calls when it runs to its end (the longest of its sequences).
 * @param {JsonRecord} arazzo
 * @param {string} workflowId
 */
export function callSequence(arazzo, workflowId) {
  return callSequences(arazzo, workflowId).reduce((longest, calls) => (calls.length > longest.length ? calls : longest));
}

/**
 * Consecutive repeats of one call counted once.
 * @template T
 * @param {T[]} calls
 */
export function fold(calls) {
  return calls.filter((call, i) => call !== calls[i - 1]);
}

/**
 * Each of those sequences as method and path template, from the spec: what a request log shows.
 * @param {JsonRecord} arazzo
 * @param {string} workflowId
 */
export function callsAsRequests(arazzo, workflowId, spec = loadSpec()) {
  const byId = new Map(listOperations(spec).map((op) => [op.operationId, op]));
  return callSequences(arazzo, workflowId).map((calls) =>
    calls.map((operationId) => {
      const op = byId.get(operationId);
      if (!op) throw new Error(`${workflowId} calls ${operationId}, which the spec does not have`);
      return { operationId, method: op.method.toUpperCase(), path: op.path };
    }),
  );
}
