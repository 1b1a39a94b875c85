// Upload File: one multipart request under 25 MB, the import session (fileContext `bulkImport`)
// above it, as the vendor's public reference prescribes. Either way the result is a fileId.
import type { Core } from "./core.js";
import type { ChunkedUploadOptions } from "./chunked-upload.js";
import { UnexpectedResponseError, ValidationError, type ValidationIssue } from "./errors.js";
import type { RequestOptions } from "./job-calls.js";
import { sessionUploadDeps } from "./session-upload.js";
import type { UploadSource } from "./upload-source.js";

// The upload engine is loaded when a file is first uploaded: most programs never upload one,
// and it is a large part of the client.
export const uploadEngine = () => Promise.all([import("./chunked-upload.js"), import("./upload-source.js")]).then(([engine, source]) => ({ ...engine, ...source }));

/** "Under 25 MB": decimal megabytes, the smaller reading, so a file near the limit takes the session. */
export const SINGLE_UPLOAD_LIMIT = 25_000_000;

export interface FileInput {
  source: UploadSource;
  /** Required unless `source` is a File with a name. */
  fileName?: string;
}

export interface UploadFileRequest extends FileInput, RequestOptions, Pick<ChunkedUploadOptions, "chunkSize" | "concurrency" | "onProgress"> {
  fileContext?: string;
}

export interface UploadedFile {
  fileId: string;
  url?: string;
  raw: unknown;
}

export type FilesApi = ReturnType<typeof filesApi>;

/** What is wrong with a file input, each field named under `prefix` (e.g. `flowData.source.size`). */
export async function fileInputIssues(input: FileInput | undefined, prefix: string): Promise<ValidationIssue[]> {
  if (!input || typeof input !== "object") return [{ field: prefix, rule: "required", message: `${prefix} must be { source, fileName }` }];
  const { checkUploadSource } = await uploadEngine();
  const issues = checkUploadSource(input.source, `${prefix}.source`);
  try {
    fileNameOf(input);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    issues.push(...error.issues.map((i) => ({ ...i, field: `${prefix}.${i.field}`, message: `${prefix}.${i.message}` })));
  }
  return issues;
}

export function fileNameOf(input: FileInput): string {
  const name = input.fileName ?? (typeof File !== "undefined" && input.source instanceof File ? input.source.name : undefined);
  if (!name || !name.trim()) throw new ValidationError([{ field: "fileName", rule: "required", message: "fileName is required unless the source is a named File" }]);
  return name;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 || dot === fileName.length - 1) {
    throw new ValidationError([{ field: "fileExtension", rule: "required", message: `fileExtension is required: "${fileName}" has none` }]);
  }
  return fileName.slice(dot + 1);
}

export function filesApi(core: Core) {
  return {
    async upload(request: UploadFileRequest): Promise<UploadedFile> {
      const { source, fileContext = "bulkImport", signal, ...rest } = request;
      const { checkUploadSource, runChunkedUpload } = await uploadEngine();
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
    },
    /** Whether `upload` would use the session (true) or a single request, for a source of this size. */
    usesSession(source: UploadSource): boolean {
      return !(source instanceof Blob) || source.size >= SINGLE_UPLOAD_LIMIT;
    },
  };
}

function uploadedFile(data: unknown): UploadedFile {
  const record = data as { fileId?: unknown; url?: unknown } | null;
  const fileId = typeof record?.fileId === "string" ? record.fileId.trim() : "";
  if (!fileId) throw new UnexpectedResponseError("the upload answered without a fileId", data);
  return { fileId, ...(typeof record!.url === "string" ? { url: record!.url.trim() } : {}), raw: data };
}
