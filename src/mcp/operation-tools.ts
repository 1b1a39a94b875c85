// Which tool offers each operation of the spec. Keyed by every OperationId: an operation added
// to the spec does not compile until it is given a tool here or is left out with a reason. A
// tool's idempotentHint comes from this table too: it is idempotent when every operation it
// offers is one the spec marks x-retry-safe (sending it twice cannot do anything twice).
import { operations, type OperationId } from "../generated/operations.js";

export type ToolName =
  | "list_connections"
  | "get_connection"
  | "create_connection"
  | "update_connection"
  | "replace_connection"
  | "list_chunks"
  | "update_chunk"
  | "delete_chunks"
  | "import_model"
  | "resume_model_import"
  | "deploy_model"
  | "export_model"
  | "import_tool"
  | "export_tool"
  | "deploy_tool"
  | "deploy_guardrail"
  | "undeploy"
  | "upload_attachment"
  | "delete_attachment"
  | "wait_for_job";

/** An operation no tool offers, and why. */
export interface LeftOut {
  leftOut: string;
}

export const OPERATION_TOOLS = {
  listConnections: ["list_connections"],
  createConnection: ["create_connection"],
  getConnection: ["get_connection"],
  replaceConnection: ["replace_connection"],
  updateConnection: ["update_connection"],
  listChunks: ["list_chunks"],
  updateChunk: ["update_chunk"],
  deleteChunksById: ["delete_chunks"],
  // The three steps of a session are one import for an agent: a file path in, a job out.
  startImportSession: ["import_model"],
  uploadImportChunk: ["import_model", "resume_model_import"],
  completeImportSession: ["import_model", "resume_model_import"],
  deployModel: ["deploy_model"],
  undeployModel: ["undeploy"],
  exportModel: ["export_model"],
  importTool: ["import_tool"],
  importIntoTool: ["import_tool"],
  exportTool: ["export_tool"],
  deployTool: ["deploy_tool"],
  undeployTool: ["undeploy"],
  deployGuardrail: ["deploy_guardrail"],
  undeployGuardrail: ["undeploy"],
  uploadAttachment: ["upload_attachment"],
  deleteAttachment: ["delete_attachment"],
  getDockStatus: ["wait_for_job"],
  // Its only use is the file ids of a tool import, and import_tool uploads the files it is given.
  uploadFile: ["import_tool"],
} as const satisfies Record<OperationId, readonly ToolName[] | LeftOut>;

/** The operations a tool offers. */
export function operationsOf(tool: ToolName): OperationId[] {
  return (Object.entries(OPERATION_TOOLS) as Array<[OperationId, readonly ToolName[] | LeftOut]>).flatMap(([id, tools]) =>
    Array.isArray(tools) && tools.includes(tool) ? [id] : [],
  );
}

/**
 * True when the tool overwrites what is there: an operation it offers is a PUT (what the body
 * leaves out is cleared), a PATCH, or an update by another method (updateChunk is a POST), where
 * what it names replaces the old value. Calling again cannot undo that, so MCP's destructiveHint
 * holds for it as for a delete (consent stays for the deletes and undeploys).
 */
export function overwrites(tool: ToolName): boolean {
  return operationsOf(tool).some((id) => operations[id].method === "put" || operations[id].method === "patch" || /^(update|replace)[A-Z]/.test(id));
}

/** True when every operation the tool offers is x-retry-safe in the spec. */
export function isIdempotent(tool: ToolName): boolean {
  const offered = operationsOf(tool);
  return offered.length > 0 && offered.every((id) => operations[id].retrySafe);
}
