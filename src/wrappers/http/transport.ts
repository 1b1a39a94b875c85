// The fetch openapi-fetch is given: below every operation, the per-attempt timeout (covering
// the body), the caller's AbortSignal, redirects that never carry a credential to another
// origin, and retries of transient failures for the operations the spec marks `x-retry-safe`.
import { AbortError, ConnectionError, ResponseTooLargeError, TimeoutError } from "../../kernel/errors.js";
import { onAbort } from "../../kernel/abort.js";
import { backoffDelay } from "../../kernel/backoff.js";
import type { Log } from "../../kernel/logger.js";
import { maskAll } from "../../kernel/redactor.js";
import { sleep as defaultSleep } from "../../kernel/sleep.js";
import type { PlatformRequest } from "../request/platform-request.js";
import { PlatformResponse } from "./platform-response.js";
import { requestIdOf } from "./request-id.js";
import { isRetryableStatus, provablyNeverSent, RETRY_BACKOFF, retryAfterMs } from "./retry-policy.js";
import { BodyTooLarge, isBodySource, type CancelSignal, type Outgoing, type Received, type SenderWiring } from "./sender.js";
import { nextHop } from "./redirects.js";

export interface TransportOptions<S extends CancelSignal> extends SenderWiring<S> {
  timeoutMs: number;
  maxRetries: number;
  maxResponseBytes: number;
  log: Log;
  /** Masks the client's credentials in text that came from elsewhere (an error's message, a body). */
  redact: (text: string) => string;
  random?: (() => number) | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

/** What the transport knows of the operation it sends. */
export interface RequestMeta {
  operationId: string;
  retrySafe: boolean;
}

export type PlatformFetch = (request: PlatformRequest) => Promise<PlatformResponse>;

class TimedOut extends Error {}

// The timer's callback, one for every attempt (no closure made per attempt).
const timeOut = (control: { abort(reason: unknown): void }) => control.abort(new TimedOut());

const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
// A request that reached the transport without the boundary middleware (a middleware swapped
// the request for a new one): nothing says it is safe to repeat.
const UNKNOWN: RequestMeta = { operationId: "request", retrySafe: false };

export function createTransport<S extends CancelSignal>(options: TransportOptions<S>): PlatformFetch {
  const { send, newAttempt, timeoutMs, maxRetries, maxResponseBytes, log, redact, random = Math.random, sleep = defaultSleep } = options;

  // One attempt: every redirect hop and the whole response body, under one timer.
  async function attempt(first: Outgoing, callerSignal: AbortSignal | undefined): Promise<Received> {
    const control = newAttempt();
    const { signal } = control;
    const timer = setTimeout(timeOut, timeoutMs, control);
    const stopListening = callerSignal ? onAbort(callerSignal, () => control.abort(callerSignal.reason)) : undefined;
    try {
      let hop = first;
      for (let redirects = 0; ; redirects++) {
        // The sender reads the whole body: a truncated body fails this attempt (retryable)
        // rather than a parse above, and the timeout covers it.
        const answer = await send(hop, signal, maxResponseBytes);
        if (!REDIRECT_STATUS.has(answer.status) || redirects >= MAX_REDIRECTS) return answer;
        const next = nextHop(hop, answer.status, answer.headers.get("location"));
        if (!next) return answer;
        hop = next;
      }
    } catch (error) {
      // Senders report our timer's abort in several shapes; the signal knows what happened.
      if (signal.reason instanceof TimedOut && !callerSignal?.aborted) throw signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      stopListening?.();
    }
  }

  async function exchange(request: Outgoing, meta: RequestMeta, callerSignal: AbortSignal | undefined, redact: (text: string) => string): Promise<Received> {
    const { operationId, retrySafe } = meta;
    // A streamed body is a file part (multipart): the chunk scheduler repeats a failed chunk
    // itself, and a retry here as well would multiply the attempts.
    const repeatable = !isBodySource(request.body);
    for (let retry = 0; ; retry++) {
      const started = Date.now();
      let why: string;
      let delay: number;
      try {
        if (callerSignal?.aborted) throw abortedError(operationId, callerSignal);
        const answer = await attempt(request, callerSignal);
        if (log.wants("debug")) {
          // What a debug log needs to name the exchange: the request, the answer, which attempt.
          const requestId = requestIdOf(answer.headers);
          log("debug", `${operationId} ${answer.status}`, {
            operationId,
            method: request.method,
            url: request.url,
            status: answer.status,
            attempt: retry + 1,
            ms: Date.now() - started,
            requestId: requestId && redact(requestId),
          });
        }
        if (retry >= maxRetries || !repeatable || !retrySafe || !isRetryableStatus(answer.status)) return answer;
        why = `${operationId} answered ${answer.status}`;
        delay = retryAfterMs(answer.headers.get("retry-after")) ?? backoffDelay(retry, RETRY_BACKOFF, random);
      } catch (error) {
        if (error instanceof AbortError) throw error;
        if (callerSignal?.aborted) throw abortedError(operationId, callerSignal);
        // The same answer would come again: too large is final, whatever the operation.
        if (error instanceof BodyTooLarge) throw new ResponseTooLargeError(operationId, error.limit);
        const failure = error instanceof TimedOut ? new TimeoutError(operationId, timeoutMs) : new ConnectionError(`${operationId} got no answer: ${redact(describe(error))}`, operationId, { cause: error });
        if (retry >= maxRetries || !repeatable || !(retrySafe || provablyNeverSent(error))) throw failure;
        why = failure.message;
        delay = backoffDelay(retry, RETRY_BACKOFF, random);
      }
      log("warn", `${why}; retry ${retry + 1} of ${maxRetries} in ${delay} ms`, { operationId, delayMs: delay });
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

  // Not an async function: the answer is wrapped from the exchange's promise, with no frame of its own.
  return (request) => {
    const meta = request.operation ? { operationId: request.operation.operationId, retrySafe: request.operation.info.retrySafe } : UNKNOWN;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // The boundary encoded the body for the operation: it is never a PendingBody by now.
    const body = request.body as Outgoing["body"];
    // The client's credentials, and the provider secrets this very request carries.
    const secrets = request.secrets;
    const masked = secrets.length === 0 ? redact : (text: string) => maskAll(redact(text), secrets);
    return exchange({ url: request.url, method: request.method, headers, body }, meta, request.signal ?? undefined, masked).then(
      (answer) => new PlatformResponse(answer, request.url, meta.operationId, masked),
    );
  };
}

function abortedError(operationId: string, callerSignal: AbortSignal | undefined): AbortError {
  return new AbortError(`${operationId} was aborted`, { cause: callerSignal?.reason });
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : message;
}
