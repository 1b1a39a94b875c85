// A file sent in numbered chunks through an import session (model import, and Upload File
// above 25 MB with `bulkImport`): open the session, send the chunks (./chunk-scheduler.ts), then
// complete; or resume from a saved state. It only sees three injected functions, so it runs and
// is tested without HTTP; ./session-requests.ts wires them to the spec's three operations.

import { AbortError, ImportError, SessionExpiredError, UnexpectedResponseError, ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { throwIfAborted, untilAborted } from "../../kernel/abort.js";
import { integerIn, isFunction, isSignal, nonBlank, numberAtLeast, required } from "../../kernel/option-check.js";
import { ChunkScheduler, expiresSoon, isTransient, type ChunkedUploadDeps, type ChunkProgress, type StartSessionBody, type TransferSettings } from "./chunk-scheduler.js";
import { checkImportState, isDate, snapshot, type ImportState } from "./import-state.js";
import { identityOf, sourceMismatch } from "./source-identity.js";
import { checkUploadSource, openChunkReader, sourceSize, type UploadSource } from "./upload-source.js";

export type { ChunkedUploadDeps, ChunkProgress, ImportState, StartSessionBody };


export interface TransferOptions {
  /** Chunks in flight at once; also the number of chunks held in memory for a stream source. Default 4. */
  concurrency?: number | undefined;
  /** Further attempts per chunk after its first failure. Default 3. */
  retries?: number | undefined;
  /** First backoff delay; it doubles per attempt. Default 250 ms. */
  retryDelayMs?: number | undefined;
  onProgress?: ((progress: ChunkProgress) => void) | undefined;
  /** Called with a fresh snapshot once the session exists and after each chunk, so a caller can persist it. */
  onState?: ((state: ImportState) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** No chunk starts unless `now() + expiryMarginMs` is before the session's expirationDate. Default 10 s. */
  expiryMarginMs?: number | undefined;
  now?: (() => number) | undefined;
}

export interface ChunkedUploadOptions extends TransferOptions {
  source: UploadSource;
  fileName: string;
  fileExtension: string;
  fileContext: string;
  isAdapter?: boolean | undefined;
  /** Default 8 MiB. The service's maximum is not documented. */
  chunkSize?: number | undefined;
}

export interface ResumeChunkedUploadOptions extends TransferOptions {
  /** The same bytes as the first run, from the start (a stream is read past the chunks already sent). */
  source: UploadSource;
}

export interface ChunkedUploadResult<Completion = unknown> {
  state: ImportState;
  /** complete()'s answer as the service gave it: a job record, or `{url, fileId}` for `bulkImport`. */
  completion: Completion;
}

export const DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024;
export const DEFAULT_CONCURRENCY = 4;
const DEFAULT_RETRIES = 3;
const DEFAULT_RETRY_DELAY_MS = 250;
const DEFAULT_EXPIRY_MARGIN_MS = 10_000;

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
    version: 2,
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
    source: identityOf(options.source),
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
  // Before anything is sent: a resume with another file would splice two files into one model.
  const mismatch = await sourceMismatch(state.source, options.source, state.chunkSize, state.uploadedChunks);
  if (mismatch.length) throw new ValidationError(mismatch);

  throwIfAborted(settings.signal);
  if (expiresSoon(state.expirationDate, settings)) throw new SessionExpiredError(state.sessionId, state.expirationDate);
  // The caller's object stays as it was; the returned and reported states are new ones.
  const own: ImportState = { ...state, uploadedChunks: [...state.uploadedChunks], source: { ...state.source, samples: { ...state.source.samples } } };
  return uploadAndComplete(deps, own, options.source, settings);
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

// Required values: `required` says when one is missing, the value rules only look at a given one.
function requiredText(field: string, value: unknown): ValidationIssue[] {
  return value === undefined ? required(field, value) : nonBlank(field, value);
}

function requiredInteger(field: string, value: unknown, min: number): ValidationIssue[] {
  return value === undefined ? required(field, value) : integerIn(field, value, min);
}
