// The chunked import engine (model import, and Upload File above 25 MB with `bulkImport`):
// open a session, send numbered chunks with bounded concurrency and memory, then complete.
// It only sees three injected functions, so it runs and is tested without HTTP; the client
// wires those to startImportSession, uploadImportChunk and completeImportSession.

import {
  AbortError,
  abortError,
  AuthenticationError,
  ImportError,
  NotFoundError,
  PermissionDeniedError,
  isTransientError,
  RateLimitError,
  PlatformError,
  SessionExpiredError,
  UnexpectedResponseError,
  ValidationError,
  type ValidationIssue,
} from "../errors.js";
import type { components } from "../../generated/platform.js";
import { abortListener, throwIfAborted, untilAborted } from "../internal/abort.js";
import { backoffDelay } from "../internal/backoff.js";
import { integerIn, isFunction, isSignal, nonBlank, numberAtLeast, required } from "../internal/option-check.js";
import { sleep } from "../internal/sleep.js";
import { RETRY_AFTER_LIMIT_MS } from "../http/retry-policy.js";
import { checkImportState, isDate, snapshot, type ImportState } from "./import-state.js";
import { checkUploadSource, chunkByteLength, chunkRange, openChunkReader, sourceSize, type ChunkBytes, type ChunkReader, type UploadSource } from "./upload-source.js";

export type { ImportState };

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

export interface TransferOptions {
  /** Chunks in flight at once; also the number of chunks held in memory for a stream source. Default 4. */
  concurrency?: number;
  /** Further attempts per chunk after its first failure. Default 3. */
  retries?: number;
  /** First backoff delay; it doubles per attempt. Default 250 ms. */
  retryDelayMs?: number;
  onProgress?: (progress: ChunkProgress) => void;
  /** Called with a fresh snapshot once the session exists and after each chunk, so a caller can persist it. */
  onState?: (state: ImportState) => void;
  signal?: AbortSignal;
  /** No chunk starts unless `now() + expiryMarginMs` is before the session's expirationDate. Default 10 s. */
  expiryMarginMs?: number;
  now?: () => number;
}

export interface ChunkedUploadOptions extends TransferOptions {
  source: UploadSource;
  fileName: string;
  fileExtension: string;
  fileContext: string;
  isAdapter?: boolean;
  /** Default 8 MiB. The service's maximum is not documented. */
  chunkSize?: number;
}

export interface ResumeChunkedUploadOptions extends TransferOptions {
  /** The same bytes as the first run, from the start (a stream is read past the chunks already sent). */
  source: UploadSource;
}

/** Short name used by the client's resumeImport. */
export type ResumeOptions = ResumeChunkedUploadOptions;

export interface ChunkedUploadResult<Completion = unknown> {
  state: ImportState;
  /** complete()'s answer as the service gave it: a job record, or `{url, fileId}` for `bulkImport`. */
  completion: Completion;
}

export const DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024;
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_RETRIES = 3;
const DEFAULT_RETRY_DELAY_MS = 250;
const DEFAULT_EXPIRY_MARGIN_MS = 10_000;
// Keeps a large `retries` from turning into minutes between attempts.
const MAX_RETRY_DELAY_MS = 10_000;

/** Number of chunks (numbered 0 … n-1) that `fileSize` bytes make in pieces of `chunkSize`. */
export function planChunks(fileSize: number, chunkSize: number): number {
  const issues = [...requiredInteger("fileSize", fileSize, 1), ...requiredInteger("chunkSize", chunkSize, 1)];
  if (issues.length) throw new ValidationError(issues);
  return Math.ceil(fileSize / chunkSize);
}

export async function runChunkedUpload<Completion = unknown>(
  deps: ChunkedUploadDeps<Completion>,
  options: ChunkedUploadOptions,
): Promise<ChunkedUploadResult<Completion>> {
  const settings = readTransferOptions(options);
  const issues = [...settings.issues];
  issues.push(...requiredText("fileName", options?.fileName), ...requiredText("fileExtension", options?.fileExtension), ...requiredText("fileContext", options?.fileContext));
  if (options?.isAdapter !== undefined && typeof options.isAdapter !== "boolean") {
    issues.push({ field: "isAdapter", rule: "type", message: "isAdapter must be a boolean" });
  }
  const chunkSize = options?.chunkSize ?? DEFAULT_CHUNK_SIZE;
  issues.push(...integerIn("chunkSize", chunkSize, 1));
  issues.push(...checkUploadSource(options?.source));
  if (issues.length) throw new ValidationError(issues);

  const { signal } = settings;
  throwIfAborted(signal);
  const fileSize = sourceSize(options.source);
  const body: StartSessionBody = {
    fileContext: options.fileContext,
    totalChunks: planChunks(fileSize, chunkSize),
    fileExtension: options.fileExtension,
    fileName: options.fileName,
    fileSize,
  };
  if (options.isAdapter !== undefined) body.isAdapter = options.isAdapter;

  const session = await untilAborted(deps.startSession(body, signal), signal);
  if (typeof session?.sessionId !== "string" || !session.sessionId || !isDate(session?.expirationDate)) {
    throw new UnexpectedResponseError("startImportSession answered without a sessionId and a parseable expirationDate", session);
  }
  const state: ImportState = {
    version: 1,
    sessionId: session.sessionId,
    expirationDate: session.expirationDate,
    ...(typeof session.modelId === "string" ? { modelId: session.modelId } : {}),
    fileName: body.fileName,
    fileExtension: body.fileExtension,
    fileContext: body.fileContext,
    ...(body.isAdapter !== undefined ? { isAdapter: body.isAdapter } : {}),
    fileSize,
    chunkSize,
    totalChunks: body.totalChunks,
    uploadedChunks: [],
  };
  settings.onState?.(snapshot(state));
  return uploadAndComplete(deps, state, options.source, settings);
}

