// The chunks of one upload in flight: workers take chunk numbers in ascending order, each
// chunk is retried with backoff on a transient failure, progress and state are reported per
// acknowledged chunk, and the session's expiry stops new chunks in time. Used by
// ./chunked-upload.ts for a first run and a resume alike.
import {
  abortError,
  AuthenticationError,
  ConfigurationError,
  ImportError,
  isTransientError,
  NotFoundError,
  PermissionDeniedError,
  PlatformError,
  RateLimitError,
  resumeMethodFor,
  SessionExpiredError,
  ValidationError,
  type ValidationIssue,
} from "../../kernel/errors.js";
import { RETRY_AFTER_LIMIT_MS } from "../http/retry-policy.js";
import { abortListener } from "../../kernel/abort.js";
import { backoffDelay } from "../../kernel/backoff.js";
import { sleep } from "../../kernel/sleep.js";
import type { components } from "../../generated/platform.js";
import { snapshot, type ImportState } from "./import-state.js";
import { isSampled, sampleOf } from "./source-identity.js";
import { chunkByteLength, chunkRange, type ChunkBytes, type ChunkReader } from "./upload-source.js";

// Keeps a large `retries` from turning into minutes between attempts.
const MAX_RETRY_DELAY_MS = 10_000;

export type StartSessionBody = components["schemas"]["StartImportSessionRequest"];

export interface ChunkedUploadDeps<Completion = unknown> {
  startSession(body: StartSessionBody, signal?: AbortSignal): Promise<{ sessionId: string; expirationDate: string; modelId?: string }>;
  /** Throws on failure, after the transport's own retries. */
  uploadChunk(sessionId: string, chunkNumber: number, chunk: ChunkBytes, signal?: AbortSignal): Promise<void>;
  complete(sessionId: string, signal?: AbortSignal): Promise<Completion>;
}

export interface ChunkProgress {
  /** Bytes of the acknowledged chunks; a chunk counts once however many times it was sent. */
  bytesUploaded: number;
  totalBytes: number;
  chunksUploaded: number;
  totalChunks: number;
  /** The chunk that just completed. */
  chunkNumber: number;
}

export interface TransferSettings {
  issues: ValidationIssue[];
  concurrency: number;
  retries: number;
  retryDelayMs: number;
  expiryMarginMs: number;
  now: () => number;
  signal: AbortSignal | undefined;
  onProgress: ((progress: ChunkProgress) => void) | undefined;
  onState: ((state: ImportState) => void) | undefined;
}

// What works when resuming would not, for the failures a resume cannot get past. The client's
// own refusal of a chunk request says which field and rule it broke: that is what to fix.
function nextStep(cause: unknown, state: ImportState): string {
  // A missing credential is a ConfigurationError, a kind of ValidationError, but fixing it is what lets a resume work.
  if (cause instanceof ConfigurationError) return `resuming will not help until the client's ${cause.option} option is fixed; then ${resumeMethodFor(state)}(error.state, { source }) continues it if the session has not expired`;
  if (cause instanceof ValidationError) return `resuming will not help: the client would not send the chunk (${cause.issues.map((i) => i.message).join("; ")}); start a new import once that is fixed`;
  if (cause instanceof NotFoundError) return "resuming will not help: the service no longer knows the session; start a new import";
  if (cause instanceof AuthenticationError || cause instanceof PermissionDeniedError) return `resuming will not help until the credentials are fixed; then ${resumeMethodFor(state)}(error.state, { source }) continues it if the session has not expired`;
  return "resuming will not help: the service refused the chunk; start a new import once the cause is fixed";
}

// An error from outside the client (a dependency a caller wired in) is of unknown kind: retry it.
export function isTransient(error: unknown): boolean {
  return !(error instanceof PlatformError) || isTransientError(error);
}

/**
 * Workers pull chunk numbers in ascending order; each holds one chunk from its read until its
 * upload settles, so `concurrency` bounds both the requests in flight and the chunks in memory.
 */
export class ChunkScheduler<Completion> {
  private readonly pending: number[];
  private readonly done: Set<number>;
  private bytesUploaded = 0;
  private nextIndex = 0;
  private stopped = false;
  private expired = false;
  private fatal: { error: unknown } | undefined;
  private readonly failures = new Map<number, unknown>();
  // Reads go one after another: a stream can only yield its bytes in order.
  private readQueue: Promise<unknown> = Promise.resolve();
  private readonly expiresAt: number;

  constructor(
    private readonly deps: ChunkedUploadDeps<Completion>,
    private readonly state: ImportState,
    private readonly reader: ChunkReader,
    private readonly settings: TransferSettings,
  ) {
    this.done = new Set(state.uploadedChunks);
    this.pending = [];
    for (let n = 0; n < state.totalChunks; n++) if (!this.done.has(n)) this.pending.push(n);
    for (const n of this.done) this.bytesUploaded += this.sizeOf(n);
    this.expiresAt = Date.parse(state.expirationDate);
  }

