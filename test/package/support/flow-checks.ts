// What the stateful mock must have received from portable-flow.mjs, whichever runtime ran it:
// the attachment whole, and every chunk of the import with its own bytes (the mock's log keeps a
// digest of each file part), then the session completed once.
import { createHash } from "node:crypto";
import { expect } from "vitest";
import type { OperationId } from "../../../src/generated/operations.js";
import type { LoggedRequest } from "../../../src/mock/start-mock.js";

/** What the checks read of a mock: its request log, by operation. */
export interface RequestLog {
  requests(filter: { operationId: OperationId }): LoggedRequest[];
}

/** A request log printed by a run elsewhere (a runtime's process, a page), read as a mock's. */
export const printedLog = (entries: LoggedRequest[]): RequestLog => ({
  requests: ({ operationId }) => entries.filter((entry) => entry.operationId === operationId),
});
import { ATTACHMENT_BYTES, CHUNK_BYTES, IMPORT_BYTES, patternBytes } from "./portable-flow.mjs";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const IMPORT = patternBytes(IMPORT_BYTES, 3);
export const EXPECTED_CHUNKS = Array.from({ length: Math.ceil(IMPORT_BYTES / CHUNK_BYTES) }, (_, n) => ({
  size: Math.min(CHUNK_BYTES, IMPORT_BYTES - n * CHUNK_BYTES),
  sha256: sha256(IMPORT.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES)),
}));

/** The flow's own report: what the client returned. */
export function expectFlowResult(result: { attachment: unknown; import: unknown }): void {
  expect(result.attachment).toEqual({ fileName: "notes.txt", fileSize: ATTACHMENT_BYTES });
  expect(result.import).toEqual({ modelId: expect.stringMatching(/^cm-/), status: "SUCCESS", totalChunks: EXPECTED_CHUNKS.length });
}

/** What the mock received. */
export function expectFlowArrived(mock: RequestLog): void {
  const fileOf = (entry: { body?: unknown }) => (entry.body as { file?: { size: number; sha256: string } } | undefined)?.file;
  const uploads = mock.requests({ operationId: "uploadAttachment" });
  expect(uploads).toHaveLength(1);
  expect(fileOf(uploads[0]!)).toMatchObject({ size: ATTACHMENT_BYTES, sha256: sha256(patternBytes(ATTACHMENT_BYTES, 7)) });
  const chunks = mock
    .requests({ operationId: "uploadImportChunk" })
    .map((entry) => ({ chunkNumber: Number((entry.body as { chunkNumber: unknown }).chunkNumber), ...fileOf(entry)! }));
  expect(chunks.sort((a, b) => a.chunkNumber - b.chunkNumber).map(({ size, sha256: digest }) => ({ size, sha256: digest }))).toEqual(EXPECTED_CHUNKS);
  expect(mock.requests({ operationId: "completeImportSession" })).toHaveLength(1);
}
