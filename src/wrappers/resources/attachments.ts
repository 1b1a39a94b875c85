// Session attachments, under /api/v2: upload (multipart) and delete.
import type { components } from "../../generated/platform.js";
import type { Core } from "../core.js";
import { ValidationError } from "../errors.js";
import type { RequestOptions } from "../jobs/start-job.js";

export type Attachment = components["schemas"]["Attachment"];
export type AttachmentDeleted = components["schemas"]["AttachmentDeleted"];

export interface UploadAttachment extends RequestOptions {
  file: Blob;
  /** Name the service stores; a File's own name is used when left out. */
  fileName?: string;
  userReference: string;
}

export interface DeleteAttachmentOptions extends RequestOptions {
  sessionId?: string;
  sessionReference?: string;
}

export function attachmentsApi(core: Core) {
  return {
    async upload(appId: string, envName: string, request: UploadAttachment): Promise<Attachment> {
      const { file, fileName, userReference, signal } = request;
      if (!(file instanceof Blob) || file.size === 0) {
        throw new ValidationError([{ field: "file", rule: "nonEmptyBlob", message: "file must be a non-empty Blob or File" }], "uploadAttachment");
      }
      const named = new File([file], fileName ?? (file instanceof File ? file.name : "attachment"), { type: file.type });
      const body = { file: named, userReference, uploadType: "runtime" };
      return (await core.call<Attachment>("uploadAttachment", { path: { appId, envName }, body, signal })).data;
    },

    /** The session fields travel as a multipart body, as the document shows; none is sent without them. */
    async delete(appId: string, envName: string, fileId: string, options: DeleteAttachmentOptions = {}): Promise<AttachmentDeleted> {
      const { signal, ...session } = options;
      const fields = Object.fromEntries(Object.entries(session).filter(([, v]) => v !== undefined));
      const body = Object.keys(fields).length > 0 ? fields : undefined;
      return (await core.call<AttachmentDeleted>("deleteAttachment", { path: { appId, envName, fileId }, body, signal })).data;
    },
  };
}
