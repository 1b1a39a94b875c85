// Upload File: one multipart request under 25 MB, the import session (fileContext `bulkImport`)
// above it, as the vendor's public reference prescribes. Either way the result is a fileId.
import type { Core } from "../core.js";
import type { ChunkedUploadOptions } from "../uploads/chunked-upload.js";
import { ValidationError } from "../errors.js";
import type { RequestOptions } from "../jobs/start-job.js";
import type { UploadSource } from "../uploads/upload-source.js";

// The upload engine is loaded when a file is first uploaded: most programs never upload one,
// and it is a large part of the client.
export const uploadEngine = () => import("../uploads/engine.js");

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
      return (await uploadEngine()).uploadFile(core, request);
    },
    /** Whether `upload` would use the session (true) or a single request, for a source of this size. */
    usesSession(source: UploadSource): boolean {
      return !(source instanceof Blob) || source.size >= SINGLE_UPLOAD_LIMIT;
    },
  };
}
