// The Arazzo document (openapi/platform.arazzo.yaml) read as data: its workflows, the operation
// each step calls, and the order in which a workflow's calls reach the service. The linters, the
// spec diff, the docs and the tests that hold the client, the CLI and the MCP server to the same
// flows all read it through here, so none of them keeps its own copy of a flow.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import { REPO_ROOT, listOperations, loadSpec } from "./spec.mjs";

export const DEFAULT_ARAZZO = "openapi/platform.arazzo.yaml";

/** The document's path: PLATFORM_ARAZZO overrides it (a candidate under review), as PLATFORM_SPEC does the spec's. */
export function arazzoPath() {
  return resolve(REPO_ROOT, process.env.PLATFORM_ARAZZO ?? DEFAULT_ARAZZO);
}

export function loadArazzo(file = arazzoPath()) {
  return parse(readFileSync(file, "utf8"));
}

/** A workflow's inputs schema, its `$ref` into components followed: `{ properties, required }`. */
export function workflowInputs(arazzo, workflowId) {
  const workflow = (arazzo.workflows ?? []).find((w) => w.workflowId === workflowId);
  if (!workflow) throw new Error(`no workflow ${workflowId} in the Arazzo document`);
  let schema = workflow.inputs ?? {};
  if (typeof schema.$ref === "string") {
    const name = /^#\/components\/inputs\/(.+)$/.exec(schema.$ref)?.[1];
    schema = name === undefined ? undefined : arazzo.components?.inputs?.[name];
    if (!schema) throw new Error(`${workflowId}: inputs $ref ${workflow.inputs.$ref} names no components.inputs entry`);
  }
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/** The steps of a workflow that call an operation of the spec, with where they sit in the document. */
export function operationSteps(workflow) {
  return (workflow.steps ?? []).flatMap((step, index) => (typeof step.operationId === "string" ? [{ stepId: step.stepId, operationId: step.operationId, index }] : []));
}

/** operationId → the workflows (by id) whose steps call it, in document order. */
export function workflowsByOperation(arazzo) {
  const uses = new Map();
  for (const workflow of arazzo.workflows ?? []) {
    for (const { operationId } of operationSteps(workflow)) {
      const list = uses.get(operationId) ?? [];
      if (!list.includes(workflow.workflowId)) list.push(workflow.workflowId);
      uses.set(operationId, list);
    }
  }
  return uses;
}

const gotoTargets = (step) => (step.onSuccess ?? []).filter((action) => action.type === "goto" && action.stepId).map((action) => action.stepId);
const ends = (step, components) =>
  [...(step.onSuccess ?? [])].some((action) => (action.reference ? components?.successActions?.[action.reference.split(".").pop()]?.type : action.type) === "end");

/**
 * The calls a workflow makes, as operationIds in order, with an operation called several times
 * in a row (chunks sent one after the other, polls of a job, pages of a list) counted once: what
 * a flow in code must match whatever the size of its file or the speed of its jobs. Branches are
 * followed as Respect runs them: a step with `goto` actions goes on at one of its targets (they
 * are alternatives for the same call, such as the two spellings of a job id, and must agree once
 * repeats are folded), a step that ends the workflow stops it, and any other goes on to the next.
 */
export function callSequence(arazzo, workflowId) {
  const workflow = (arazzo.workflows ?? []).find((w) => w.workflowId === workflowId);
  if (!workflow) throw new Error(`no workflow ${workflowId} in the Arazzo document`);
  const steps = workflow.steps ?? [];
  const at = (stepId) => {
    const index = steps.findIndex((s) => s.stepId === stepId);
    if (index === -1) throw new Error(`${workflowId}: goto names no step ${stepId}`);
    return index;
  };
  const walk = (index, seen) => {
    if (index >= steps.length) return [];
    if (seen.has(index)) throw new Error(`${workflowId}: step ${steps[index].stepId} is reached again (a loop)`);
    const step = steps[index];
    const here = typeof step.operationId === "string" ? [step.operationId] : [];
    const next = new Set([...seen, index]);
    if (ends(step, arazzo.components)) return here;
    const targets = gotoTargets(step);
    if (targets.length === 0) return [...here, ...walk(index + 1, next)];
    const [first, ...others] = targets.map((target) => fold([...here, ...walk(at(target), next)]));
    for (const other of others) {
      if (other.join() !== first.join()) throw new Error(`${workflowId}: the branches of step ${step.stepId} make different calls (${first.join(", ")} / ${other.join(", ")})`);
    }
    return first;
  };
  return fold(walk(0, new Set()));
}

/** Consecutive repeats of one call counted once. */
export function fold(calls) {
  return calls.filter((call, i) => call !== calls[i - 1]);
}

/** The same sequence as method and path template, from the spec: what a request log shows. */
export function callsAsRequests(arazzo, workflowId, spec = loadSpec()) {
  const byId = new Map(listOperations(spec).map((op) => [op.operationId, op]));
  return callSequence(arazzo, workflowId).map((operationId) => {
    const op = byId.get(operationId);
    if (!op) throw new Error(`${workflowId} calls ${operationId}, which the spec does not have`);
    return { operationId, method: op.method.toUpperCase(), path: op.path };
  });
}
