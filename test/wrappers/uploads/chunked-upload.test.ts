import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { fileSource } from "../../../src/node/file-source.js";
import {
  planChunks,
  resumeChunkedUpload,
  runChunkedUpload,
  type ChunkProgress,
  type ChunkedUploadDeps,
  type ChunkedUploadOptions,
  type ImportState,
  type StartSessionBody,
} from "../../../src/wrappers/uploads/chunked-upload.js";
import { AbortError, ImportError, SessionExpiredError, UnexpectedResponseError, ValidationError } from "../../../src/kernel/errors.js";
import { chunkByteLength, type ChunkBytes, type UploadSource } from "../../../src/wrappers/uploads/upload-source.js";
import { iterate, pieces } from "../../support/byte-pieces.js";
import { rejectedIssues, rejectedValidationError, validationErrorOf } from "../../support/validation-issues.js";
import { until } from "../../cli/support/until.js";

const HOUR = 3_600_000;
const COMPLETION = { dockStatusId: "ds-1", modelId: "cm-1", jobType: "MODELS", action: "IMPORT", status: "IN_PROGRESS" };

// ---------- helpers ----------

function bytes(length: number, seed = 3): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 131 + seed * 7 + (i >> 9)) & 0xff;
  return out;
}

function sha256(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}


function blobOf(data: Uint8Array): Blob {
  return new Blob([data as BlobPart]);
}

interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback and stream read run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function rejection(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

type UploadBehaviour = (chunkNumber: number, chunk: ChunkBytes, signal: AbortSignal | undefined) => Promise<void> | void;

/** The three session operations, in memory: records every call and keeps the chunks it accepted. */
class FakeSession {
  readonly calls: string[] = [];
  readonly starts: StartSessionBody[] = [];
  readonly attempts = new Map<number, number>();
  readonly received = new Map<number, Blob>();
  readonly signals: (AbortSignal | undefined)[] = [];
  inFlight = 0;
  maxInFlight = 0;
  expirationDate = new Date(Date.now() + HOUR).toISOString();
  sessionResponse: unknown;

  constructor(private readonly behaviour: UploadBehaviour = () => {}) {}

  readonly deps: ChunkedUploadDeps<typeof COMPLETION> = {
    startSession: async (body) => {
      this.calls.push("start");
      this.starts.push(body);
      return (this.sessionResponse ?? { sessionId: "3f2b0c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", expirationDate: this.expirationDate, modelId: "cm-1" }) as never;
    },
    uploadChunk: async (sessionId, chunkNumber, chunk, signal) => {
      expect(sessionId).toBe("3f2b0c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
      this.calls.push(`chunk ${chunkNumber}`);
      this.signals.push(signal);
      this.attempts.set(chunkNumber, (this.attempts.get(chunkNumber) ?? 0) + 1);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        await this.behaviour(chunkNumber, chunk, signal);
        // Kept as a Blob here for reassembly; the engine hands over bytes for a stream source.
        this.received.set(chunkNumber, chunk instanceof Blob ? chunk : new Blob([chunk as BlobPart]));
      } finally {
        this.inFlight--;
      }
    },
    complete: async (sessionId) => {
      expect(sessionId).toBe("3f2b0c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
      this.calls.push("complete");
      return COMPLETION;
    },
  };

  /** Every chunk 0 … total-1 exactly once, joined in order. */
  async reassemble(totalChunks: number): Promise<Uint8Array> {
    expect([...this.received.keys()].sort((a, b) => a - b)).toEqual(range(totalChunks));
    const ordered = range(totalChunks).map((n) => this.received.get(n)!);
    return new Uint8Array(await new Blob(ordered).arrayBuffer());
  }

  chunkCalls(): number[] {
    return this.calls.filter((c) => c.startsWith("chunk ")).map((c) => Number(c.slice(6)));
  }
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function options(source: UploadSource, extra: Partial<ChunkedUploadOptions> = {}): ChunkedUploadOptions {
  return { source, fileName: "llama.tar", fileExtension: "tar", fileContext: "model", retryDelayMs: 1, ...extra };
}

// ---------- planning and numbering ----------

describe("planChunks", () => {
  it.each([
    [1, 1, 1],
    [10, 4, 3],
    [12, 4, 3],
    [13, 4, 4],
    [8 * 1024 * 1024, 8 * 1024 * 1024, 1],
    [8 * 1024 * 1024 + 1, 8 * 1024 * 1024, 2],
  ])("%i bytes in chunks of %i make %i chunks", (size, chunk, total) => {
    expect(planChunks(size, chunk)).toBe(total);
  });

  it.each([
    [0, 4, "fileSize"],
    [10, 0, "chunkSize"],
    [10, 1.5, "chunkSize"],
  ])("refuses fileSize %s, chunkSize %s", (size, chunk, field) => {
    expect(validationErrorOf(() => planChunks(size, chunk)).field).toBe(field);
  });
});

describe("runChunkedUpload", () => {
  it("opens the session with the file's size and chunk count, numbers chunks from 0, then completes", async () => {
    const fake = new FakeSession();
    const data = bytes(10);
    const result = await runChunkedUpload(fake.deps, options(blobOf(data), { chunkSize: 4, concurrency: 1, isAdapter: true }));

    expect(fake.starts).toEqual([
      { fileContext: "model", totalChunks: 3, fileExtension: "tar", fileName: "llama.tar", fileSize: 10, isAdapter: true },
    ]);
    expect(fake.calls).toEqual(["start", "chunk 0", "chunk 1", "chunk 2", "complete"]);
    expect([...fake.received.values()].map((b) => b.size)).toEqual([4, 4, 2]);
    expect(result.completion).toBe(COMPLETION);
    expect(result.state).toEqual({
      version: 2,
      sessionId: "3f2b0c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      expirationDate: fake.expirationDate,
      modelId: "cm-1",
      fileName: "llama.tar",
      fileExtension: "tar",
      fileContext: "model",
      isAdapter: true,
      fileSize: 10,
      chunkSize: 4,
      totalChunks: 3,
      uploadedChunks: [0, 1, 2],
      // A sample digest of every chunk sent, so a resume can tell another file of this size.
      source: {
        size: 10,
        sampleBytes: 4096,
        samples: { "0": expect.stringMatching(/^[0-9a-f]{32}$/), "1": expect.stringMatching(/^[0-9a-f]{32}$/), "2": expect.stringMatching(/^[0-9a-f]{32}$/) },
      },
    });
    expect(JSON.parse(JSON.stringify(result.state))).toEqual(result.state);
  });

  it("leaves isAdapter out of the session body when it was not given, and defaults to 8 MiB chunks", async () => {
    const fake = new FakeSession();
    await runChunkedUpload(fake.deps, options(blobOf(bytes(100))));
    expect(fake.starts[0]).toEqual({ fileContext: "model", totalChunks: 1, fileExtension: "tar", fileName: "llama.tar", fileSize: 100 });
    expect("isAdapter" in fake.starts[0]!).toBe(false);
  });

  // ---------- byte exactness ----------

  it("delivers a Blob source byte for byte (sha256 of the reassembled chunks)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 900 }),
        fc.integer({ min: 1, max: 6 }),
        async (size, chunkSize, concurrency) => {
          const data = bytes(size, chunkSize);
          const fake = new FakeSession(() => settle());
          const { state } = await runChunkedUpload(fake.deps, options(blobOf(data), { chunkSize, concurrency }));
          expect(state.totalChunks).toBe(Math.ceil(size / chunkSize));
          expect(sha256(await fake.reassemble(state.totalChunks))).toBe(sha256(data));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("delivers an async-iterable source with random piece sizes byte for byte", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 900 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 1200 }), { minLength: 1, maxLength: 10 }),
        async (size, chunkSize, concurrency, sizes) => {
          const data = bytes(size, sizes.length);
          // Uploads finish out of order, so workers interleave their reads.
          const fake = new FakeSession((n) => (n % 3 === 0 ? settle() : undefined));
          const source = { stream: iterate(pieces(data, sizes)), size };
          const { state } = await runChunkedUpload(fake.deps, options(source, { chunkSize, concurrency }));
          expect(sha256(await fake.reassemble(state.totalChunks))).toBe(sha256(data));
          for (const [n, chunk] of fake.received) {
            expect(chunk.size).toBe(Math.min(chunkSize, size - n * chunkSize));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("delivers a ReadableStream source byte for byte", async () => {
    const data = bytes(100_003);
    const parts = pieces(data, [4096, 17, 65536]);
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull: (c) => (i < parts.length ? c.enqueue(parts[i++]!) : c.close()),
    });
    const fake = new FakeSession(() => settle());
    const { state } = await runChunkedUpload(fake.deps, options({ stream, size: data.length }, { chunkSize: 10_000, concurrency: 3 }));
    expect(state.totalChunks).toBe(11);
    expect(sha256(await fake.reassemble(11))).toBe(sha256(data));
  });

  it("delivers a real file through fileSource byte for byte", async () => {
    const dir = await mkdtemp(join(tmpdir(), "chunked-upload-"));
    try {
      const data = bytes(3 * 1024 * 1024 + 123, 11);
      const path = join(dir, "adapter.safetensors");
      await writeFile(path, data);
      const fake = new FakeSession(() => settle());
      const file = await fileSource(path);
      const { state } = await runChunkedUpload(fake.deps, { ...file, fileContext: "model", chunkSize: 256 * 1024, concurrency: 4 });
      expect(fake.starts[0]).toMatchObject({ fileName: "adapter.safetensors", fileExtension: "safetensors", fileSize: data.length, totalChunks: 13 });
      expect(sha256(await fake.reassemble(state.totalChunks))).toBe(sha256(data));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // ---------- concurrency and memory ----------

  it.each([1, 2, 4, 7])("keeps at most %i uploads in flight, and uses that many", async (concurrency) => {
    const gates: Deferred[] = [];
    const fake = new FakeSession(() => {
      const gate = deferred();
      gates.push(gate);
      return gate.promise;
    });
    let finished = false;
    const run = runChunkedUpload(fake.deps, options(blobOf(bytes(300)), { chunkSize: 10, concurrency })).finally(() => {
      finished = true;
    });
    let seed = concurrency;
    while (!finished) {
      await settle();
      expect(fake.inFlight).toBeLessThanOrEqual(concurrency);
      if (gates.length) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        gates.splice(seed % gates.length, 1)[0]!.resolve();
      }
    }
    await run;
    expect(fake.maxInFlight).toBe(concurrency);
    expect(fake.received.size).toBe(30);
  });

  it("holds at most concurrency chunks of a stream source (bytes pulled minus bytes acknowledged)", async () => {
    const chunkSize = 1000;
    const concurrency = 3;
    const maxPiece = 700;
    const data = bytes(64 * chunkSize + 5);
    let pulled = 0;
    let acknowledged = 0;
    let worst = 0;
    async function* counted() {
      for (const part of pieces(data, [maxPiece, 1, 350, 0, 699])) {
        pulled += part.length;
        worst = Math.max(worst, pulled - acknowledged);
        yield part;
      }
    }
    const gates: Deferred[] = [];
    const fake = new FakeSession(async (_, chunk) => {
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      acknowledged += chunkByteLength(chunk);
    });
    let finished = false;
    const run = runChunkedUpload(fake.deps, options({ stream: counted(), size: data.length }, { chunkSize, concurrency })).finally(() => {
      finished = true;
    });
    while (!finished) {
      await settle();
      // Oldest last: the reader would run ahead here if it were not bounded.
      gates.pop()?.resolve();
    }
    const { state } = await run;
    expect(worst).toBeLessThanOrEqual(concurrency * chunkSize + maxPiece);
    expect(worst).toBeGreaterThan((concurrency - 1) * chunkSize);
    expect(sha256(await fake.reassemble(state.totalChunks))).toBe(sha256(data));
  });

  // ---------- retries and failure ----------

  it("retries a failing chunk and succeeds, counting it once in progress", async () => {
    const failuresLeft = new Map([[2, 2]]);
    const fake = new FakeSession((n) => {
      const left = failuresLeft.get(n) ?? 0;
      if (left > 0) {
        failuresLeft.set(n, left - 1);
        throw new Error(`chunk ${n} reset`);
      }
    });
    const progress: ChunkProgress[] = [];
    const { state } = await runChunkedUpload(
      fake.deps,
      options(blobOf(bytes(50)), { chunkSize: 10, concurrency: 2, retries: 3, onProgress: (p) => progress.push(p) }),
    );
    expect(fake.attempts.get(2)).toBe(3);
    expect(state.uploadedChunks).toEqual([0, 1, 2, 3, 4]);
    expect(progress.map((p) => p.chunkNumber).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(fake.calls.at(-1)).toBe("complete");
  });

  it("backs off between attempts, at least half of a doubling step each time (equal jitter)", async () => {
    const times: number[] = [];
    const fake = new FakeSession(() => {
      times.push(performance.now());
      throw new Error("down");
    });
    const error = await rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(5)), { retries: 3, retryDelayMs: 20 })));
    expect(error).toBeInstanceOf(ImportError);
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Steps of 20, 40 and 80 ms: each pause is at least half its step (timers may fire a little early).
    expect(gaps[0]).toBeGreaterThanOrEqual(8);
    expect(gaps[1]).toBeGreaterThanOrEqual(18);
    expect(gaps[2]).toBeGreaterThanOrEqual(38);
  });

  it("with retries 0, a failure is final at once", async () => {
    const fake = new FakeSession((n) => {
      if (n === 0) throw new Error("no");
    });
    const error = await rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(5)), { retries: 0 })));
    expect((error as ImportError).failedChunks).toEqual([0]);
    expect(fake.attempts.get(0)).toBe(1);
  });

  it("names exactly the failed chunks and the uploaded ones, then resume sends only the missing chunks", async () => {
    const data = bytes(1000, 5);
    const broken = new Set([3, 6]);
    const cause = new Error("502 from upstream");
    let stoppedAt: number | undefined;
    // Good chunks are slow and broken ones fail fast, so the stop comes long before the end.
    const fake = new FakeSession(async (n) => {
      await (broken.has(n) ? settle() : new Promise((r) => setTimeout(r, 3)));
      if (broken.has(n)) {
        if (fake.attempts.get(n) === 3) stoppedAt ??= fake.calls.length;
        throw cause;
      }
    });
    const error = await rejection(runChunkedUpload(fake.deps, options(blobOf(data), { chunkSize: 10, concurrency: 3, retries: 2 })));

    expect(error).toBeInstanceOf(ImportError);
    const importError = error as ImportError<ImportState>;
    expect(importError.failedChunks).toEqual([3, 6].filter((n) => fake.attempts.has(n)));
    expect(importError.failedChunks).toContain(3);
    for (const n of importError.failedChunks) expect(fake.attempts.get(n)).toBe(3);
    expect(importError.cause).toBe(cause);
    expect(importError.state.uploadedChunks).toEqual([...fake.received.keys()].sort((a, b) => a - b));
    expect(importError.state.uploadedChunks).not.toContain(3);
    // Once a chunk ran out of attempts no new chunk started: later calls are retries of chunks
    // that were already in flight.
    const numbers = (calls: string[]) => new Set(calls.filter((c) => c.startsWith("chunk ")));
    const later = numbers(fake.calls.slice(stoppedAt));
    const earlier = numbers(fake.calls.slice(0, stoppedAt));
    expect([...later].filter((c) => !earlier.has(c))).toEqual([]);
    expect(new Set(fake.chunkCalls()).size).toBeLessThan(50);
    expect(fake.calls).not.toContain("complete");

    // A different process: only the JSON of the state survives.
    const saved = JSON.parse(JSON.stringify(importError.state)) as ImportState;
    broken.clear();
    const before = new Set(saved.uploadedChunks);
    fake.calls.length = 0;
    const progress: ChunkProgress[] = [];
    const resumed = await resumeChunkedUpload(fake.deps, saved, { source: blobOf(data), retryDelayMs: 1, onProgress: (p) => progress.push(p) });

    expect(fake.calls.at(-1)).toBe("complete");
    expect(fake.chunkCalls().sort((a, b) => a - b)).toEqual(range(100).filter((n) => !before.has(n)));
    expect(resumed.state.uploadedChunks).toEqual(range(100));
    expect(resumed.completion).toBe(COMPLETION);
    expect(sha256(await fake.reassemble(100))).toBe(sha256(data));
    expect(progress.at(-1)).toMatchObject({ bytesUploaded: 1000, totalBytes: 1000, chunksUploaded: 100, totalChunks: 100 });
    expect(progress[0]!.chunksUploaded).toBe(before.size + 1);
  });

  it("lets in-flight chunks settle after a failure and records them", async () => {
    const gates = new Map<number, Deferred>();
    const fake = new FakeSession((n) => {
      const gate = deferred();
      gates.set(n, gate);
      return gate.promise;
    });
    const run = rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(100)), { chunkSize: 10, concurrency: 3, retries: 0 })));
    await settle();
    expect([...gates.keys()]).toEqual([0, 1, 2]);
    gates.get(1)!.reject(new Error("boom"));
    await settle();
    // Chunk 1 failed: no new chunk starts, though two slots are busy and one is free.
    expect(fake.chunkCalls()).toEqual([0, 1, 2]);
    gates.get(2)!.resolve();
    gates.get(0)!.resolve();
    const error = (await run) as ImportError<ImportState>;
    expect(error.failedChunks).toEqual([1]);
    expect(error.state.uploadedChunks).toEqual([0, 2]);
    expect(fake.chunkCalls()).toEqual([0, 1, 2]);
  });

  it.each(["failure", "abort"] as const)("does not send a chunk whose read finishes after a %s", async (stop) => {
    const data = bytes(40);
    const readGate = deferred();
    async function* gated() {
      yield data.slice(0, 10);
      await readGate.promise;
      yield data.slice(10);
    }
    const uploadGate = deferred();
    const fake = new FakeSession((n) => (n === 0 ? uploadGate.promise : undefined));
    const controller = new AbortController();
    const run = rejection(
      runChunkedUpload(fake.deps, options({ stream: gated(), size: 40 }, { chunkSize: 10, concurrency: 2, retries: 0, signal: controller.signal })),
    );
    await settle();
    expect(fake.chunkCalls()).toEqual([0]); // the second worker waits for chunk 1's bytes
    if (stop === "failure") uploadGate.reject(new Error("gone"));
    else controller.abort();
    await settle();
    readGate.resolve();
    const error = await run;
    for (let i = 0; i < 5; i++) await settle();
    expect(fake.chunkCalls()).toEqual([0]);
    if (stop === "failure") {
      expect((error as ImportError<ImportState>).failedChunks).toEqual([0]);
      expect((error as ImportError<ImportState>).state.uploadedChunks).toEqual([]);
    } else {
      expect(error).toBeInstanceOf(AbortError);
    }
  });

  it("resumes a stream source by reading past the chunks already sent", async () => {
    const data = bytes(95, 9);
    const fake = new FakeSession((n) => {
      if (n === 4) throw new Error("lost");
    });
    const first = await rejection(
      runChunkedUpload(fake.deps, options({ stream: iterate(pieces(data, [13, 2])), size: 95 }, { chunkSize: 10, concurrency: 1, retries: 1 })),
    );
    const state = (first as ImportError<ImportState>).state;
    expect(state.uploadedChunks).toEqual([0, 1, 2, 3]);

    const resumedFake = new FakeSession();
    for (const n of state.uploadedChunks) resumedFake.received.set(n, fake.received.get(n)!);
    const { state: done } = await resumeChunkedUpload(resumedFake.deps, state, { source: { stream: iterate(pieces(data, [31])), size: 95 } });
    expect(resumedFake.chunkCalls()).toEqual([4, 5, 6, 7, 8, 9]);
    expect(done.uploadedChunks).toEqual(range(10));
    expect(sha256(await resumedFake.reassemble(10))).toBe(sha256(data));
  });

  it("turns a stream that ends early into an ImportError whose cause names source.size", async () => {
    const fake = new FakeSession();
    const error = await rejection(
      runChunkedUpload(fake.deps, options({ stream: iterate([bytes(25)]), size: 40 }, { chunkSize: 10, concurrency: 2 })),
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).failedChunks).toEqual([2]);
    expect(((error as ImportError).cause as ValidationError).field).toBe("source.size");
    expect((error as ImportError).message).toMatch(/source\.size is 40 bytes/);
    expect((error as ImportError<ImportState>).state.uploadedChunks).toEqual([0, 1]);
    expect(fake.calls).not.toContain("complete");
  });

  it("returns startSession's own error when the session cannot be opened", async () => {
    const fake = new FakeSession();
    const refused = new Error("401");
    fake.deps.startSession = async () => {
      throw refused;
    };
    await expect(runChunkedUpload(fake.deps, options(blobOf(bytes(5))))).rejects.toBe(refused);
  });

  it.each([
    ["no sessionId", { expirationDate: new Date().toISOString() }],
    ["an unparseable expirationDate", { sessionId: "s", expirationDate: "soon" }],
  ])("refuses a session answer with %s before sending any chunk", async (_, answer) => {
    const fake = new FakeSession();
    fake.sessionResponse = answer;
    await expect(runChunkedUpload(fake.deps, options(blobOf(bytes(5))))).rejects.toBeInstanceOf(UnexpectedResponseError);
    expect(fake.calls).toEqual(["start"]);
  });

  // ---------- session expiry ----------

  it("refuses to start a chunk when the session expires within the margin", async () => {
    const fake = new FakeSession();
    const expiresAt = Date.parse(fake.expirationDate);
    const error = await rejection(
      runChunkedUpload(fake.deps, options(blobOf(bytes(30)), { chunkSize: 10, now: () => expiresAt - 5_000, expiryMarginMs: 10_000 })),
    );
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as SessionExpiredError).sessionId).toBe("3f2b0c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
    expect(fake.calls).toEqual(["start"]);
  });

  it("stops part-way when the clock reaches the margin", async () => {
    const fake = new FakeSession();
    const expiresAt = Date.parse(fake.expirationDate);
    let clock = expiresAt - HOUR;
    fake.deps.uploadChunk = ((original) => async (...args: Parameters<typeof original>) => {
      await original(...args);
      if (args[1] === 1) clock = expiresAt - 9_999;
    })(fake.deps.uploadChunk);
    const error = await rejection(
      runChunkedUpload(fake.deps, options(blobOf(bytes(50)), { chunkSize: 10, concurrency: 1, now: () => clock, expiryMarginMs: 10_000 })),
    );
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(fake.chunkCalls()).toEqual([0, 1]);
    expect(fake.calls).not.toContain("complete");
  });

  it("uploads right up to the margin", async () => {
    const fake = new FakeSession();
    const expiresAt = Date.parse(fake.expirationDate);
    await runChunkedUpload(fake.deps, options(blobOf(bytes(5)), { now: () => expiresAt - 10_001, expiryMarginMs: 10_000 }));
    expect(fake.calls).toEqual(["start", "chunk 0", "complete"]);
  });

  it.each([[[0]], [[0, 1, 2]]])("resume refuses an expired session without any call (uploaded %j)", async (uploadedChunks) => {
    const fake = new FakeSession();
    const state = stateFor({ expirationDate: new Date(Date.now() + 5_000).toISOString(), uploadedChunks });
    await expect(resumeChunkedUpload(fake.deps, state, { source: blobOf(bytes(30)) })).rejects.toBeInstanceOf(SessionExpiredError);
    expect(fake.calls).toEqual([]);
  });

  // ---------- abort ----------

  it("rejects with AbortError at once on abort, and starts no further chunk", async () => {
    const fake = new FakeSession(() => new Promise<void>(() => {})); // ignores the signal on purpose
    const controller = new AbortController();
    const run = rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(100)), { chunkSize: 10, concurrency: 2, signal: controller.signal })));
    await settle();
    expect(fake.chunkCalls()).toEqual([0, 1]);
    controller.abort(new Error("user cancelled"));
    const error = await run;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error("user cancelled"));
    expect(fake.signals.every((s) => s === controller.signal)).toBe(true);
    for (let i = 0; i < 5; i++) await settle();
    expect(fake.chunkCalls()).toEqual([0, 1]);
    expect(fake.calls).not.toContain("complete");
  });

  it("an abort during an upload that honours the signal starts nothing new", async () => {
    const controller = new AbortController();
    const fake = new FakeSession(
      (n, _, signal) =>
        new Promise<void>((resolve, reject) => {
          if (n === 2) controller.abort();
          if (signal?.aborted) reject(new DOMException("aborted", "AbortError"));
          signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          setTimeout(resolve, 5);
        }),
    );
    const error = await rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(100)), { chunkSize: 10, concurrency: 1, signal: controller.signal })));
    expect(error).toBeInstanceOf(AbortError);
    // Once the chunks in flight have settled, a loop that went on would start the next one.
    await until(() => fake.inFlight === 0);
    await settle();
    expect(fake.chunkCalls()).toEqual([0, 1, 2]);
  });

  it("an abort cuts a retry backoff short", async () => {
    const controller = new AbortController();
    const fake = new FakeSession(() => {
      throw new Error("flaky");
    });
    // A 10-minute backoff outlasts the file's 60 s test timeout: an abort that did not cut the
    // pause short leaves `run` pending and the test fails, with no clock read.
    const run = rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(5)), { retryDelayMs: 600_000, signal: controller.signal })));
    await settle();
    controller.abort();
    expect(await run).toBeInstanceOf(AbortError);
    expect(fake.attempts.get(0)).toBe(1);
  });

  it("an abort while the session is opening rejects at once", async () => {
    const controller = new AbortController();
    const fake = new FakeSession();
    fake.deps.startSession = () => new Promise(() => {});
    const run = rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(5)), { signal: controller.signal })));
    await settle();
    controller.abort();
    expect(await run).toBeInstanceOf(AbortError);
  });

  it("an already-aborted signal sends nothing", async () => {
    const fake = new FakeSession();
    const error = await rejection(runChunkedUpload(fake.deps, options(blobOf(bytes(5)), { signal: AbortSignal.abort() })));
    expect(error).toBeInstanceOf(AbortError);
    expect(fake.calls).toEqual([]);
  });

  // ---------- progress ----------

  it("reports each chunk once, with running totals", async () => {
    const fake = new FakeSession(async (n) => {
      await new Promise((r) => setTimeout(r, (7 - n) % 4));
    });
    const progress: ChunkProgress[] = [];
    const states: ImportState[] = [];
    await runChunkedUpload(
      fake.deps,
      options(blobOf(bytes(65)), {
        chunkSize: 10,
        concurrency: 3,
        onProgress: (p) => progress.push(p),
        onState: (s) => states.push(s),
      }),
    );
    expect(progress.map((p) => p.chunkNumber).sort((a, b) => a - b)).toEqual(range(7));
    expect(progress.map((p) => p.chunksUploaded)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    let bytesSoFar = 0;
    for (const p of progress) {
      bytesSoFar += p.chunkNumber === 6 ? 5 : 10;
      expect(p).toMatchObject({ bytesUploaded: bytesSoFar, totalBytes: 65, totalChunks: 7 });
    }
    // One snapshot once the session exists, then one per chunk.
    expect(states).toHaveLength(8);
    expect(states[0]!.uploadedChunks).toEqual([]);
    expect(states.at(-1)!.uploadedChunks).toEqual(range(7));
  });

  it("stops when onProgress throws, with that error", async () => {
    const fake = new FakeSession();
    const oops = new Error("progress bar broke");
    await expect(
      runChunkedUpload(
        fake.deps,
        options(blobOf(bytes(50)), {
          chunkSize: 10,
          concurrency: 1,
          onProgress: () => {
            throw oops;
          },
        }),
      ),
    ).rejects.toBe(oops);
    expect(fake.chunkCalls()).toEqual([0]);
  });

  // ---------- validation ----------

  const good = (): ChunkedUploadOptions => options(blobOf(bytes(10)));
  it.each<[string, Partial<Record<keyof ChunkedUploadOptions, unknown>>, string, string]>([
    ["empty fileName", { fileName: "" }, "fileName", "minLength"],
    ["blank fileName", { fileName: "  " }, "fileName", "minLength"],
    ["missing fileExtension", { fileExtension: undefined }, "fileExtension", "required"],
    ["empty fileContext", { fileContext: "" }, "fileContext", "minLength"],
    ["non-boolean isAdapter", { isAdapter: "yes" }, "isAdapter", "type"],
    ["zero chunkSize", { chunkSize: 0 }, "chunkSize", "minimum"],
    ["fractional chunkSize", { chunkSize: 2.5 }, "chunkSize", "type"],
    ["NaN chunkSize", { chunkSize: Number.NaN }, "chunkSize", "type"],
    ["zero concurrency", { concurrency: 0 }, "concurrency", "minimum"],
    ["fractional concurrency", { concurrency: 1.5 }, "concurrency", "type"],
    ["negative retries", { retries: -1 }, "retries", "minimum"],
    ["fractional retries", { retries: 0.5 }, "retries", "type"],
    ["negative expiryMarginMs", { expiryMarginMs: -1 }, "expiryMarginMs", "minimum"],
    ["negative retryDelayMs", { retryDelayMs: -5 }, "retryDelayMs", "minimum"],
    ["string onProgress", { onProgress: "log" }, "onProgress", "type"],
    ["string signal", { signal: "stop" }, "signal", "type"],
    ["zero-byte Blob", { source: new Blob([]) }, "source.size", "minimum"],
    ["zero-size stream", { source: { stream: iterate([]), size: 0 } }, "source.size", "minimum"],
    ["fractional stream size", { source: { stream: iterate([]), size: 1.5 } }, "source.size", "type"],
    ["stream without a size", { source: { stream: iterate([]) } }, "source.size", "type"],
    ["not a source", { source: "llama.tar" }, "source", "type"],
    ["no source", { source: undefined }, "source", "type"],
  ])("refuses %s with a ValidationError naming the field and rule, sending nothing", async (_, change, field, rule) => {
    const fake = new FakeSession();
    const error = await rejectedValidationError(runChunkedUpload(fake.deps, { ...good(), ...change } as ChunkedUploadOptions));
    expect(error.issues).toContainEqual(expect.objectContaining({ field, rule }));
    expect(error.issues.find((i) => i.field === field)!.message).toContain(field);
    expect(fake.calls).toEqual([]);
  });

  it("reports every bad option at once", async () => {
    const fake = new FakeSession();
    const error = await rejectedValidationError(runChunkedUpload(fake.deps, { ...good(), fileName: "", chunkSize: 0, concurrency: 0 }));
    expect(error.issues.map((i) => i.field).sort()).toEqual(["chunkSize", "concurrency", "fileName"]);
    expect(fake.calls).toEqual([]);
  });

  it("refuses a missing options object", async () => {
    const fake = new FakeSession();
    const error = await rejectedValidationError(runChunkedUpload(fake.deps, undefined as unknown as ChunkedUploadOptions));
    expect(error.issues[0]).toMatchObject({ field: "options", rule: "type" });
    expect(fake.calls).toEqual([]);
  });
});

