// Wires the chunked upload engine to the three session operations of the spec.
import type { components } from "../../generated/platform.js";
import type { ChunkedUploadDeps } from "./chunked-upload.js";
import type { Core } from "../core.js";


export function sessionUploadDeps(core: Core): ChunkedUploadDeps {
  return {
    async startSession(body, signal) {
      return (await core.call<components["schemas"]["ImportSession"]>("startImportSession", { body, signal })).data;
    },
    async uploadChunk(sessionId, chunkNumber, chunk, signal) {
      // A File, so the part carries a filename as multipart file parts conventionally do.
      const file = new File([chunk], `chunk-${chunkNumber}`, { type: "application/octet-stream" });
      await core.call("uploadImportChunk", { path: { sessionId }, body: { file, chunkNumber }, signal });
    },
    async complete(sessionId, signal) {
      return (await core.call<components["schemas"]["ImportCompletion"]>("completeImportSession", { path: { sessionId }, signal })).data;
    },
  };
}
