// The fetch layer below openapi-fetch's middleware: per-attempt timeout (covering the body),
// the caller's AbortSignal, redirects without leaking credentials, and retries of transient
// failures for the operations the spec marks `x-retry-safe`.
import { AbortError, ConnectionError, TimeoutError } from "./errors.js";
import type { Log } from "./logger.js";
import { requestMeta } from "./operation-table.js";
import { isRedirect, MAX_REDIRECTS, nextHop, type Hop } from "./redirects.js";
import { backoffDelay, isRetryableStatus, provablyNeverSent, retryAfterMs } from "./retry-policy.js";
import { sleep as defaultSleep } from "./sleep.js";

export interface TransportOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxRetries: number;
  log: Log;
  /** Masks the client's credentials in text that came from elsewhere (an error's message). */
  redact?: (text: string) => string;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

class TimedOut extends Error {}

export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  const { fetch: send, timeoutMs, maxRetries, log, redact = (text: string) => text, random = Math.random, sleep = defaultSleep } = options;

  // One attempt: every redirect hop and the whole response body, under one timer.
  async function attempt(first: Hop, callerSignal: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimedOut()), timeoutMs);
    const onAbort = () => controller.abort(callerSignal.reason);
    callerSignal.addEventListener("abort", onAbort, { once: true });
    try {
      let hop = first;
      for (let redirects = 0; ; redirects++) {
        // fetch builds its own Request from a URL and init: building one here too would double
        // the most expensive object of a small call.
        const response = hop.streamed
          ? await send(new Request(hop.streamed, { redirect: "manual", signal: controller.signal }))
          : await send(hop.url, { method: hop.method, headers: hop.headers, body: hop.body ?? null, redirect: "manual", signal: controller.signal });
        const next = isRedirect(response.status) && redirects < MAX_REDIRECTS ? nextHop(hop, response.status, response.headers.get("location")) : undefined;
        if (next) {
          await response.body?.cancel();
          hop = next;
          continue;
        }
        // Reading the body here puts it under the timeout, and makes a truncated body a
        // failure of this attempt (retryable) rather than a parse error above.
        const body = NULL_BODY_STATUS.has(response.status) ? null : await response.arrayBuffer();
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
    } catch (error) {
      // fetch reports our timer's abort in several shapes; the controller knows what happened.
      if (controller.signal.reason instanceof TimedOut && !callerSignal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      callerSignal.removeEventListener("abort", onAbort);
    }
  }

  return async function transport(request: Request): Promise<Response> {
    const meta = requestMeta.get(request) ?? { operationId: "request", retrySafe: false };
    const callerSignal = request.signal;
    // A JSON body is small: held once, so each attempt (and a 307/308 redirect) can send it
    // again. A multipart body carries file bytes: it streams from its Blob (a file slice stays on
    // disk) and is sent once; the import engine retries a chunk by building it anew.
    const replayable = !request.body || !/^multipart\//i.test(request.headers.get("content-type") ?? "");
    const body = request.body && replayable ? await request.arrayBuffer() : undefined;
    const first: Hop = { url: request.url, method: request.method, headers: request.headers, body, ...(replayable ? {} : { streamed: request }) };

    for (let retry = 0; ; retry++) {
      const started = Date.now();
      let failure: ConnectionError;
      try {
        if (callerSignal.aborted) throw callerSignal.reason;
        const response = await attempt(first, callerSignal);
        const canRetry = retry < maxRetries && replayable && meta.retrySafe && isRetryableStatus(response.status);
        log("debug", `${meta.operationId} ${response.status}`, { operationId: meta.operationId, status: response.status, attempt: retry + 1, ms: Date.now() - started });
        if (!canRetry) return response;
        const delay = retryAfterMs(response.headers.get("retry-after")) ?? backoffDelay(retry, random);
        log("warn", `${meta.operationId} answered ${response.status}; retry ${retry + 1} of ${maxRetries} in ${delay} ms`, { operationId: meta.operationId, status: response.status, delayMs: delay });
        await pause(delay, callerSignal);
        continue;
      } catch (error) {
        if (error instanceof AbortError) throw error;
        if (callerSignal.aborted) throw new AbortError(`${meta.operationId} was aborted`, { cause: callerSignal.reason });
        failure =
          error instanceof TimedOut
            ? new TimeoutError(meta.operationId, timeoutMs)
            : new ConnectionError(`${meta.operationId} got no answer: ${redact(describe(error))}`, meta.operationId, { cause: error });
        if (retry >= maxRetries || !replayable || !(meta.retrySafe || provablyNeverSent(error))) throw failure;
      }
      const delay = backoffDelay(retry, random);
      log("warn", `${failure.message}; retry ${retry + 1} of ${maxRetries} in ${delay} ms`, { operationId: meta.operationId, delayMs: delay });
      await pause(delay, callerSignal);
    }
  };

  async function pause(ms: number, signal: AbortSignal) {
    try {
      await sleep(ms, signal);
    } catch (error) {
      throw error instanceof AbortError ? error : new AbortError("aborted while waiting to retry", { cause: error });
    }
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : message;
}
