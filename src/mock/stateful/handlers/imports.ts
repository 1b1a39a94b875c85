// Model import (and bulkImport) sessions: start, numbered chunks that accumulate as sizes and
// digests, completion that checks every chunk arrived and the bytes add up, expiry enforced at
// expirationDate.
import { present } from "../../../kernel/present.js";
import { serviceError, type Answer } from "../contract/problems.js";
import { pathParam, type Call, type Handler, type MockContext } from "../context.js";
import type { FilePart } from "../http/multipart-stream.js";
import { completionCheck, MAX_TOTAL_CHUNKS, type ImportSession } from "../state/import-sessions.js";
import { answerStartedJob } from "./job-records.js";

// The reference: a session started for `bulkImport` completes with a file record, not a job.
const FILE_CONTEXT_BULK = "bulkImport";

export const startImportSession: Handler = (context, call) => {
  const request = call.body as { fileContext: string; totalChunks: number; fileExtension: string; fileName: string; fileSize: number; isAdapter?: boolean };
  if (request.totalChunks > MAX_TOTAL_CHUNKS) {
    return serviceError(call.operationId, 400, `totalChunks ${request.totalChunks} is over this mock's limit of ${MAX_TOTAL_CHUNKS} chunks per session`);
  }
  const isModel = request.fileContext !== FILE_CONTEXT_BULK;
  const session: ImportSession = {
    sessionId: context.id(""),
    fileContext: request.fileContext,
    fileName: request.fileName,
    fileExtension: request.fileExtension,
    fileSize: request.fileSize,
    totalChunks: request.totalChunks,
    isAdapter: request.isAdapter ?? false,
    modelId: isModel ? context.id("cm-") : undefined,
    expiresAt: context.now() + context.settings.sessionTtlMs,
    chunks: new Map(),
    completed: false,
  };
  context.sessions.add(session);
  return {
    status: 200,
    body: { sessionId: session.sessionId, expirationDate: new Date(session.expiresAt).toISOString(), ...(session.modelId ? { modelId: session.modelId } : {}) },
  };
};

/** The session the path names, or the error answer the service would give. */
function openSession(context: MockContext, call: Call): ImportSession | Answer {
  const session = context.sessions.get(pathParam(call, "sessionId"));
  if (!session) return serviceError(call.operationId, 404, `Upload session ${call.params.sessionId} not found`);
  if (session.completed) return serviceError(call.operationId, 400, "Upload session is already completed");
  if (context.now() >= session.expiresAt) return serviceError(call.operationId, 400, `Upload session expired at ${new Date(session.expiresAt).toISOString()}`);
  return session;
}
const isAnswer = (value: ImportSession | Answer): value is Answer => "status" in value;

export const uploadImportChunk: Handler = (context, call) => {
  const session = openSession(context, call);
  if (isAnswer(session)) return session;
  const { file, chunkNumber } = call.body as { file: FilePart; chunkNumber: number };
  if (chunkNumber >= session.totalChunks) {
    return serviceError(call.operationId, 400, `chunkNumber ${chunkNumber} is out of range: the session has chunks 0 to ${session.totalChunks - 1}`);
  }
  // A chunk sent again (a retry) replaces the earlier copy: nothing is counted twice.
  session.chunks.set(chunkNumber, { size: file.size, sha256: file.sha256 });
  return { status: 200, body: { chunkNumber, sessionId: session.sessionId } };
};

export const completeImportSession: Handler = (context, call) => {
  const session = openSession(context, call);
  if (isAnswer(session)) return session;
  const check = completionCheck(session);
  if (!check.ok) return serviceError(call.operationId, 400, check.reason);
  session.completed = true;

  if (session.modelId === undefined) {
    const fileId = context.objectId();
    context.files.add({ fileId, fileName: session.fileName, fileContext: session.fileContext, size: session.fileSize, chunks: check.chunks });
    return { status: 200, body: { url: `${context.baseUrl}/__mock/files/${fileId}`, fileId } };
  }
  const model = { modelId: session.modelId, fileName: session.fileName, fileSize: session.fileSize, chunks: check.chunks, state: "importing" as const };
  context.models.add({ ...model });
  return answerStartedJob(context, {
    jobType: "MODELS",
    action: "IMPORT",
    subject: { modelId: model.modelId },
    onSuccess: () => {
      present(context.models.get(model.modelId), `stored model ${model.modelId}`).state = "ready";
    },
  });
};