  async run(): Promise<void> {
    const { signal } = this.settings;
    const workerCount = Math.min(this.settings.concurrency, this.pending.length);
    const workers = Promise.all(Array.from({ length: workerCount }, () => this.worker()));
    const abort = abortListener(signal);
    try {
      await Promise.race([workers, abort.promise]);
    } finally {
      abort.dispose();
    }
    if (signal?.aborted) throw abortError(signal);
    if (this.expired) throw new SessionExpiredError(this.state.sessionId, this.state.expirationDate);
    if (this.fatal) throw this.fatal.error;
    if (this.failures.size) {
      const failed = [...this.failures.keys()].sort(ascending);
      const cause = this.failures.values().next().value;
      // Resuming helps only when every chunk failed for a reason that may pass (no answer, 5xx).
      const lasting = [...this.failures.values()].find((error) => !isTransient(error));
      throw new ImportError<ImportState>(failed, snapshot(this.state), {
        cause: lasting ?? cause,
        ...(lasting ? { nextStep: nextStep(lasting, this.state) } : {}),
      });
    }
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.halted()) return;
      const chunkNumber = this.pending[this.nextIndex++];
      if (chunkNumber === undefined) return;
      let chunk: ChunkBytes;
      try {
        chunk = await this.read(chunkNumber);
      } catch (error) {
        // A read that fails after the stop (stream released) is not this chunk's fault.
        if (!this.halted()) this.fail(chunkNumber, error);
        return;
      }
      if (this.halted()) return;
      // The sample is taken while the chunk is in hand: a stream's bytes are reused once released.
      const sample = isSampled(chunkNumber, this.state.totalChunks) ? sampleOf(chunk, this.state.source.sampleBytes) : undefined;
      sample?.catch(() => {});
      if (!(await this.send(chunkNumber, chunk))) return;
      try {
        if (sample) this.state.source.samples[String(chunkNumber)] = await sample;
      } catch (error) {
        // Sent but not recorded: a resume sends it again, which the session allows.
        this.fail(chunkNumber, error);
        return;
      }
      this.acknowledge(chunkNumber, chunkByteLength(chunk));
      this.reader.release(chunk);
    }
  }

  private halted(): boolean {
    return this.stopped || this.settings.signal?.aborted === true;
  }

  private read(chunkNumber: number): Promise<ChunkBytes> {
    const result = this.readQueue.then(() => this.reader.read(chunkNumber));
    this.readQueue = result.catch(() => {});
    return result;
  }

  /** One chunk with its retries; false when it did not get through. */
  private async send(chunkNumber: number, chunk: ChunkBytes): Promise<boolean> {
    const { signal, retries } = this.settings;
    let askedWait = 0;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) return false;
      if (expiresSoon(this.expiresAt, this.settings)) {
        this.expired = true;
        this.stopped = true;
        return false;
      }
      try {
        await this.deps.uploadChunk(this.state.sessionId, chunkNumber, chunk, signal);
        return true;
      } catch (error) {
        if (signal?.aborted) return false;
        if (attempt >= retries || !isTransient(error)) {
          this.fail(chunkNumber, error);
          return false;
        }
        // The transport does not repeat a chunk (its body streams from the file, once), so the
        // service's Retry-After is honoured here, up to the same 60 s limit.
        const retryAfter = error instanceof RateLimitError ? error.retryAfterMs : undefined;
        askedWait = retryAfter !== undefined && retryAfter <= RETRY_AFTER_LIMIT_MS ? retryAfter : 0;
      }
      try {
        // "Equal jitter": chunks that failed together (a service hiccup) come back spread out,
        // and each still waits at least half of the doubling step.
        const step = Math.min(MAX_RETRY_DELAY_MS, this.settings.retryDelayMs * 2 ** attempt);
        await sleep(Math.max(askedWait, backoffDelay(attempt, { baseMs: this.settings.retryDelayMs, capMs: MAX_RETRY_DELAY_MS, floorMs: step / 2 })), signal);
      } catch {
        return false;
      }
    }
  }

  private fail(chunkNumber: number, error: unknown): void {
    this.failures.set(chunkNumber, error);
    this.stopped = true;
  }

  private acknowledge(chunkNumber: number, size: number): void {
    // Each number is handed out once and only a success lands here, so a retried chunk
    // still counts once.
    this.done.add(chunkNumber);
    this.bytesUploaded += size;
    this.state.uploadedChunks.push(chunkNumber);
    const { onProgress, onState } = this.settings;
    try {
      onProgress?.({
        bytesUploaded: this.bytesUploaded,
        totalBytes: this.state.fileSize,
        chunksUploaded: this.done.size,
        totalChunks: this.state.totalChunks,
        chunkNumber,
      });
      onState?.(snapshot(this.state));
    } catch (error) {
      // A throwing callback is the caller's bug: stop rather than upload on unobserved.
      this.fatal ??= { error };
      this.stopped = true;
    }
  }

  private sizeOf(chunkNumber: number): number {
    const { start, end } = chunkRange(chunkNumber, this.state.chunkSize, this.state.fileSize);
    return end - start;
  }
}

export function expiresSoon(expiration: string | number, settings: Pick<TransferSettings, "now" | "expiryMarginMs">): boolean {
  const expiresAt = typeof expiration === "number" ? expiration : Date.parse(expiration);
  // Written as a negation so an unparseable date (NaN) counts as expired, never as open.
  return !(settings.now() + settings.expiryMarginMs < expiresAt);
}

function ascending(a: number, b: number): number {
  return a - b;
}

