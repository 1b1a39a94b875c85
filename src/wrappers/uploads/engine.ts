// Everything that sends file bytes, loaded the first time a file is uploaded (../long-running.ts):
// model import and its resume, Upload File's choice between one request and a session, and the
// files of a tool import.
import { ValidationError } from "../errors.js";
import { waitIfAsked } from "../jobs/start-job.js";
import { waitOptionsFrom } from "../jobs/waiter.js";
import type { WaitOptions } from "../jobs/wait-options.js";
import { normalizeJob } from "../normalize/jobs.js";
import { normalizeUploadedFile, type UploadedFile } from "../normalize/uploaded-file.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { ImportModelOptions, ImportResult, ResumeImportOptions } from "../resources/models.js";
import type { ImportIntoToolRequest } from "../resources/tools.js";
import { SINGLE_UPLOAD_LIMIT, type UploadFileRequest } from "../resources/files.js";
import { resumeChunkedUpload, runChunkedUpload, type ImportState } from "./chunked-upload.js";
import { extensionOf, fileInputIssues, fileNameOf, type FileInput } from "./file-input.js";
import { sessionUploadDeps } from "./session.js";
import { checkUploadSource } from "./upload-source.js";

/** Model import: the session, the numbered chunks, the completion, then the job if asked. */
export async function importModel(platform: PlatformApi, options: ImportModelOptions): Promise<ImportResult> {
  const { wait, ...upload } = options;
  // The waiter's options are checked before a byte is sent.
  const waitOptions = waitOptionsFrom(wait);
  const fileName = fileNameOf(upload);
  const fileExtension = upload.fileExtension ?? extensionOf(fileName);
  const { state, completion } = await runChunkedUpload(sessionUploadDeps(platform), { ...upload, fileName, fileExtension, fileContext: "model" });
  return finishImport(platform, completion, state, waitOptions, options.signal);
}

export async function resumeImport(platform: PlatformApi, state: ImportState, options: ResumeImportOptions): Promise<ImportResult> {
  const { wait, ...upload } = options;
  const waitOptions = waitOptionsFrom(wait);
  const result = await resumeChunkedUpload(sessionUploadDeps(platform), state, upload);
  return finishImport(platform, result.completion, result.state, waitOptions, options.signal);
}

async function finishImport(platform: PlatformApi, completion: unknown, state: ImportState, wait: WaitOptions | undefined, signal?: AbortSignal): Promise<ImportResult> {
  const job = await waitIfAsked(platform, normalizeJob(completion), wait, signal);
  return { job, modelId: job.modelId ?? state.modelId, sessionId: state.sessionId, state };
}

export async function uploadFile(platform: PlatformApi, request: UploadFileRequest): Promise<UploadedFile> {
  const { source, fileContext = "bulkImport", signal, ...rest } = request;
  const issues = [...checkUploadSource(source), ...fileInputIssues(request, "").filter((i) => i.field === "fileName")];
  if (issues.length > 0) throw new ValidationError(issues, "uploadFile");
  const fileName = fileNameOf(request);
  if (source instanceof Blob && source.size < SINGLE_UPLOAD_LIMIT) {
    const file = source instanceof File && source.name === fileName ? source : new File([source], fileName, { type: source.type });
    const { api, data } = platform;
    return normalizeUploadedFile(data(await api.POST("/api/public/files", { body: { file, fileContext }, signal })));
  }
  const { completion } = await runChunkedUpload(sessionUploadDeps(platform), { ...rest, source, fileName, fileExtension: extensionOf(fileName), fileContext, ...(signal ? { signal } : {}) });
  return normalizeUploadedFile(completion);
}

export interface ToolFiles {
  toolData: FileInput;
  flowData: FileInput;
  envVariables?: FileInput | undefined;
}

/**
 * The files of a tool import, every one checked before the first is uploaded (a bad third file
 * must not leave the first two uploaded and orphaned); their ids, by the import's field names.
 */
export async function uploadToolFiles(platform: PlatformApi, files: ToolFiles, required: Array<keyof ToolFiles>, signal?: AbortSignal) {
  const present = (["toolData", "flowData", "envVariables"] as const).flatMap((name) => (files[name] === undefined ? [] : [[name, files[name]] as const]));
  const issues = [
    ...required.filter((name) => files[name] === undefined).map((name) => ({ field: name, rule: "required", message: `${name} is required` })),
    ...present.flatMap(([name, input]) => fileInputIssues(input, name)),
  ];
  if (issues.length > 0) throw new ValidationError(issues);
  const upload = (input: FileInput) => uploadFile(platform, { ...input, ...(signal ? { signal } : {}) }).then((f) => f.fileId);
  const ids = await Promise.all(present.map(async ([name, input]) => [`${name}FileId`, await upload(input)] as const));
  return Object.fromEntries(ids) as { toolDataFileId: string; flowDataFileId: string; envVariablesFileId?: string };
}

/** The three files of an import into an existing tool, all required, as the ids the import takes. */
export async function uploadFilesForImportInto(platform: PlatformApi, files: Required<ToolFiles>, signal?: AbortSignal): Promise<ImportIntoToolRequest> {
  const ids = await uploadToolFiles(platform, files, ["toolData", "flowData", "envVariables"], signal);
  // All three were required above, so all three ids are here.
  return { toolDataFileId: ids.toolDataFileId, flowDataFileId: ids.flowDataFileId, envVariablesFileId: ids.envVariablesFileId ?? "" };
}
