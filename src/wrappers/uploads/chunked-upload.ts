// The chunked import engine (model import, and Upload File above 25 MB with `bulkImport`):
// open a session, send numbered chunks with bounded concurrency and memory, then complete.
// It only sees three injected functions, so it runs and is tested without HTTP; the client
// wires those to startImportSession, uploadImportChunk and completeImportSession.

import {
  abortError,
  AbortError,
  ImportError,
  isTransientError,
  RateLimitError,
  PlatformError,
  SessionExpiredError,
  UnexpectedResponseError,
  ValidationError,
  type ValidationIssue,
} from "../errors.js";
import type { components } from "../../generated/platform.js";
import { RETRY_AFTER_LIMIT_MS } from "../http/retry-policy.js";
import { checkUploadSource, chunkRange, openChunkReader, sourceSize, type ChunkReader, type UploadSource } from "./upload-source.js";

export type StartSessionBody = components["schemas"]["StartImportSessionRequest"];

export interface ChunkedUploadDeps<Completion = unknown> {
  startSession(body: StartSessionBody, signal?: AbortSignal): Promise<{ sessionId: string; expirationDate: string; modelId?: string }>;
  /** Throws on failure, after the transport's own retries. */
  uploadChunk(sessionId: string, chunkNumber: number, chunk: Blob, signal?: AbortSignal): Promise<void>;
  complete(sessionId: string, signal?: AbortSignal): Promise<Completion>;
}

/** Plain JSON: persist it (e.g. from ImportError.state or onState) and resume in another process. */
export interface ImportState {
  version: 1;
  sessionId: string;
  expirationDate: string;
  modelId?: string;
  fileName: string;
  fileExtension: string;
  fileContext: string;
  isAdapter?: boolean;
  fileSize: number;
  chunkSize: number;
  totalChunks: number;
  /** Chunks the service acknowledged, ascending. */
  uploadedChunks: number[];
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
  const issues = [...positiveInteger("fileSize", fileSize), ...positiveInteger("chunkSize", chunkSize)];
  if (issues.length) throw new ValidationError(issues);
  return Math.ceil(fileSize / chunkSize);
}

