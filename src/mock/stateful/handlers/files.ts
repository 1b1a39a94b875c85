// Upload file: the file is hashed as it streams in and only its size and digest are kept; the id
// it gets is what tool import takes.
import type { Handler } from "../context.js";
import type { FilePart } from "../http/multipart-stream.js";

export const uploadFile: Handler = (context, call) => {
  const { file, fileContext } = call.body as { file: FilePart; fileContext: string };
  const fileId = context.objectId();
  context.files.add({ fileId, fileName: file.fileName ?? "file", fileContext, size: file.size, sha256: file.sha256 });
  return { status: 200, body: { url: `${context.baseUrl}/__mock/files/${fileId}`, fileId } };
};
