// Which command reaches each operation of the spec. Typed by the generated operation table, so an
// operation added to the spec does not compile until it has a command; a test checks that every
// command named here exists.
import type { OperationId } from "../generated/operations.js";

export const OPERATION_COMMANDS: Readonly<Record<OperationId, string>> = {
  listConnections: "connections list",
  createConnection: "connections create",
  getConnection: "connections get",
  updateConnection: "connections update",
  replaceConnection: "connections replace",
  listChunks: "chunks list",
  updateChunk: "chunks update",
  deleteChunksById: "chunks delete",
  startImportSession: "models import",
  uploadImportChunk: "models import",
  completeImportSession: "models import",
  deployModel: "models deploy",
  undeployModel: "models undeploy",
  exportModel: "models export",
  importTool: "tools import",
  importIntoTool: "tools import-into",
  exportTool: "tools export",
  deployTool: "tools deploy",
  undeployTool: "tools undeploy",
  deployGuardrail: "guardrails deploy",
  undeployGuardrail: "guardrails undeploy",
  uploadAttachment: "attachments upload",
  deleteAttachment: "attachments delete",
  getDockStatus: "jobs get",
  uploadFile: "files upload",
};
