// The client core, and one `call` that every wrapper goes through: it validates the request
// against the spec, sends it through the retrying transport with the operation's credential,
// and turns any non-2xx answer into a typed error. The openapi-fetch client (`raw`) shares the
// transport and the credentials; `call` builds its request from the generated operation table
// instead, because openapi-fetch's Request, middleware pass and Response cost more than the
// whole round trip of a small call (bench/results.md, per-call overhead).
import type { Client } from "openapi-fetch";
import { operations, type OperationId } from "../generated/operations.js";
import type { paths } from "../generated/platform.js";
import { credentialFor } from "./request/credentials.js";
import { apiErrorFor, UnexpectedResponseError } from "./errors.js";
import { createLog, Redactor, type Log } from "./internal/logger.js";
import { toMultipart } from "./request/multipart.js";
import { resolveOptions, type PlatformClientOptions, type ResolvedOptions } from "./options.js";
import { lazyRawClient } from "./raw-client.js";
import { requestUrl } from "./request-url.js";
import { parseRetryAfter } from "./http/retry-policy.js";
import { fetchSender, type HeaderReader, type Outgoing, type Sender } from "./http/sender.js";
import { createTransport } from "./http/transport.js";
import { validateRequest } from "./request/load-request-check.js";

export interface CallInit {
  path?: Record<string, string> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface CallResult<T> {
  data: T;
  status: number;
  headers: HeaderReader;
}

export interface Core {
  /** The openapi-fetch client, with auth and retries but without pre-send validation. */
  raw: Client<paths>;
  call<T = unknown>(operationId: OperationId, init?: CallInit): Promise<CallResult<T>>;
  /** The same pre-send check `call` makes, for wrappers that must fail before an earlier request. */
  validate(operationId: OperationId, init: CallInit): Promise<void>;
  options: Omit<ResolvedOptions, "apiKey" | "jwt">;
  log: Log;
  redactor: Redactor;
}

/** Seams: deterministic jitter and sleeps for tests; the Node entry's HTTP sender. */
export interface CoreInternals {
  /** Replaces fetch as the sender when the caller gave no fetch of their own. */
  sender?: Sender;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-amzn-requestid", "x-correlation-id"];

export function createCore(options: PlatformClientOptions, internals: CoreInternals = {}): Core {
  const resolved = resolveOptions(options);
  const { apiKey, jwt, ...visible } = resolved;
  const redactor = new Redactor();
  redactor.add(apiKey);
  if (typeof jwt === "string") redactor.add(jwt);
  const log = createLog(resolved.logger, redactor);

  const { sender, ...seams } = internals;
  const transport = createTransport({
    send: options.fetch === undefined && sender ? sender : fetchSender(resolved.fetch),
    timeoutMs: resolved.timeoutMs,
    maxRetries: resolved.maxRetries,
    log,
    redact: (text) => redactor.text(text),
    ...seams,
  });
  const credentials = { apiKey, jwt };
  const credential = (header: string, operationId: string) => credentialFor(header, operationId, credentials, redactor);
  const raw = lazyRawClient(() =>
    import("./raw-wiring.js").then(({ createRawClient }) => createRawClient({ baseUrl: resolved.baseUrl, userAgent: resolved.userAgent, transport, credential, operations })),
  );

  const validate = async (operationId: OperationId, init: CallInit) => validateRequest(operationId, { path: init.path, query: init.query, body: init.body });
  const decoder = new TextDecoder();

  async function call<T>(operationId: OperationId, init: CallInit = {}): Promise<CallResult<T>> {
    // No await once the validators are loaded: this is the hot path of every small call.
    const pending = validateRequest(operationId, { path: init.path, query: init.query, body: init.body });
    if (pending) await pending;
    const info = operations[operationId];
    const token = credential(info.header, operationId);
    const request: Outgoing = {
      url: requestUrl(resolved.baseUrl, info.path, init.path, init.query),
      method: info.method.toUpperCase(),
      headers: { "user-agent": resolved.userAgent, [info.header]: typeof token === "string" ? token : await token },
      body: undefined,
    };
    if (init.body !== undefined) {
      if (info.requestBody?.mediaTypes[0] === "multipart/form-data") {
        const multipart = toMultipart(init.body as Record<string, unknown>);
        request.body = multipart.body;
        request.headers["content-type"] = multipart.contentType;
      } else {
        request.body = JSON.stringify(init.body);
        request.headers["content-type"] = "application/json";
      }
    }
    const answer = await transport.exchange(request, { operationId, retrySafe: info.retrySafe }, init.signal);
    const text = answer.body && answer.body.byteLength > 0 ? decoder.decode(answer.body) : "";
    if (answer.status >= 200 && answer.status < 300) {
      try {
        return { data: (text ? JSON.parse(text) : undefined) as T, status: answer.status, headers: answer.headers };
      } catch {
        throw new UnexpectedResponseError(`${operationId} answered ${answer.status} with a body that is not JSON`, redactor.text(text.slice(0, 200)));
      }
    }
    let error: unknown = text;
    try {
      error = JSON.parse(text);
    } catch {
      // Not JSON: the error keeps the text as it came.
    }
    throw apiErrorFor({
      status: answer.status,
      body: redactor.value(error),
      operationId,
      requestId: REQUEST_ID_HEADERS.map((h) => answer.headers.get(h)).find(Boolean) ?? undefined,
      retryAfterMs: parseRetryAfter(answer.headers.get("retry-after")),
    });
  }

  return { raw, call, validate, options: visible, log, redactor };
}
