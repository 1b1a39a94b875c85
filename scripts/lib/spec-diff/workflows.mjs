// Which workflows of the Arazzo document (openapi/platform.arazzo.yaml) a spec change reaches: a
// workflow calls operations by operationId, so a change to one of them may break the flow, and an
// operationId the head no longer has (removed, or renamed) breaks it for sure. Read off the
// report's changes, so it says nothing the differ did not find.
import { isRecord } from "../json-members.mjs";
import { workflowsByOperation } from "../arazzo.mjs";
import { highest } from "./levels.mjs";
import { indexOperations } from "./operation-index.mjs";

/**
 * @typedef {import("../json-types.ts").JsonRecord} JsonRecord
 * @typedef {import("./operation-index.mjs").OperationRef} OperationRef
 * @typedef {{ operationId: string, level: string, changes: number, missing: boolean }} OperationImpact
 * @typedef {{ workflowId: string, level: string, operations: OperationImpact[] }} WorkflowImpact
 */

/**
 * One entry per workflow that calls a changed or missing operation, in the document's order:
 * its highest level (a missing operation counts as major) and, per operation it calls, how many
 * changes at which level, or `missing: true`.
 * @param {JsonRecord} arazzo @param {Array<{ operation: OperationRef | null, level: string }>} changes the report's
 * @param {JsonRecord} headSpec
 * @returns {WorkflowImpact[]}
 */
export function workflowImpact(arazzo, changes, headSpec) {
  const headIds = new Set([...indexOperations(headSpec).values()].map((entry) => entry.id).filter(Boolean));
  const byOperation = workflowsByOperation(arazzo);
  /** @type {Map<string, WorkflowImpact>} */
  const impact = new Map();
  for (const [operationId, workflowIds] of byOperation) {
    const missing = !headIds.has(operationId);
    // A change is about this operation when it names it on either side: a rename is reported
    // under the head's id, and the base's id is then missing from the head.
    const found = changes.filter((c) => c.operation?.id === operationId);
    if (!missing && found.length === 0) continue;
    const entry = { operationId, level: missing ? "major" : highest(found.map((c) => c.level)), changes: found.length, missing };
    for (const workflowId of workflowIds) {
      const record = impact.get(workflowId) ?? { workflowId, level: "none", operations: [] };
      record.operations.push(entry);
      record.level = highest([record.level, entry.level]);
      impact.set(workflowId, record);
    }
  }
  const order = (Array.isArray(arazzo.workflows) ? arazzo.workflows : []).map((w) => (isRecord(w) ? w.workflowId : undefined));
  return [...impact.values()].sort((a, b) => order.indexOf(a.workflowId) - order.indexOf(b.workflowId));
}
