// Every failure is one of the client's errors, of the class that says what happened, and says
// what will work next: downloads that fail on the network or are aborted, a delete that stops
// in its second batch, an import that cannot be resumed.
import { describe, expect, it } from "vitest";
import { buildPlatformClient } from "../../src/wrappers/client.js";
import { AbortError, ChunkDeletionError, ConnectionError, ImportError, isTransientError, NotFoundError, UnexpectedResponseError, ValidationError } from "../../src/kernel/errors.js";
import type { ImportState } from "../../src/wrappers/uploads/import-state.js";
import { fakeFetch, json } from "../support/fake-fetch.js";
import { rejectedValidationError } from "../support/validation-issues.js";

const API_KEY = "key-0123456789abcdef";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
const SESSION = "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c";
const URL_OF_EXPORT = "https://files.invalid/exports/order-lookup.zip";
const caught = (work: Promise<unknown>) => work.then(() => expect.unreachable("expected a failure"), (e: unknown) => e as Error);

describe("downloads of an export", () => {
  const client = (fetch: typeof globalThis.fetch) => buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch });

  it("a network failure is a ConnectionError, with the address's failure masked", async () => {
    const failing = (async () => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error(`connect ECONNREFUSED ${API_KEY}`), { code: "ECONNREFUSED" }) });
    }) as typeof fetch;
    const error = await caught(client(failing).tools.downloadExport(URL_OF_EXPORT));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).not.toContain(API_KEY);
  });

  it("an abort is an AbortError, not fetch's DOMException", async () => {
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))) as typeof fetch;
    const controller = new AbortController();
    const pending = caught(client(hanging).models.downloadExport(URL_OF_EXPORT, { signal: controller.signal }));
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortError);
  });

  it("a refused download is the typed error of its status, sent without any platform credential", async () => {
    const { fetch, sent } = fakeFetch(() => json({ message: "gone" }, { status: 404 }));
    const error = await caught(client(fetch).tools.downloadExport({ dockStatusId: "ds-1", status: "SUCCESS", downloadUrl: ` ${URL_OF_EXPORT} `, raw: {} }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(sent[0]!.url).toBe(URL_OF_EXPORT);
    expect(sent[0]!.headers).not.toHaveProperty("x-api-key");
    expect(sent[0]!.headers).not.toHaveProperty("auth");
  });
});

describe("a delete of chunks that stops part-way", () => {
  it("carries the totals of the batches applied and the ids not confirmed, and is as transient as its cause", async () => {
    const { fetch, sent } = fakeFetch((_r, _s, index) =>
      index === 0
        ? json({ Status: "Success", Data: { totalRequested: 2, totalDeleted: 1, totalNotFound: 1, notFoundChunkIds: ["chk-2"] } })
        : json({ message: "down" }, { status: 500 }),
    );
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", jwt: JWT, fetch, maxRetries: 0 });
    const error = await caught(client.chunks.delete("st-1", ["chk-1", "chk-2", "chk-3", "chk-4", "chk-5"], { batchSize: 2 }));
    expect(error).toBeInstanceOf(ChunkDeletionError);
    const { deleted, remainingChunkIds } = error as ChunkDeletionError;
    expect(deleted).toMatchObject({ totalRequested: 2, totalDeleted: 1, totalNotFound: 1, notFoundChunkIds: ["chk-2"] });
    expect(remainingChunkIds).toEqual(["chk-3", "chk-4", "chk-5"]);
    expect(sent).toHaveLength(2);
    expect(isTransientError(error)).toBe(true);
    expect(error.message).toContain("error.remainingChunkIds");
  });
});

