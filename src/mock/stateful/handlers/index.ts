// One handler per operation of the spec. Typed by the generated table, so an operation added to
// the spec without a handler here fails the type check rather than answering 404 at run time.
import type { OperationId } from "../../../generated/operations.js";
import type { Handler } from "../context.js";
import { deleteAttachment, uploadAttachment } from "./attachments.js";
import { deleteChunksById, listChunks, updateChunk } from "./chunks.js";
import { createConnection, getConnection, listConnections, replaceConnection, updateConnection } from "./connections.js";
import { uploadFile } from "./files.js";
import { deployGuardrail, undeployGuardrail } from "./guardrails.js";
import { completeImportSession, startImportSession, uploadImportChunk } from "./imports.js";
import { getDockStatus } from "./jobs.js";
import { deployModel, exportModel, undeployModel } from "./models.js";
import { deployTool, exportTool, importIntoTool, importTool, undeployTool } from "./tools.js";

export const handlers: Record<OperationId, Handler> = {
  listConnections,
  createConnection,
  getConnection,
  replaceConnection,
  updateConnection,
  listChunks,
  updateChunk,
  deleteChunksById,
  startImportSession,
  uploadImportChunk,
  completeImportSession,
  deployModel,
  undeployModel,
  exportModel,
  importTool,
  importIntoTool,
  exportTool,
  deployTool,
  undeployTool,
  deployGuardrail,
  undeployGuardrail,
  uploadAttachment,
  deleteAttachment,
  getDockStatus,
  uploadFile,
};
