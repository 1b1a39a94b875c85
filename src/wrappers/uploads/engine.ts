// Everything that sends file bytes, loaded the first time a file is uploaded (./files.ts): the
// chunked engine, the source checks, model import, Upload File's choice between one request and
// a session, and the files of a tool import.
import type { ImportState } from "./chunked-upload.js";
import type { Core } from "../core.js";
import { UnexpectedResponseError, ValidationError, type ValidationIssue } from "../errors.js";
import { extensionOf, fileNameOf, SINGLE_UPLOAD_LIMIT, type FileInput, type FilesApi, type UploadedFile, type UploadFileRequest } from "../resources/files.js";
import type { ImportToolFromFiles } from "../resources/tools.js";
import { resumeChunkedUpload, runChunkedUpload } from "./chunked-upload.js";
import type { ImportModelOptions, ImportResult, ResumeImportOptions } from "../resources/model-import.js";
import { waitIfAsked } from "../jobs/start-job.js";
import { waitOptionsFrom, type WaitOptions } from "../jobs/load-waiter.js";
import { normalizeJob } from "../normalize/records.js";
import { sessionUploadDeps } from "./session.js";
import { checkUploadSource } from "./upload-source.js";


/** Model import: the session, the numbered chunks, the completion, then the job if asked. */
export async function importModel(core: Core, options: ImportModelOptions): Promise<ImportResult> {
  const { wait, ...upload } = options;
  // The waiter's options are checked before a byte is sent.
  const waitOptions = await waitOptionsFrom(wait);
  const fileExtension = upload.fileExtension ?? extensionOf(upload.fileName);
  const { state, completion } = await runChunkedUpload(sessionUploadDeps(core), { ...upload, fileExtension, fileContext: "model" });
  return finishImport(core, completion, state, waitOptions, options.signal);
}

export async function resumeImport(core: Core, state: ImportState, options: ResumeImportOptions): Promise<ImportResult> {
  const { wait, ...upload } = options;
  const waitOptions = await waitOptionsFrom(wait);
  const result = await resumeChunkedUpload(sessionUploadDeps(core), state, upload);
  return finishImport(core, result.completion, result.state, waitOptions, options.signal);
}

async function finishImport(core: Core, completion: unknown, state: ImportState, wait: WaitOptions | undefined, signal?: AbortSignal): Promise<ImportResult> {
  const job = await waitIfAsked(core, normalizeJob(completion), wait, signal);
  return { job, modelId: job.modelId ?? state.modelId, sessionId: state.sessionId, state };
}

export async function uploadFile(core: Core, request: UploadFileRequest): Promise<UploadedFile> {
  const { source, fileContext = "bulkImport", signal, ...rest } = request;
  const issues = checkUploadSource(source);
  if (issues.length > 0) throw new ValidationError(issues, "uploadFile");
  const fileName = fileNameOf(request);
  if (source instanceof Blob && source.size < SINGLE_UPLOAD_LIMIT) {
    const file = new File([source], fileName, { type: source.type });
    const { data } = await core.call("uploadFile", { body: { file, fileContext }, signal });
    return uploadedFile(data);
  }
  const { completion } = await runChunkedUpload(sessionUploadDeps(core), {
    ...rest,
    source,
    fileName,
    fileExtension: extensionOf(fileName),
    fileContext,
    signal,
  });
  return uploadedFile(completion);
}

/** What is wrong with a file input, each field named under `prefix` (e.g. `flowData.source.size`). */
export function fileInputIssues(input: FileInput | undefined, prefix: string): ValidationIssue[] {
  if (!input || typeof input !== "object") return [{ field: prefix, rule: "required", message: `${prefix} must be { source, fileName }` }];
  const issues = checkUploadSource(input.source, `${prefix}.source`);
  try {
    fileNameOf(input);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    issues.push(...error.issues.map((i) => ({ ...i, field: `${prefix}.${i.field}`, message: `${prefix}.${i.message}` })));
  }
  return issues;
}

/** The files of a tool import, every one checked before the first is uploaded; their ids. */
export async function uploadToolFiles(core: Core, files: FilesApi, request: ImportToolFromFiles) {
  const { toolName, toolData, flowData, envVariables, signal } = request;
  // A bad third file must not leave the first two uploaded and orphaned.
  await core.validate("importTool", { body: { toolName, toolDataFileId: "pending", flowDataFileId: "pending" } });
  const inputs = { toolData, flowData, ...(envVariables ? { envVariables } : {}) };
  const issues = Object.entries(inputs).flatMap(([name, input]) => fileInputIssues(input, name));
  if (issues.length > 0) throw new ValidationError(issues, "importTool");
  const upload = (input: FileInput) => files.upload({ ...input, signal }).then((f) => f.fileId);
  const [toolDataFileId, flowDataFileId, envVariablesFileId] = await Promise.all([upload(toolData), upload(flowData), envVariables ? upload(envVariables) : undefined]);
  return { toolDataFileId, flowDataFileId, ...(envVariablesFileId ? { envVariablesFileId } : {}) };
}

function uploadedFile(data: unknown): UploadedFile {
  const record = data as { fileId?: unknown; url?: unknown } | null;
  const fileId = typeof record?.fileId === "string" ? record.fileId.trim() : "";
  if (!fileId) throw new UnexpectedResponseError("the upload answered without a fileId", data);
  return { fileId, ...(typeof record!.url === "string" ? { url: record!.url.trim() } : {}), raw: data };
}
