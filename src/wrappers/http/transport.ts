// The fetch openapi-fetch is given: below every operation, the per-attempt timeout (covering
// the body), the caller's AbortSignal, redirects that never carry a credential to another
// origin, and retries of transient failures for the operations the spec marks `x-retry-safe`.
import { AbortError, ConnectionError, TimeoutError } from "../errors.js";
import { backoffDelay } from "../internal/backoff.js";
import type { Log } from "../internal/logger.js";
import { sleep as defaultSleep } from "../internal/sleep.js";
import { MultipartBody } from "../request/multipart.js";
import { PendingBody, type PlatformRequest } from "../request/platform-request.js";
import { PlatformResponse } from "./platform-response.js";
import { isRetryableStatus, provablyNeverSent, RETRY_BACKOFF, retryAfterMs } from "./retry-policy.js";
import type { Incoming, Outgoing, Sender } from "./sender.js";

export interface TransportOptions {
  send: Sender;
  timeoutMs: number;
  maxRetries: number;
  log: Log;
  /** Masks the client's credentials in text that came from elsewhere (an error's message, a body). */
  redact: (text: string) => string;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What the transport knows of the operation it sends. */
export interface RequestMeta {
  operationId: string;
  retrySafe: boolean;
}

export type PlatformFetch = (request: PlatformRequest) => Promise<PlatformResponse>;

class TimedOut extends Error {}

const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
// A request that reached the transport without the boundary middleware (a middleware swapped
// the request for a new one): nothing says it is safe to repeat.
const UNKNOWN: RequestMeta = { operationId: "request", retrySafe: false };

export function createTransport(options: TransportOptions): PlatformFetch {
  const { send, timeoutMs, maxRetries, log, redact, random = Math.random, sleep = defaultSleep } = options;

  // One attempt: every redirect hop and the whole response body, under one timer.
  async function attempt(first: Outgoing, callerSignal: AbortSignal | undefined): Promise<Incoming> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimedOut()), timeoutMs);
    const onAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener("abort", onAbort, { once: true });
    try {
      let hop = first;
      for (let redirects = 0; ; redirects++) {
        // The sender reads the whole body: a truncated body fails this attempt (retryable)
        // rather than a parse above, and the timeout covers it.
        const answer = await send(hop, controller.signal);
        if (!REDIRECT_STATUS.has(answer.status) || redirects >= MAX_REDIRECTS) return answer;
        // Rare, so its code loads when the first redirect arrives.
        const { nextHop } = await import("./redirects.js");
        const next = nextHop(hop, answer.status, answer.headers.get("location"));
        if (!next) return answer;
        hop = next;
      }
    } catch (error) {
      // Senders report our timer's abort in several shapes; the controller knows what happened.
      if (controller.signal.reason instanceof TimedOut && !callerSignal?.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
    }
  }

  async function exchange(request: Outgoing, meta: RequestMeta, callerSignal: AbortSignal | undefined): Promise<Incoming> {
    // A multipart body is a file part: the import engine repeats a failed chunk itself, and a
    // retry here as well would multiply the attempts.
    const repeatable = !(request.body instanceof MultipartBody);
    for (let retry = 0; ; retry++) {
      const started = Date.now();
      let failure: ConnectionError;
      try {
        if (callerSignal?.aborted) throw new AbortError(`${meta.operationId} was aborted`, { cause: callerSignal.reason });
        const answer = await attempt(request, callerSignal);
        const canRetry = retry < maxRetries && repeatable && meta.retrySafe && isRetryableStatus(answer.status);
        log("debug", `${meta.operationId} ${answer.status}`, { operationId: meta.operationId, status: answer.status, attempt: retry + 1, ms: Date.now() - started });
        if (!canRetry) return answer;
        const delay = retryAfterMs(answer.headers.get("retry-after")) ?? backoffDelay(retry, RETRY_BACKOFF, random);
        log("warn", `${meta.operationId} answered ${answer.status}; retry ${retry + 1} of ${maxRetries} in ${delay} ms`, { operationId: meta.operationId, status: answer.status, delayMs: delay });
        await pause(delay, callerSignal);
        continue;
      } catch (error) {
        if (error instanceof AbortError) throw error;
        if (callerSignal?.aborted) throw new AbortError(`${meta.operationId} was aborted`, { cause: callerSignal.reason });
        failure =
          error instanceof TimedOut
            ? new TimeoutError(meta.operationId, timeoutMs)
            : new ConnectionError(`${meta.operationId} got no answer: ${redact(describe(error))}`, meta.operationId, { cause: error });
        if (retry >= maxRetries || !repeatable || !(meta.retrySafe || provablyNeverSent(error))) throw failure;
      }
      const delay = backoffDelay(retry, RETRY_BACKOFF, random);
      log("warn", `${failure.message}; retry ${retry + 1} of ${maxRetries} in ${delay} ms`, { operationId: meta.operationId, delayMs: delay });
      await pause(delay, callerSignal);
    }
  }

  async function pause(ms: number, signal: AbortSignal | undefined) {
    try {
      await sleep(ms, signal);
    } catch (error) {
      throw error instanceof AbortError ? error : new AbortError("aborted while waiting to retry", { cause: error });
    }
  }

  return async (request) => {
    const meta = request.operation ? { operationId: request.operation.operationId, retrySafe: request.operation.info.retrySafe } : UNKNOWN;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const body = request.body instanceof PendingBody ? JSON.stringify(request.body.value) : request.body;
    const answer = await exchange({ url: request.url, method: request.method, headers, body }, meta, request.signal ?? undefined);
    return new PlatformResponse(answer, request.url, meta.operationId, redact);
  };
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : message;
}