export async function resumeChunkedUpload<Completion = unknown>(
  deps: ChunkedUploadDeps<Completion>,
  state: ImportState,
  options: ResumeChunkedUploadOptions,
): Promise<ChunkedUploadResult<Completion>> {
  const settings = readTransferOptions(options);
  const stateIssues = checkImportState(state);
  const sourceIssues = checkUploadSource(options?.source);
  const issues = [...settings.issues, ...stateIssues, ...sourceIssues];
  if (!stateIssues.length && !sourceIssues.length && options.source.size !== state.fileSize) {
    issues.push({
      field: "source.size",
      rule: "const",
      message: `source.size (${options.source.size}) must equal state.fileSize (${state.fileSize}): resume needs the same file`,
    });
  }
  if (issues.length) throw new ValidationError(issues);

  throwIfAborted(settings.signal);
  if (expiresSoon(state.expirationDate, settings)) throw new SessionExpiredError(state.sessionId, state.expirationDate);
  // The caller's object stays as it was; the returned and reported states are new ones.
  const own: ImportState = { ...state, uploadedChunks: [...state.uploadedChunks] };
  return uploadAndComplete(deps, own, options.source, settings);
}

interface TransferSettings {
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

function readTransferOptions(options: TransferOptions | undefined): TransferSettings {
  const issues: ValidationIssue[] = [];
  if (!options || typeof options !== "object") {
    issues.push({ field: "options", rule: "type", message: "options must be an object" });
  }
  const o: TransferOptions = options && typeof options === "object" ? options : {};
  const concurrency = o.concurrency ?? DEFAULT_CONCURRENCY;
  const retries = o.retries ?? DEFAULT_RETRIES;
  const retryDelayMs = o.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const expiryMarginMs = o.expiryMarginMs ?? DEFAULT_EXPIRY_MARGIN_MS;
  issues.push(
    ...integerIn("concurrency", concurrency, 1),
    ...integerIn("retries", retries, 0),
    ...numberAtLeast("retryDelayMs", retryDelayMs, 0),
    ...numberAtLeast("expiryMarginMs", expiryMarginMs, 0),
    ...isFunction("onProgress", o.onProgress),
    ...isFunction("onState", o.onState),
    ...isFunction("now", o.now),
    ...isSignal("signal", o.signal),
  );
  return {
    issues,
    concurrency,
    retries,
    retryDelayMs,
    expiryMarginMs,
    now: o.now ?? Date.now,
    signal: o.signal,
    onProgress: o.onProgress,
    onState: o.onState,
  };
}

async function uploadAndComplete<Completion>(
  deps: ChunkedUploadDeps<Completion>,
  state: ImportState,
  source: UploadSource,
  settings: TransferSettings,
): Promise<ChunkedUploadResult<Completion>> {
  const reader = openChunkReader(source, state.chunkSize);
  try {
    await new ChunkScheduler(deps, state, reader, settings).run();
  } finally {
    // Not awaited: releasing a stream can wait on a read the abort left pending.
    void reader.close().catch(() => {});
  }
  let completion: Completion;
  try {
    completion = await untilAborted(deps.complete(state.sessionId, settings.signal), settings.signal);
  } catch (error) {
    // Every chunk is in: the state resumes straight to a second completion attempt.
    if (error instanceof AbortError || !isTransient(error)) throw error;
    throw new ImportError([], snapshot(state), { cause: error });
  }
  return { state: snapshot(state), completion };
}

// What works when resuming would not, for the failures a resume cannot get past.
function nextStep(cause: unknown): string {
  if (cause instanceof ValidationError) return "resuming will not help: correct the source (the same bytes, with their exact size) and start a new import";
  if (cause instanceof NotFoundError) return "resuming will not help: the service no longer knows the session; start a new import";
  if (cause instanceof AuthenticationError || cause instanceof PermissionDeniedError) return "resuming will not help until the credentials are fixed; then resumeImport(error.state) continues it if the session has not expired";
  return "resuming will not help: the service refused the chunk; start a new import once the cause is fixed";
}

// An error from outside the client (a dependency a caller wired in) is of unknown kind: retry it.
function isTransient(error: unknown): boolean {
  return !(error instanceof PlatformError) || isTransientError(error);
}

/**
 * Workers pull chunk numbers in ascending order; each holds one chunk from its read until its
 * upload settles, so `concurrency` bounds both the requests in flight and the chunks in memory.
 */
class ChunkScheduler<Completion> {
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
      throw new ImportError<ImportState>(failed, snapshot(this.state), { cause: lasting ?? cause, ...(lasting ? { nextStep: nextStep(lasting) } : {}) });
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
      if (!(await this.send(chunkNumber, chunk))) return;
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

function expiresSoon(expiration: string | number, settings: Pick<TransferSettings, "now" | "expiryMarginMs">): boolean {
  const expiresAt = typeof expiration === "number" ? expiration : Date.parse(expiration);
  // Written as a negation so an unparseable date (NaN) counts as expired, never as open.
  return !(settings.now() + settings.expiryMarginMs < expiresAt);
}

function ascending(a: number, b: number): number {
  return a - b;
}

// Required values: `required` says when one is missing, the value rules only look at a given one.
function requiredText(field: string, value: unknown): ValidationIssue[] {
  return value === undefined ? required(field, value) : nonBlank(field, value);
}

function requiredInteger(field: string, value: unknown, min: number): ValidationIssue[] {
  return value === undefined ? required(field, value) : integerIn(field, value, min);
}
