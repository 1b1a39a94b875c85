// Session attachments, under /api/v2: upload (multipart) and delete (its session fields as
// multipart, as the document shows, or as JSON, as the public reference shows).
import type { components } from "../../generated/platform.js";
import { ValidationError } from "../../kernel/errors.js";
import { checkOptions, checkRequestObject, type RequestOptions, signalOf } from "../call-options.js";
import { optionKeys } from "../../kernel/option-check.js";
import { PendingBody } from "../request/platform-request.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { SourceOpener } from "../uploads/source-opener.js";

export type Attachment = components["schemas"]["Attachment"];
export type AttachmentDeleted = components["schemas"]["AttachmentDeleted"];

/** `Path` is what the entry accepts besides bytes: a file path (`string`) on the Node entry. */
export interface UploadAttachment<Path = never> extends RequestOptions {
  file: Blob | Uint8Array | Path;
  /** Name the service stores; a File's own name (or a path's base name) is used when left out. */
  fileName?: string | undefined;
  userReference: string;
}

export interface DeleteAttachmentOptions extends RequestOptions {
  sessionId?: string | undefined;
  sessionReference?: string | undefined;
  /** How the session fields travel: multipart (the document's form, the default) or JSON (the public reference's). */
  encoding?: "multipart" | "json" | undefined;
}

const UPLOAD_KEYS = optionKeys<UploadAttachment>({ file: true, fileName: true, userReference: true, signal: true });
const DELETE_KEYS = optionKeys<DeleteAttachmentOptions>({ sessionId: true, sessionReference: true, encoding: true, signal: true });
const MEDIA_TYPES = { multipart: "multipart/form-data", json: "application/json" } as const;

export function attachmentsApi<Path>(platform: PlatformApi, sources: SourceOpener) {
  const { api, data } = platform;
  return {
    async upload(appId: string, envName: string, request: UploadAttachment<Path>): Promise<Attachment> {
      checkRequestObject(request, UPLOAD_KEYS, "request", "uploadAttachment");
      const { userReference, signal } = request;
      const opened = await sources.openFile(request.file);
      const { file } = opened;
      const fileName = request.fileName ?? opened.fileName;
      const size = file instanceof Blob ? file.size : file instanceof Uint8Array ? file.byteLength : 0;
      if (size === 0) {
        const pathHint = typeof file === "string" ? "; a file path is taken by the Node entry (@platform/management-client/node)" : "";
        throw new ValidationError([{ field: "file", rule: "nonEmptyBlob", message: `file must be a non-empty Blob, File or Uint8Array${pathHint}` }], "uploadAttachment");
      }
      const name = fileName ?? (file instanceof File ? file.name : "attachment");
      const named = file instanceof File && file.name === name ? file : new File([file as BlobPart], name, { type: file instanceof Blob ? file.type : "" });
      return data(await api.POST("/api/v2/apps/{appId}/environments/{envName}/attachments/upload", { params: { path: { appId, envName } }, body: { file: named, userReference, uploadType: "runtime" }, ...signalOf(signal) }));
    },

    /** No body is sent without session fields; with them, multipart unless `encoding: "json"`. */
    async delete(appId: string, envName: string, fileId: string, options?: DeleteAttachmentOptions): Promise<AttachmentDeleted> {
      const { signal, encoding = "multipart", sessionId, sessionReference } = checkOptions(options, DELETE_KEYS, "deleteAttachment");
      const mediaType = MEDIA_TYPES[encoding];
      if (!mediaType) throw new ValidationError([{ field: "encoding", rule: "enum", message: 'encoding must be "multipart" or "json"' }], "deleteAttachment");
      const session = { ...(sessionId !== undefined ? { sessionId } : {}), ...(sessionReference !== undefined ? { sessionReference } : {}) };
      const body = Object.keys(session).length > 0 ? session : undefined;
      const path = { appId, envName, fileId };
      return data(await api.DELETE("/api/v2/apps/{appId}/environments/{envName}/attachments/{fileId}", { params: { path }, body, bodySerializer: (value: unknown) => new PendingBody(value, mediaType), ...signalOf(signal) }));
    },
  };
}
