// The Files tag: Upload File, one multipart request under 25 MB, or the import session
// (fileContext `bulkImport`) above it, as the vendor's public reference prescribes. Either way
// the result is a fileId that tool import takes.
import { checkRequestObject } from "../call-options.js";
import { loadFileUpload } from "../lazy-modules.js";
import { optionKeys } from "../../kernel/option-check.js";
import type { UploadedFile } from "../normalize/uploaded-file.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { FileInput } from "../uploads/file-input.js";
import type { ImportState } from "../uploads/chunked-upload.js";
import type { ResumeUploadOptions, UploadFileRequest } from "../uploads/file-upload.js";
import { needsSession } from "../uploads/single-upload-limit.js";
import type { SourceOpener } from "../uploads/source-opener.js";
import type { UploadSource } from "../uploads/upload-source.js";
import { TRANSFER_OPTION_KEYS } from "../uploads/transfer-option-keys.js";

export type { FileInput, ResumeUploadOptions, UploadedFile, UploadFileRequest };

export const RESUME_UPLOAD_KEYS = optionKeys<ResumeUploadOptions>({ ...TRANSFER_OPTION_KEYS, source: true });
export const UPLOAD_FILE_KEYS = optionKeys<UploadFileRequest>({
  source: true,
  fileName: true,
  fileContext: true,
  chunkSize: true,
  concurrency: true,
  onProgress: true,
  signal: true,
});

export function filesApi<Path>(platform: PlatformApi, sources: SourceOpener) {
  return {
    async upload(request: UploadFileRequest<Path>): Promise<UploadedFile> {
      checkRequestObject(request, UPLOAD_FILE_KEYS, "request", "uploadFile");
      // Upload File takes no extension: only the name may come from an opened path.
      const opened = await sources.openInput(request, ["fileName"]);
      return (await loadFileUpload()).uploadFile(platform, opened);
    },
    /**
     * Continues an upload that stopped part-way in its session (ImportError.state), sending only
     * the chunks missing, and ends in the file's id as `upload` would have.
     */
    async resumeUpload(state: ImportState, options: ResumeUploadOptions<Path>): Promise<UploadedFile> {
      checkRequestObject(options, RESUME_UPLOAD_KEYS, "options", "uploadImportChunk");
      const opened = await sources.openInput(options, []);
      return (await loadFileUpload()).resumeUpload(platform, state, opened);
    },
    /** Whether `upload` would use the session (true) or a single request, for a source of this size. */
    usesSession(source: UploadSource): boolean {
      return needsSession(source);
    },
  };
}
