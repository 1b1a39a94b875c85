// Attachments: the upload is hashed as it streams in; the record keeps size and type, not bytes.
import { serviceError } from "../contract/problems.js";
import { pathParam, type Handler } from "../context.js";
import type { FilePart } from "../http/multipart-stream.js";

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain",
  json: "application/json",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  csv: "text/csv",
};

export const uploadAttachment: Handler = (context, call) => {
  const { file, userReference } = call.body as { file: FilePart; userReference: string };
  const fileName = file.fileName && file.fileName !== "blob" ? file.fileName : "attachment";
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? "";
  // The part's own type when it says more than "some bytes"; else the one its extension implies.
  const partType = file.contentType && file.contentType !== "application/octet-stream" ? file.contentType : undefined;
  const attachment = {
    fileId: context.id("f-"),
    fileName,
    filePath: `attachments/${userReference}/${fileName}`,
    fileSize: file.size,
    mimeType: partType ?? MIME_BY_EXTENSION[extension] ?? "application/octet-stream",
    extension,
    uploadedAt: context.isoNow(),
    sha256: file.sha256,
    userReference,
  };
  context.attachments.add(pathParam(call, "appId"), pathParam(call, "envName"), attachment);
  const { sha256: _digest, userReference: _reference, ...record } = attachment;
  return { status: 200, body: record };
};

export const deleteAttachment: Handler = (context, call) => {
  const fileId = pathParam(call, "fileId");
  if (!context.attachments.delete(pathParam(call, "appId"), pathParam(call, "envName"), fileId)) {
    return serviceError(call.operationId, 404, `Attachment ${fileId} not found`);
  }
  return { status: 200, body: { message: "File deleted successfully", success: "true", fileId } };
};
