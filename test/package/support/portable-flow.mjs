// The client's two kinds of transfer as any runtime runs them: a multipart upload (an attachment,
// from a Blob, or from a file path on the Node entry) and a model import read from a stream in
// numbered chunks, then waited for to its end. Plain JavaScript with web-platform globals only
// (Blob, ReadableStream, fetch under the client), so Deno, Bun, every Node and Chromium run the
// same file; it receives the runtime's createPlatformClient and prints nothing itself.

export const ATTACHMENT_BYTES = 2_500;
export const IMPORT_BYTES = 300_000;
export const CHUNK_BYTES = 65_536;
/** Pieces the stream hands over: smaller than a chunk and not a divisor of it, so chunks span pieces. */
const PIECE_BYTES = 10_000;

/** `length` bytes of a repeating pattern starting at `seed`. */
export function patternBytes(length, seed) {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (seed + i * 31) % 251;
  return bytes;
}

function importStream() {
  const all = patternBytes(IMPORT_BYTES, 3);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= all.length) return controller.close();
      controller.enqueue(all.slice(offset, offset + PIECE_BYTES));
      offset += PIECE_BYTES;
    },
  });
}

/**
 * @param {{ createPlatformClient: Function, baseUrl: string, filePath?: string, fetch?: Function }} options
 * `filePath`: a file of ATTACHMENT_BYTES to upload by its path (the Node entry); a Blob otherwise.
 * `fetch`: the client's fetch option (an in-process mock's); the runtime's own otherwise.
 */
export async function portableFlow({ createPlatformClient, baseUrl, filePath, fetch }) {
  const client = createPlatformClient({ baseUrl, apiKey: "runtime-test-key", ...(fetch ? { fetch } : {}) });
  const file = filePath ?? new Blob([patternBytes(ATTACHMENT_BYTES, 7)], { type: "text/plain" });
  const attachment = await client.attachments.upload("st-0a1b2c3d", "dev", { file, fileName: "notes.txt", userReference: "runtime-test" });
  const imported = await client.models.import({
    source: { stream: importStream(), size: IMPORT_BYTES },
    fileName: "model.tar",
    chunkSize: CHUNK_BYTES,
    wait: { minDelayMs: 10 },
  });
  return {
    attachment: { fileName: attachment.fileName, fileSize: attachment.fileSize },
    import: { modelId: imported.modelId, status: imported.job.status, totalChunks: imported.state.totalChunks },
  };
}

/**
 * The same flow through an in-process stateful mock of the runtime's own (no port): its report,
 * and the mock's request log for the test to check what arrived.
 * @param {{ createPlatformClient: Function, createStatefulMock: Function, filePath?: string }} options
 */
export async function inProcessFlow({ createPlatformClient, createStatefulMock, filePath }) {
  const mock = createStatefulMock({ jobs: { polls: 1 } });
  const result = await portableFlow({ createPlatformClient, baseUrl: mock.url, filePath, fetch: mock.fetch });
  return { ...result, log: mock.requests() };
}
