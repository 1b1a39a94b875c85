// Upload File, one multipart request under 25 MB or an import session (fileContext `bulkImport`)
// above it, and the two or three files of a tool import uploaded for their ids. Loaded on the
// first file upload (../lazy-modules.ts).
import type { components } from "../../generated/platform.js";
import { ValidationError } from "../../kernel/errors.js";
import { signalOf, type RequestOptions } from "../call-options.js";
import { normalizeUploadedFile, type UploadedFile } from "../normalize/uploaded-file.js";
import type { PlatformApi } from "../request/platform-api.js";
import { resumeChunkedUpload, runChunkedUpload, type ChunkedUploadOptions, type ImportState, type ResumeChunkedUploadOptions } from "./chunked-upload.js";
import { extensionOf, fileInputIssues, fileNameOf, type FileInput } from "./file-input.js";
import { sessionUploadDeps } from "./session-requests.js";
import { needsSession } from "./single-upload-limit.js";
import type { Opened, SourceOpener } from "./source-opener.js";
import { checkUploadSource, type UploadSource } from "./upload-source.js";

type ImportIntoToolRequest = components["schemas"]["ImportIntoToolRequest"];

export interface UploadFileRequest<Path = never> extends FileInput<Path>, RequestOptions, Pick<ChunkedUploadOptions, "chunkSize" | "concurrency" | "onProgress"> {
  /** Default `bulkImport`, what tool import expects. */
  fileContext?: string | undefined;
}

/** `Path` is what the entry accepts besides a Blob or stream: a file path (`string`) on the Node entry. */
export interface ResumeUploadOptions<Path = never> extends Omit<ResumeChunkedUploadOptions, "source"> {
  /** The same bytes as the first run, from the start. */
  source: UploadSource | Path;
}

/** The files of a tool import, by the import's names for them. */
export interface ToolFiles<Path = never> {
  toolData: FileInput<Path>;
  flowData: FileInput<Path>;
  envVariables?: FileInput<Path> | undefined;
}

export async function uploadFile(platform: PlatformApi, request: Opened<UploadFileRequest>): Promise<UploadedFile> {
  const { source, fileContext = "bulkImport", signal, ...rest } = request;
  const issues = [...checkUploadSource(source), ...fileInputIssues(request, "").filter((i) => i.field === "fileName")];
  if (issues.length > 0) throw new ValidationError(issues, "uploadFile");
  const fileName = fileNameOf(request);
  if (source instanceof Blob && !needsSession(source)) {
    const file = source instanceof File && source.name === fileName ? source : new File([source], fileName, { type: source.type });
    const { api, data } = platform;
    return normalizeUploadedFile(data(await api.POST("/api/public/files", { body: { file, fileContext }, ...signalOf(signal) })));
  }
  const { completion } = await runChunkedUpload(sessionUploadDeps(platform), {
    ...rest,
    source,
    fileName,
    fileExtension: extensionOf(fileName),
    fileContext,
    ...(signal ? { signal } : {}),
  });
  return normalizeUploadedFile(completion);
}

/**
 * Continues an Upload File that went through a session and stopped part-way (ImportError.state),
 * sending only the chunks missing; ends, as the first run would have, in the file's id.
 */
export async function resumeUpload(platform: PlatformApi, state: ImportState, options: Opened<ResumeUploadOptions>): Promise<UploadedFile> {
  if (typeof state === "object" && state !== null && state.fileContext === "model") {
    throw new ValidationError([{ field: "state.fileContext", rule: "fileUpload", message: "state.fileContext is model: this state is a model import's, which models.resumeImport continues" }], "uploadImportChunk");
  }
  const { completion } = await resumeChunkedUpload(sessionUploadDeps(platform), state, options);
  return normalizeUploadedFile(completion);
}

/**
 * The files of a tool import, every one opened and checked before the first is uploaded (a bad
 * third file must not leave the first two uploaded and orphaned); their ids, by the import's
 * field names.
 */
export async function uploadToolFiles(
  platform: PlatformApi,
  opener: SourceOpener,
  files: ToolFiles<unknown>,
  required: Array<keyof ToolFiles>,
  signal?: AbortSignal,
) {
  const given = (["toolData", "flowData", "envVariables"] as const).flatMap((name) => {
    const file = files[name];
    return file === undefined ? [] : [[name, file] as const];
  });
  const missing = required.filter((name) => files[name] === undefined).map((name) => ({ field: name, rule: "required", message: `${name} is required` }));
  if (missing.length > 0) throw new ValidationError(missing);
  const opened = await Promise.all(given.map(async ([name, file]) => [name, await opener.openInput(file, ["fileName"])] as const));
  const issues = opened.flatMap(([name, input]) => fileInputIssues(input, name));
  if (issues.length > 0) throw new ValidationError(issues);
  const upload = (input: Opened<FileInput<unknown>>) => uploadFile(platform, { ...input, ...(signal ? { signal } : {}) }).then((f) => f.fileId);
  const ids = await Promise.all(opened.map(async ([name, input]) => [`${name}FileId`, await upload(input)] as const));
  return Object.fromEntries(ids) as { toolDataFileId: string; flowDataFileId: string; envVariablesFileId?: string };
}

/** The three files of an import into an existing tool, all required, as the ids the import takes. */
export async function uploadFilesForImportInto(
  platform: PlatformApi,
  opener: SourceOpener,
  files: Required<ToolFiles<unknown>>,
  signal?: AbortSignal,
): Promise<ImportIntoToolRequest> {
  const ids = await uploadToolFiles(platform, opener, files, ["toolData", "flowData", "envVariables"], signal);
  // All three were required above, so all three ids are here.
  return { toolDataFileId: ids.toolDataFileId, flowDataFileId: ids.flowDataFileId, envVariablesFileId: ids.envVariablesFileId ?? "" };
}
