// The three session operations of the spec, on the client's one request path: what
// ./chunked-upload.ts is given to open a session, send a chunk and complete.
import { signalOf } from "../call-options.js";
import { UnexpectedResponseError, ValidationError } from "../../kernel/errors.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { ChunkedUploadDeps } from "./chunked-upload.js";

export function sessionUploadDeps({ api, data, precheck }: PlatformApi): ChunkedUploadDeps {
  return {
    async startSession(body, signal) {
      const session = data(await api.POST("/api/public/files/session/start", { body, ...signalOf(signal) }));
      // The service's fault, not the file's: an id the spec's chunk path refuses cannot address a
      // chunk, so the upload stops here rather than blame the bytes on the first chunk.
      await precheck("uploadImportChunk", { path: { sessionId: session.sessionId } }).catch((error: unknown) => {
        if (!(error instanceof ValidationError)) throw error;
        throw new UnexpectedResponseError(
          `startImportSession answered a session id the spec's chunk path refuses (${error.issues.map((i) => i.message).join("; ")}), so no chunk can be sent to it; nothing was uploaded`,
          session,
        );
      });
      return session;
    },
    async uploadChunk(sessionId, chunkNumber, chunk, signal) {
      data(await api.POST("/api/public/files/session/{sessionId}", { params: { path: { sessionId } }, body: { file: chunk, chunkNumber }, ...signalOf(signal) }));
    },
    async complete(sessionId, signal) {
      return data(await api.POST("/api/public/files/session/{sessionId}/complete", { params: { path: { sessionId } }, ...signalOf(signal) }));
    },
  };
}