export async function runChunkedUpload<Completion = unknown>(
  deps: ChunkedUploadDeps<Completion>,
  options: ChunkedUploadOptions,
): Promise<ChunkedUploadResult<Completion>> {
  const settings = readTransferOptions(options);
  const issues = [...settings.issues];
  issues.push(...nonBlank("fileName", options?.fileName));
  issues.push(...nonBlank("fileExtension", options?.fileExtension));
  issues.push(...nonBlank("fileContext", options?.fileContext));
  if (options?.isAdapter !== undefined && typeof options.isAdapter !== "boolean") {
    issues.push({ field: "isAdapter", rule: "type", message: "isAdapter must be a boolean" });
  }
  const chunkSize = options?.chunkSize ?? DEFAULT_CHUNK_SIZE;
  issues.push(...positiveInteger("chunkSize", chunkSize));
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
  const own: ImportState = { ...state, uploadedChunks: [...new Set(state.uploadedChunks)].sort(ascending) };
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
  issues.push(...positiveInteger("concurrency", concurrency));
  issues.push(...integerAtLeast("retries", retries, 0));
  issues.push(...finiteAtLeastZero("retryDelayMs", retryDelayMs));
  issues.push(...finiteAtLeastZero("expiryMarginMs", expiryMarginMs));
  for (const name of ["onProgress", "onState", "now"] as const) {
    if (o[name] !== undefined && typeof o[name] !== "function") {
      issues.push({ field: name, rule: "type", message: `${name} must be a function` });
    }
  }
  if (o.signal !== undefined && !isSignal(o.signal)) {
    issues.push({ field: "signal", rule: "type", message: "signal must be an AbortSignal" });
  }
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

/** Issues with a state that did not come from this engine (edited, truncated, or another version). */
export function checkImportState(state: unknown): ValidationIssue[] {
  if (!state || typeof state !== "object") return [{ field: "state", rule: "type", message: "state must be an ImportState object" }];
  const s = state as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  if (s.version !== 1) issues.push({ field: "state.version", rule: "const", message: "state.version must be 1" });
  for (const key of ["sessionId", "fileName", "fileExtension", "fileContext"]) issues.push(...nonBlank(`state.${key}`, s[key]));
  if (!isDate(s.expirationDate)) {
    issues.push({ field: "state.expirationDate", rule: "format", message: "state.expirationDate must be an ISO 8601 date-time" });
  }
  if (s.modelId !== undefined && typeof s.modelId !== "string") {
    issues.push({ field: "state.modelId", rule: "type", message: "state.modelId must be a string" });
  }
  if (s.isAdapter !== undefined && typeof s.isAdapter !== "boolean") {
    issues.push({ field: "state.isAdapter", rule: "type", message: "state.isAdapter must be a boolean" });
  }
  const sizeIssues = [...positiveInteger("state.fileSize", s.fileSize), ...positiveInteger("state.chunkSize", s.chunkSize)];
  issues.push(...sizeIssues);
  const totalChunks = sizeIssues.length ? undefined : Math.ceil((s.fileSize as number) / (s.chunkSize as number));
  if (totalChunks !== undefined && s.totalChunks !== totalChunks) {
    issues.push({
      field: "state.totalChunks",
      rule: "const",
      message: `state.totalChunks must be ceil(fileSize / chunkSize) = ${totalChunks}`,
    });
  }
  if (!Array.isArray(s.uploadedChunks)) {
    issues.push({ field: "state.uploadedChunks", rule: "type", message: "state.uploadedChunks must be an array of chunk numbers" });
  } else {
    s.uploadedChunks.forEach((n: unknown, i) => {
      const field = `state.uploadedChunks[${i}]`;
      if (!Number.isInteger(n)) issues.push({ field, rule: "type", message: `${field} must be an integer` });
      else if ((n as number) < 0) issues.push({ field, rule: "minimum", message: `${field} must be >= 0` });
      else if (totalChunks !== undefined && (n as number) >= totalChunks) {
        issues.push({ field, rule: "maximum", message: `${field} must be < totalChunks (${totalChunks})` });
      }
    });
  }
  return issues;
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
      throw new ImportError<ImportState>(failed, snapshot(this.state), { cause });
    }
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.halted()) return;
      const chunkNumber = this.pending[this.nextIndex++];
      if (chunkNumber === undefined) return;
      let chunk: Blob;
      try {
        chunk = await this.read(chunkNumber);
      } catch (error) {
        // A read that fails after the stop (stream released) is not this chunk's fault.
        if (!this.halted()) this.fail(chunkNumber, error);
        return;
      }
      if (this.halted()) return;
      if (!(await this.send(chunkNumber, chunk))) return;
      this.acknowledge(chunkNumber, chunk.size);
    }
  }

  private halted(): boolean {
    return this.stopped || this.settings.signal?.aborted === true;
  }

  private read(chunkNumber: number): Promise<Blob> {
    const result = this.readQueue.then(() => this.reader.read(chunkNumber));
    this.readQueue = result.catch(() => {});
    return result;
  }

  /** One chunk with its retries; false when it did not get through. */
  private async send(chunkNumber: number, chunk: Blob): Promise<boolean> {
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
        await sleep(Math.max(askedWait, Math.min(this.settings.retryDelayMs * 2 ** attempt, MAX_RETRY_DELAY_MS)), signal);
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

function snapshot(state: ImportState): ImportState {
  return { ...state, uploadedChunks: [...state.uploadedChunks].sort(ascending) };
}

function expiresSoon(expiration: string | number, settings: Pick<TransferSettings, "now" | "expiryMarginMs">): boolean {
  const expiresAt = typeof expiration === "number" ? expiration : Date.parse(expiration);
  // Written as a negation so an unparseable date (NaN) counts as expired, never as open.
  return !(settings.now() + settings.expiryMarginMs < expiresAt);
}

function ascending(a: number, b: number): number {
  return a - b;
}

function isDate(value: unknown): value is string {
  return typeof value === "string" && !Number.isNaN(Date.parse(value));
}

function isSignal(value: unknown): value is AbortSignal {
  const s = value as AbortSignal | null;
  return !!s && typeof s === "object" && typeof s.aborted === "boolean" && typeof s.addEventListener === "function";
}

function nonBlank(field: string, value: unknown): ValidationIssue[] {
  if (typeof value !== "string") return [{ field, rule: "type", message: `${field} must be a string` }];
  return value.trim() ? [] : [{ field, rule: "minLength", message: `${field} must not be empty` }];
}

function integerAtLeast(field: string, value: unknown, min: number): ValidationIssue[] {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    return [{ field, rule: "type", message: `${field} must be an integer` }];
  }
  return value < min ? [{ field, rule: "minimum", message: `${field} must be >= ${min}` }] : [];
}

function positiveInteger(field: string, value: unknown): ValidationIssue[] {
  return integerAtLeast(field, value, 1);
}

function finiteAtLeastZero(field: string, value: unknown): ValidationIssue[] {
  if (typeof value !== "number" || !Number.isFinite(value)) return [{ field, rule: "type", message: `${field} must be a number` }];
  return value < 0 ? [{ field, rule: "minimum", message: `${field} must be >= 0` }] : [];
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** A promise that rejects with AbortError when the signal fires; dispose() removes the listener. */
function abortListener(signal: AbortSignal | undefined): { promise: Promise<never>; dispose(): void } {
  if (!signal) return { promise: new Promise<never>(() => {}), dispose: () => {} };
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

// The caller's abort wins at once even when a dependency ignores the signal it was given.
async function untilAborted<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  const work = Promise.resolve(pending);
  const abort = abortListener(signal);
  try {
    return await Promise.race([work, abort.promise]);
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    throw error;
  } finally {
    abort.dispose();
    work.catch(() => {});
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  const abort = abortListener(signal);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  // The timer is cleared on abort too, so an aborted upload does not keep the process alive.
  return Promise.race([elapsed, abort.promise]).finally(() => {
    clearTimeout(timer);
    abort.dispose();
  });
}