describe("an import that stops: the error says what will work", () => {
  const session = () => json({ sessionId: SESSION, expirationDate: "2099-01-01T00:00:00.000Z", modelId: "cm-1" });
  const importWith = async (chunkAnswer: () => Response, source: unknown) => {
    const { fetch } = fakeFetch((_r, sent) => (sent.path.endsWith("/start") ? session() : chunkAnswer()));
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch, maxRetries: 0 });
    return caught(client.models.import({ source: source as Blob, fileName: "m.tar", chunkSize: 4, retries: 0, retryDelayMs: 0 }));
  };

  it("a failure that may pass (503): resumeImport continues it", async () => {
    const error = (await importWith(() => json({}, { status: 503 }), new Blob([new Uint8Array(8)]))) as ImportError;
    expect(error).toBeInstanceOf(ImportError);
    expect(error.resumable).toBe(true);
    expect(error.message).toContain("models.resumeImport(error.state, { source }) continues it");
  });

  it("a session the service no longer knows (404): start a new import", async () => {
    const error = (await importWith(() => json({ message: "no such session" }, { status: 404 }), new Blob([new Uint8Array(8)]))) as ImportError;
    expect(error.resumable).toBe(false);
    expect(error.message).toMatch(/resuming will not help: the service no longer knows the session; start a new import/);
    expect(error.message).not.toContain("continues it");
  });

  it("a stream shorter than its declared size: correct the source", async () => {
    async function* short() {
      yield new Uint8Array(5);
    }
    const error = (await importWith(() => json({ chunkNumber: 0, sessionId: SESSION }), { stream: short(), size: 8 })) as ImportError;
    expect(error.resumable).toBe(false);
    expect(error.cause).toBeInstanceOf(ValidationError);
    // What was wrong, in the client's own words, and what works instead.
    expect(error.message).toContain((error.cause as ValidationError).issues[0]!.message);
    expect(error.message).toMatch(/resuming will not help: .* start a new import once that is fixed$/);
  });

  it("a session id the spec's chunk path refuses: the service's answer is named, not the bytes, and nothing is sent", async () => {
    const { fetch, sent } = fakeFetch((_r, record) => (record.path.endsWith("/start") ? json({ sessionId: "not-a-uuid", expirationDate: "2099-01-01T00:00:00.000Z" }) : json({})));
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch, maxRetries: 0 });
    const error = (await caught(client.models.import({ source: new Blob([new Uint8Array(8)]), fileName: "m.tar", chunkSize: 4 }))) as Error;
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toMatch(/startImportSession answered a session id the spec's chunk path refuses \(sessionId must match the pattern .*\), so no chunk can be sent to it/);
    expect(error.message).not.toMatch(/source|bytes/);
    expect(sent.map((r) => r.path)).toEqual(["/api/public/files/session/start"]);
  });
});

describe("a file upload through a session that stops: it resumes to its file id", () => {
  it("names files.resumeUpload, which sends only the missing chunks and ends in the file's id", async () => {
    let failChunk1 = true;
    const { fetch, sent } = fakeFetch((_request, record) => {
      if (record.path.endsWith("/start")) return json({ sessionId: SESSION, expirationDate: "2099-01-01T00:00:00.000Z" });
      if (record.path.endsWith("/complete")) return json({ url: "https://files.invalid/f", fileId: "f-123" });
      const chunk = /name="chunkNumber"\r\n\r\n(\d+)/.exec(record.body)?.[1];
      return chunk === "1" && failChunk1 ? json({}, { status: 503 }) : json({ chunkNumber: Number(chunk), sessionId: SESSION });
    });
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch, maxRetries: 0 });
    const stream = { stream: (async function* () { yield new Uint8Array(12); })(), size: 12 };
    const error = (await caught(client.files.upload({ source: stream, fileName: "tool.json", chunkSize: 4, concurrency: 1 }))) as ImportError<ImportState>;
    expect(error).toBeInstanceOf(ImportError);
    expect(error.message).toContain("files.resumeUpload(error.state, { source }) continues it");
    expect(error.state.fileContext).toBe("bulkImport");
    // The model import's resume refuses a file's state, naming the method that continues it.
    const wrong = await rejectedValidationError(client.models.resumeImport(error.state, { source: new Blob([new Uint8Array(12)]) }));
    expect(wrong.issues[0]).toMatchObject({ field: "state.fileContext", rule: "modelImport" });
    expect(wrong.message).toContain("files.resumeUpload");
    failChunk1 = false;
    const before = sent.length;
    const uploaded = await client.files.resumeUpload(error.state, { source: new Blob([new Uint8Array(12)]) });
    expect(uploaded).toMatchObject({ fileId: "f-123" });
    expect(sent.slice(before).map((r) => /name="chunkNumber"\r\n\r\n(\d+)/.exec(r.body)?.[1] ?? r.path)).toEqual(["1", "2", `/api/public/files/session/${SESSION}/complete`]);
  });

  it("refuses a model import's state, naming models.resumeImport", async () => {
    const { fetch, sent } = fakeFetch();
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch });
    const state = {
      version: 2,
      sessionId: SESSION,
      expirationDate: "2099-01-01T00:00:00.000Z",
      fileName: "m.tar",
      fileExtension: "tar",
      fileContext: "model",
      fileSize: 8,
      chunkSize: 4,
      totalChunks: 2,
      uploadedChunks: [0],
      source: { size: 8, sampleBytes: 4096, samples: {} },
    } as ImportState;
    const error = await rejectedValidationError(client.files.resumeUpload(state, { source: new Blob([new Uint8Array(8)]) }));
    expect(error.issues[0]).toMatchObject({ field: "state.fileContext", rule: "fileUpload" });
    expect(error.message).toContain("models.resumeImport");
    expect(sent).toEqual([]);
  });
});