// ---------- resume ----------

function stateFor(change: Partial<ImportState> = {}): ImportState {
  return {
    version: 2,
    sessionId: "3f2b0c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    expirationDate: new Date(Date.now() + HOUR).toISOString(),
    modelId: "cm-1",
    fileName: "llama.tar",
    fileExtension: "tar",
    fileContext: "model",
    fileSize: 30,
    chunkSize: 10,
    totalChunks: 3,
    uploadedChunks: [0],
    source: { size: 30, sampleBytes: 4096, samples: {} },
    ...change,
  };
}

describe("resumeChunkedUpload", () => {
  it("completes at once when every chunk is already there", async () => {
    const fake = new FakeSession();
    const result = await resumeChunkedUpload(fake.deps, stateFor({ uploadedChunks: [0, 1, 2] }), { source: blobOf(bytes(30)) });
    expect(fake.calls).toEqual(["complete"]);
    expect(result.state.uploadedChunks).toEqual([0, 1, 2]);
  });

  // The engine writes the list ascending and each chunk once; anything else was edited, and a
  // silent repair could hide a chunk that was never sent.
  it.each([
    [[2, 0, 1], "state.uploadedChunks[1]", "ascending"],
    [[0, 1, 1], "state.uploadedChunks[2]", "uniqueItems"],
  ])("refuses an edited chunk list %j, naming %s, sending nothing", async (uploadedChunks, field, rule) => {
    const fake = new FakeSession();
    const error = await rejectedValidationError(resumeChunkedUpload(fake.deps, stateFor({ uploadedChunks }), { source: blobOf(bytes(30)) }));
    expect(error.issues).toContainEqual(expect.objectContaining({ field, rule }));
    expect(fake.calls).toEqual([]);
  });

  it("refuses a state whose sessionId is not a session id, sending nothing", async () => {
    const fake = new FakeSession();
    const error = await rejectedValidationError(resumeChunkedUpload(fake.deps, stateFor({ sessionId: "cm-4e5f6a7b" }), { source: blobOf(bytes(30)) }));
    expect(error.issues).toContainEqual(expect.objectContaining({ field: "state.sessionId", rule: "pattern" }));
    expect(fake.calls).toEqual([]);
  });

  it("leaves the caller's state object untouched", async () => {
    const fake = new FakeSession();
    const state = stateFor();
    const result = await resumeChunkedUpload(fake.deps, state, { source: blobOf(bytes(30)) });
    expect(state.uploadedChunks).toEqual([0]);
    expect(result.state.uploadedChunks).toEqual([0, 1, 2]);
  });

  it.each<[string, unknown, string, string]>([
    ["no state", undefined, "state", "type"],
    ["another version", { ...stateFor(), version: 3 }, "state.version", "const"],
    ["version 1, which cannot say which file it was", { ...stateFor(), version: 1 }, "state.version", "const"],
    ["no source record", { ...stateFor(), source: undefined }, "state.source", "type"],
    ["samples that are not digests", stateFor({ source: { size: 30, sampleBytes: 4096, samples: { "0": "x" } } }), "state.source.samples", "type"],
    ["an empty sessionId", stateFor({ sessionId: "" }), "state.sessionId", "minLength"],
    ["a bad expirationDate", stateFor({ expirationDate: "tomorrow" }), "state.expirationDate", "format"],
    ["a zero fileSize", stateFor({ fileSize: 0 }), "state.fileSize", "minimum"],
    ["a fractional chunkSize", stateFor({ chunkSize: 2.5 }), "state.chunkSize", "type"],
    ["an inconsistent totalChunks", stateFor({ totalChunks: 4 }), "state.totalChunks", "const"],
    ["uploadedChunks not an array", { ...stateFor(), uploadedChunks: "0,1" }, "state.uploadedChunks", "type"],
    ["a chunk past the end", stateFor({ uploadedChunks: [0, 3] }), "state.uploadedChunks[1]", "maximum"],
    ["a negative chunk", stateFor({ uploadedChunks: [-1] }), "state.uploadedChunks[0]", "minimum"],
    ["a non-boolean isAdapter", { ...stateFor(), isAdapter: 1 }, "state.isAdapter", "type"],
  ])("refuses a state with %s, sending nothing", async (_, state, field, rule) => {
    const fake = new FakeSession();
    const error = await rejectedValidationError(resumeChunkedUpload(fake.deps, state as ImportState, { source: blobOf(bytes(30)) }));
    expect(error.issues).toContainEqual(expect.objectContaining({ field, rule }));
    expect(fake.calls).toEqual([]);
  });

  describe("another file of the same size", () => {
    // A first run that sends chunk 0 and fails on chunk 1 leaves a state with chunk 0's sample.
    async function stateAfterChunk0(source: Blob): Promise<ImportState> {
      const fake = new FakeSession((n) => {
        if (n === 1) throw new ValidationError([{ field: "file", rule: "x", message: "refused" }]);
      });
      const error = await rejection(runChunkedUpload(fake.deps, options(source, { chunkSize: 10, concurrency: 1 })));
      return (error as ImportError<ImportState>).state;
    }

    it("is refused before anything is sent when its bytes differ from a chunk already sent", async () => {
      const state = await stateAfterChunk0(blobOf(bytes(30)));
      expect(state.uploadedChunks).toEqual([0]);
      const other = new Uint8Array(30).fill(7);
      const fake = new FakeSession();
      const error = await rejectedValidationError(resumeChunkedUpload(fake.deps, state, { source: new Blob([other]) }));
      expect(error.issues).toEqual([expect.objectContaining({ field: "source", rule: "sameSource" })]);
      expect(error.message).toContain("chunk 0");
      expect(fake.calls).toEqual([]);
    });

    it("is refused when the same name was written again since (its modification time)", async () => {
      const first = new File([blobOf(bytes(30))], "llama.tar", { lastModified: 1_700_000_000_000 });
      const state = await stateAfterChunk0(first);
      expect(state.source).toMatchObject({ name: "llama.tar", lastModified: 1_700_000_000_000, size: 30 });
      const rewritten = new File([blobOf(bytes(30))], "llama.tar", { lastModified: 1_700_000_100_000 });
      const fake = new FakeSession();
      const error = await rejectedValidationError(resumeChunkedUpload(fake.deps, state, { source: rewritten }));
      expect(error.issues).toEqual([expect.objectContaining({ field: "source.lastModified", rule: "sameSource" })]);
      expect(fake.calls).toEqual([]);
    });

    it("keeps the state small however many chunks: about 256 samples spread over the file, the first and last included", async () => {
      const fake = new FakeSession();
      const result = await runChunkedUpload(fake.deps, options(blobOf(bytes(3000)), { chunkSize: 1, concurrency: 8 }));
      const sampled = Object.keys(result.state.source.samples).map(Number).sort((a, b) => a - b);
      expect(sampled.length).toBeGreaterThan(200);
      expect(sampled.length).toBeLessThanOrEqual(258);
      expect(sampled[0]).toBe(0);
      expect(sampled.at(-1)).toBe(2999);
      // Spread: no gap wider than the stride.
      const gaps = sampled.slice(1).map((n, i) => n - sampled[i]!);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(Math.ceil(3000 / 256));
    });

    it("resumes the same bytes under another name (a moved file), sending only what is missing", async () => {
      const state = await stateAfterChunk0(new File([blobOf(bytes(30))], "llama.tar", { lastModified: 5 }));
      const fake = new FakeSession();
      await resumeChunkedUpload(fake.deps, state, { source: new File([blobOf(bytes(30))], "moved.tar", { lastModified: 5 }) });
      expect(fake.calls).toEqual(["chunk 1", "chunk 2", "complete"]);
    });
  });

  it.each<[string, unknown, string, string]>([
    ["a source of another size", blobOf(bytes(31)), "source.size", "const"],
    ["an empty source", new Blob([]), "source.size", "minimum"],
    ["no source", undefined, "source", "type"],
  ])("refuses %s, sending nothing", async (_, source, field, rule) => {
    const fake = new FakeSession();
    const error = await rejectedValidationError(resumeChunkedUpload(fake.deps, stateFor(), { source: source as Blob }));
    expect(error.issues).toContainEqual(expect.objectContaining({ field, rule }));
    expect(fake.calls).toEqual([]);
  });

  it("refuses bad transfer options, sending nothing", async () => {
    const fake = new FakeSession();
    expect(await rejectedIssues(resumeChunkedUpload(fake.deps, stateFor(), { source: blobOf(bytes(30)), concurrency: 0, retries: -1 }))).toEqual([
      ["concurrency", "minimum"],
      ["retries", "minimum"],
    ]);
    expect(fake.calls).toEqual([]);
  });
});
