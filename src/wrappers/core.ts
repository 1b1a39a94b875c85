// The client core: openapi-fetch over the generated `paths`, with the auth middleware and the
// retrying transport, and one `call` that every wrapper goes through. `call` validates the
// request against the spec first and turns any non-2xx answer into a typed error.
import createClient, { type Client } from "openapi-fetch";
import { operations, type OperationId } from "../generated/operations.js";
import type { paths } from "../generated/platform.js";
import { authMiddleware } from "./auth.js";
import { apiErrorFor } from "./errors.js";
import { createLog, Redactor, type Log } from "./logger.js";
import { resolveOptions, type PlatformClientOptions, type ResolvedOptions } from "./options.js";
import { parseRetryAfter } from "./retry-policy.js";
import { createTransport } from "./transport.js";
import { validateRequest } from "./validate.js";

export interface CallInit {
  path?: Record<string, string> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface CallResult<T> {
  data: T;
  response: Response;
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

/** Test seams: deterministic jitter and sleeps. */
export interface CoreInternals {
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

  const raw = createClient<paths>({
    baseUrl: resolved.baseUrl,
    fetch: createTransport({
      fetch: resolved.fetch,
      timeoutMs: resolved.timeoutMs,
      maxRetries: resolved.maxRetries,
      log,
      redact: (text) => redactor.text(text),
      ...internals,
    }),
    // Browsers refuse to set User-Agent and drop it silently; Node sends it.
    headers: { "user-agent": resolved.userAgent },
  });
  raw.use(authMiddleware({ apiKey, jwt }, redactor));

  const validate = (operationId: OperationId, init: CallInit) => validateRequest(operationId, { path: init.path, query: init.query, body: init.body });

  async function call<T>(operationId: OperationId, init: CallInit = {}): Promise<CallResult<T>> {
    await validate(operationId, init);
    const info = operations[operationId];
    const request = (raw as unknown as Record<string, Function>)[info.method.toUpperCase()]!;
    const { data, error, response } = (await request(info.path, {
      params: { path: init.path, query: init.query },
      body: init.body,
      signal: init.signal,
      ...(info.requestBody === "multipart/form-data" ? { bodySerializer: toFormData } : {}),
    })) as { data?: T; error?: unknown; response: Response };
    if (!response.ok) {
      throw apiErrorFor({
        status: response.status,
        body: redactor.value(error),
        operationId,
        requestId: REQUEST_ID_HEADERS.map((h) => response.headers.get(h)).find(Boolean) ?? undefined,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      });
    }
    return { data: data as T, response };
  }

  return { raw, call, validate, options: visible, log, redactor };
}

// Blobs become file parts (a File keeps its name); every other field is sent as text, which is
// how multipart carries numbers such as chunkNumber.
function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : "blob");
    else form.append(key, String(value));
  }
  return form;
}
