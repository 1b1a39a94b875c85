// Every error the client throws is a PlatformError, so callers can catch one class. None of
// them ever holds a request header: credentials cannot leak through a message, toJSON() or
// util.inspect(), because the errors never see them in the first place.

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `hyperParameters.temperature` or `path.connectionId`. */
  field: string;
  /** The rule that failed, e.g. `maximum`, `required`, `enum`, `pattern`, `minItems`. */
  rule: string;
  /** A sentence naming the field and the rule, e.g. `hyperParameters.temperature must be <= 2`. */
  message: string;
}

export class PlatformError extends Error {
  override name = "PlatformError";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  /**
   * The fields a log line or a test snapshot may keep: name, message and the error's own fields
   * (never a credential: every string in them came through the client's redactor).
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) if (key !== "name") out[key] = value;
    return out;
  }

  // util.inspect would otherwise print every own property, the cause chain included.
  [INSPECT](): string {
    return `${this.name}: ${this.message} ${JSON.stringify(this.toJSON())}`;
  }
}

/** A request, or a caller's options, broke a rule and nothing was sent: every issue, each naming its field and rule. */
export class ValidationError extends PlatformError {
  override name = "ValidationError";
  constructor(
    readonly issues: ValidationIssue[],
    readonly operationId?: string,
  ) {
    super(`${operationId ? `${operationId}: ` : ""}${issues.map((i) => i.message).join("; ")}`);
  }
  /** The first issue's field: most requests break one rule. */
  get field(): string {
    return this.issues[0]?.field ?? "";
  }
  get rule(): string {
    return this.issues[0]?.rule ?? "";
  }
}

/**
 * A client option is missing or wrong: createPlatformClient's options (every bad one, as
 * `issues`), or the credential an operation needs (no `apiKey` for an `x-api-key` operation).
 * A ValidationError of the client's settings, so one convention holds for every bad option;
 * `option` names the first issue's field, as it did before the class collected them all.
 */
export class ConfigurationError extends ValidationError {
  override name = "ConfigurationError";
  readonly option: string;
  constructor(issues: ValidationIssue[]);
  constructor(message: string, option: string, rule?: string);
  constructor(messageOrIssues: string | ValidationIssue[], option = "", rule = "configuration") {
    super(typeof messageOrIssues === "string" ? [{ field: option, rule, message: messageOrIssues }] : messageOrIssues);
    this.option = this.issues[0]?.field ?? "";
  }
}

/** One way an answer departed from the spec: where, what kind, what the spec asks for and the JSON types received, never a value. */
export interface ResponseDeparture {
  /** JSON pointer in the body (array indices as `*`); "" for the whole body. */
  pointer: string;
  /** required, type, enum, forbidden, format, constraint, no-match or not-json. */
  kind: string;
  expected: string;
  received: string[];
  /** Ids of the x-discrepancies records of the spec this departure falls under. */
  discrepancies: string[];
}

const LISTED_DEPARTURES = 5;

/**
 * `validateResponses: "strict"`: an answer departed from the spec. The call fails with this
 * instead of its result (or its APIError); the departure is in `client.drift.report()` too.
 */
export class ResponseValidationError extends PlatformError {
  override name = "ResponseValidationError";
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly departures: ResponseDeparture[],
  ) {
    const listed = departures.slice(0, LISTED_DEPARTURES).map((d) => `${d.pointer || "the whole body"} ${d.kind} (expected ${d.expected}; received ${d.received.join(" or ")})`);
    const more = departures.length > LISTED_DEPARTURES ? `; and ${departures.length - LISTED_DEPARTURES} more` : "";
    super(`${operationId} answered ${status} with a body that departs from the spec: ${listed.join("; ")}${more}`);
  }
}

export interface ApiErrorInit {
  status: number;
  body: unknown;
  operationId: string;
  requestId?: string | undefined;
  retryAfterMs?: number | undefined;
}

/** The service answered with a status that is not 2xx. */
export class APIError extends PlatformError {
  override name = "APIError";
  readonly status: number;
  /** The parsed error body (JSON when it parses, else the text; undefined when empty). */
  readonly body: unknown;
  readonly operationId: string;
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit, message = describe(init)) {
    super(message);
    this.status = init.status;
    this.body = init.body;
    this.operationId = init.operationId;
    this.requestId = init.requestId;
  }

}

