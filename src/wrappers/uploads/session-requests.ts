// The three session operations of the spec, on the client's one request path: what
// ./chunked-upload.ts is given to open a session, send a chunk and complete.
import type { ChunkedUploadDeps } from "./chunked-upload.js";
import type { PlatformApi } from "../request/platform-api.js";

export function sessionUploadDeps({ api, data }: PlatformApi): ChunkedUploadDeps {
  return {
    async startSession(body, signal) {
      return data(await api.POST("/api/public/files/session/start", { body, signal }));
    },
    async uploadChunk(sessionId, chunkNumber, chunk, signal) {
      data(await api.POST("/api/public/files/session/{sessionId}", { params: { path: { sessionId } }, body: { file: chunk, chunkNumber }, signal }));
    },
    async complete(sessionId, signal) {
      return data(await api.POST("/api/public/files/session/{sessionId}/complete", { params: { path: { sessionId } }, signal }));
    },
  };
}
