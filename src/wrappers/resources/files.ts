// The Files tag: Upload File, one multipart request under 25 MB, or the import session
// (fileContext `bulkImport`) above it, as the vendor's public reference prescribes. Either way
// the result is a fileId that tool import takes.
import { ValidationError } from "../errors.js";
import { optionsRecord, unknownKeyIssues, optionKeys } from "../internal/option-check.js";
import type { RequestOptions } from "../jobs/start-job.js";
import type { UploadedFile } from "../normalize/uploaded-file.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { ChunkedUploadOptions } from "../uploads/chunked-upload.js";
import type { FileInput } from "../uploads/file-input.js";
import { loadLongRunning } from "../internal/load-long-running.js";
import type { UploadSource } from "../uploads/upload-source.js";

export type { FileInput, UploadedFile };

export interface UploadFileRequest extends FileInput, RequestOptions, Pick<ChunkedUploadOptions, "chunkSize" | "concurrency" | "onProgress"> {
  /** Default `bulkImport`, what tool import expects. */
  fileContext?: string;
}

/** "Under 25 MB": decimal megabytes, the smaller reading, so a file near the limit takes the session. */
export const SINGLE_UPLOAD_LIMIT = 25_000_000;

export const UPLOAD_FILE_KEYS = optionKeys<UploadFileRequest>({ source: true, fileName: true, fileContext: true, chunkSize: true, concurrency: true, onProgress: true, signal: true });

/** The request object of a call, checked for unknown keys; `name` is how messages call it. */
export function checkRequestKeys(request: unknown, keys: readonly string[], name: string, operationId: string): void {
  const { record, issues } = optionsRecord(request, name);
  if (request === undefined) issues.push({ field: name, rule: "required", message: `${name} is required` });
  issues.push(...unknownKeyIssues(record, keys, ""));
  if (issues.length > 0) throw new ValidationError(issues, operationId);
}

export function filesApi(platform: PlatformApi) {
  return {
    async upload(request: UploadFileRequest): Promise<UploadedFile> {
      checkRequestKeys(request, UPLOAD_FILE_KEYS, "request", "uploadFile");
      return (await loadLongRunning()).uploadFile(platform, request);
    },
    /** Whether `upload` would use the session (true) or a single request, for a source of this size. */
    usesSession(source: UploadSource): boolean {
      return !(source instanceof Blob) || source.size >= SINGLE_UPLOAD_LIMIT;
    },
  };
}
