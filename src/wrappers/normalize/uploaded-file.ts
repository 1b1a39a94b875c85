// The answer of Upload File, and of a `bulkImport` session's completion: `{url, fileId}`.
import { UnexpectedResponseError } from "../../kernel/errors.js";
import { definedOnly, isRecord, text } from "../../kernel/records.js";

export interface UploadedFile {
  fileId: string;
  url?: string | undefined;
  raw: unknown;
}

export function normalizeUploadedFile(raw: unknown): UploadedFile {
  const fileId = isRecord(raw) ? text(raw.fileId) : undefined;
  if (!fileId) throw new UnexpectedResponseError("the upload answered without a fileId", raw);
  return { fileId, ...definedOnly({ url: isRecord(raw) ? text(raw.url) : undefined }), raw };
}