export class BadRequestError extends APIError {
  override name = "BadRequestError";
}
export class AuthenticationError extends APIError {
  override name = "AuthenticationError";
}
export class PermissionDeniedError extends APIError {
  override name = "PermissionDeniedError";
}
export class NotFoundError extends APIError {
  override name = "NotFoundError";
}
export class ConflictError extends APIError {
  override name = "ConflictError";
}
export class UnprocessableEntityError extends APIError {
  override name = "UnprocessableEntityError";
}
export class RateLimitError extends APIError {
  override name = "RateLimitError";
  /** How long the service asked to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
export class InternalServerError extends APIError {
  override name = "InternalServerError";
}

const BY_STATUS: Record<number, new (init: ApiErrorInit) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The typed error of a non-2xx answer: one class per documented status family, APIError for the rest. Internal: no entry exports it. */
export function apiErrorFor(init: ApiErrorInit): APIError {
  const Class = BY_STATUS[init.status] ?? (init.status >= 500 ? InternalServerError : APIError);
  return new Class(init);
}

function describe({ status, body, operationId, requestId }: ApiErrorInit): string {
  const detail = messageOf(body);
  return `${operationId} failed with ${status}${detail ? `: ${detail}` : " (empty body)"}${requestId ? ` [request ${requestId}]` : ""}`;
}

// The public reference shows `{errors: [{msg, code}]}` (discrepancy error-body-envelope); the
// chunk operations answer `{message}`; other keys are what services commonly use.
function messageOf(body: unknown): string | undefined {
  if (typeof body === "string") return clip(body);
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  const first = Array.isArray(record.errors) ? (record.errors[0] as Record<string, unknown> | undefined) : undefined;
  for (const value of [first?.msg, first?.message, record.message, record.error, record.msg, record.status_msg, record.detail]) {
    if (typeof value === "string" && value.trim()) return clip(value);
  }
  return undefined;
}

function clip(text: string): string | undefined {
  return text.trim().slice(0, 300) || undefined;
}

/** The request did not get an answer: refused, reset, DNS failure, or a body cut short. */
export class ConnectionError extends PlatformError {
  override name = "ConnectionError";
  constructor(
    message: string,
    readonly operationId: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** No complete answer within the per-request timeout. */
export class TimeoutError extends ConnectionError {
  override name = "TimeoutError";
  constructor(
    operationId: string,
    readonly timeoutMs: number,
  ) {
    super(`${operationId} timed out after ${timeoutMs} ms`, operationId);
  }
}

/** The caller's AbortSignal fired. */
export class AbortError extends PlatformError {
  override name = "AbortError";
  constructor(message = "the operation was aborted", options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The AbortError for a fired signal, carrying the signal's reason as its cause. */
export function abortError(signal: AbortSignal): AbortError {
  return new AbortError(undefined, { cause: signal.reason });
}

/** Minimal view of a job record, enough for the job errors (see normalize.ts for the full one). */
export interface JobSnapshot {
  dockStatusId: string;
  status: string;
  jobType?: string | undefined;
  action?: string | undefined;
}

export class JobFailedError extends PlatformError {
  override name = "JobFailedError";
  constructor(readonly job: JobSnapshot) {
    super(`job ${job.dockStatusId} (${[job.jobType, job.action].filter(Boolean).join(" ") || "unknown"}) failed`);
  }
}

/** What a wait's polls saw, as counts (smithy's waiters call it `observedResponses`). */
export interface WaitObservations {
  /** Polls sent, whatever came back. */
  polls: number;
  /**
   * How many polls saw each outcome: a job status (`IN_PROGRESS`), an HTTP status the wait
   * looked past (`HTTP 503`) or an error class with no status (`ConnectionError`).
   */
  seen: Record<string, number>;
}

export class JobTimeoutError extends PlatformError {
  override name = "JobTimeoutError";
  constructor(
    readonly job: JobSnapshot,
    readonly timeoutMs: number,
    /** How long the wait really took, its last poll included. */
    readonly elapsedMs: number = timeoutMs,
    /** Every poll's outcome: a timeout after half an hour of 503s says so, not only the last record. */
    readonly observed: WaitObservations = { polls: 0, seen: {} },
  ) {
    super(`job ${job.dockStatusId} still ${job.status} after ${elapsedMs} ms (the wait's timeout is ${timeoutMs} ms; ${describeObservations(observed)})`);
  }
}

/** "3 polls: 1 IN_PROGRESS, 2 HTTP 503". */
function describeObservations({ polls, seen }: WaitObservations): string {
  const parts = Object.entries(seen).map(([key, count]) => `${count} ${key}`);
  return `${polls} poll${polls === 1 ? "" : "s"}${parts.length > 0 ? `: ${parts.join(", ")}` : ""}`;
}

/** The import session's expirationDate is too close to start another chunk. */
export class SessionExpiredError extends PlatformError {
  override name = "SessionExpiredError";
  constructor(
    readonly sessionId: string,
    readonly expirationDate: string,
  ) {
    super(`import session ${sessionId} expires at ${expirationDate}; start a new import`);
  }
}

/**
 * A chunked upload stopped part-way. When `resumable`, `state` continues it with resumeImport()
 * (in this process or another); when not, the message says why and what to do instead.
 */
export class ImportError<State = unknown> extends PlatformError {
  override name = "ImportError";
  readonly resumable: boolean;
  constructor(
    readonly failedChunks: number[],
    readonly state: State,
    /** `nextStep` says what works instead of a resume; without it the import is resumable. */
    options: { cause?: unknown; nextStep?: string } = {},
  ) {
    const what = failedChunks.length === 0 ? "every chunk is uploaded but completing the session failed" : `chunk${failedChunks.length === 1 ? "" : "s"} ${failedChunks.join(", ")} failed`;
    super(`import stopped: ${what}${causeText(options.cause)}; ${options.nextStep ?? `${resumeMethodFor(state)}(error.state, { source }) continues it`}`, { cause: options.cause });
    this.resumable = options.nextStep === undefined;
  }
}

/**
 * The method that continues an upload: a model import's state goes back to models.resumeImport,
 * a file's (Upload File through a session) to files.resumeUpload, which ends in the file's id.
 */
export function resumeMethodFor(state: unknown): "models.resumeImport" | "files.resumeUpload" {
  const context = typeof state === "object" && state !== null ? (state as { fileContext?: unknown }).fileContext : undefined;
  return context === undefined || context === "model" ? "models.resumeImport" : "files.resumeUpload";
}

/**
 * A delete of chunks in several batches stopped part-way: `deleted` sums the batches the service
 * confirmed; `remainingChunkIds` are the failed batch and every one after it. Sending those again
 * is safe: an id already gone is counted as not found, never deleted twice.
 */
export class ChunkDeletionError extends PlatformError {
  override name = "ChunkDeletionError";
  constructor(
    readonly deleted: { totalRequested: number; totalDeleted: number; totalNotFound: number; notFoundChunkIds?: string[] | undefined },
    readonly remainingChunkIds: string[],
    options: { cause: unknown },
  ) {
    super(`deleting chunks stopped after ${deleted.totalRequested} of ${deleted.totalRequested + remainingChunkIds.length} ids${causeText(options.cause)}; call delete again with error.remainingChunkIds`, options);
  }
  override toJSON() {
    const { totalRequested, totalDeleted, totalNotFound } = this.deleted;
    return { ...super.toJSON(), deleted: { totalRequested, totalDeleted, totalNotFound }, remainingChunkIds: this.remainingChunkIds.length };
  }
}

/** A cursor came back that was already followed: the listing would never end. */
export class PaginationLoopError extends PlatformError {
  override name = "PaginationLoopError";
  constructor(readonly cursor: string) {
    super(`the service returned cursor ${JSON.stringify(cursor.slice(0, 80))} twice; stopping to avoid an endless listing`);
  }
}

function causeText(cause: unknown): string {
  return cause instanceof Error ? ` (${cause.message})` : "";
}

/** A 2xx answer that lacks what every reading of the document promises (e.g. a job with no id). */
export class UnexpectedResponseError extends PlatformError {
  override name = "UnexpectedResponseError";
  constructor(
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** An answer whose body is larger than the client's `maxResponseBytes`: it was not read further. */
export class ResponseTooLargeError extends PlatformError {
  override name = "ResponseTooLargeError";
  constructor(
    readonly operationId: string,
    readonly limitBytes: number,
  ) {
    super(`${operationId} answered with a body larger than ${limitBytes} bytes (maxResponseBytes); the client stopped reading it`);
  }
}

/**
 * Whether trying again later may succeed: no answer, a timeout, or a 408, 429 or 5xx. A rejected
 * request (bad input, credentials, a missing resource) fails the same way every time.
 */
export function isTransientError(error: unknown): boolean {
  if (error instanceof ChunkDeletionError) return isTransientError(error.cause);
  if (error instanceof APIError) return error.status === 408 || error.status === 429 || error.status >= 500;
  return error instanceof ConnectionError;
}
