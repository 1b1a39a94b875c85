// openapi-fetch's coreFetch for the calls the client's wrappers make, when nothing but the
// client's own middleware is registered: the same URL (openapi-fetch's own serializers), the
// same headers, the same Request class, the same middleware in the same order and the same
// parsing of the answer, without what only a caller's middleware or options need (a copy of
// every option, a frozen options object and a random id per call, an await per middleware).
// That share was most of the client's own time in a call (bench/calls.ts, bench/in-process.ts).
// A call with anything else (a caller's middleware, headers, parseAs, a serializer of its own)
// goes through openapi-fetch as before.
import { createFinalURL, createQuerySerializer, defaultPathSerializer } from "openapi-fetch";
import type { ApiResult } from "./platform-api.js";
import { PlatformRequest } from "./platform-request.js";

export type LeanMethod = "GET" | "PUT" | "POST" | "DELETE" | "PATCH";

interface LeanInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  signal?: AbortSignal | null;
}

/** What a middleware of the client's own is given and returns; only `onRequest`, as theirs have. */
export type OwnOnRequest = (params: { request: PlatformRequest; schemaPath: string; params: NonNullable<LeanInit["params"]> }) => PlatformRequest | Promise<PlatformRequest>;

export interface LeanCallOptions {
  /** Without a trailing slash, as openapi-fetch keeps it. */
  baseUrl: string;
  userAgent: string;
  bodySerializer: (body: unknown) => unknown;
  /** The client's own middleware, in order (openapi-fetch runs them first to last). */
  onRequest: readonly OwnOnRequest[];
  fetch: (request: PlatformRequest) => Promise<Response>;
}

const querySerializer = createQuerySerializer();
const EMPTY_PARAMS = {};

/** Whether openapi-fetch would do nothing more with `init` than the lean call does. */
export function leanTakes(init: unknown): init is LeanInit | undefined {
  if (init === undefined) return true;
  if (typeof init !== "object" || init === null) return false;
  for (const key in init) if (key !== "params" && key !== "body" && key !== "signal") return false;
  const params = (init as LeanInit).params;
  if (params === undefined) return true;
  if (typeof params !== "object" || params === null) return false;
  for (const key in params) if (key !== "path" && key !== "query") return false;
  return true;
}

export function leanCall(options: LeanCallOptions): (method: LeanMethod, schemaPath: string, init: LeanInit | undefined) => Promise<ApiResult<unknown>> {
  const { baseUrl, userAgent, bodySerializer, onRequest, fetch } = options;
  return async (method, schemaPath, init) => {
    const params = init?.params ?? EMPTY_PARAMS;
    const body = init?.body === undefined ? undefined : bodySerializer(init.body);
    // As openapi-fetch merges them: a JSON content type for a body that is not FormData, then the client's base headers.
    const headers = new Headers(body === undefined || (typeof FormData !== "undefined" && body instanceof FormData) ? { "user-agent": userAgent } : { "content-type": "application/json", "user-agent": userAgent });
    const url = createFinalURL(schemaPath, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    let request = new PlatformRequest(url, { method, headers, body, signal: init?.signal });
    for (const each of onRequest) {
      const result = each({ request, schemaPath, params });
      request = result instanceof Promise ? await result : result;
    }
    const response = await fetch(request);
    // openapi-fetch's reading of an answer, for parseAs "json".
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || (contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked"))) {
      return response.ok ? { data: undefined, response } : { error: undefined, response };
    }
    if (response.ok) {
      if (!contentLength) {
        const raw = await response.text();
        return { data: raw ? JSON.parse(raw) : undefined, response };
      }
      return { data: await response.json(), response };
    }
    let error: unknown = await response.text();
    try {
      error = JSON.parse(error as string);
    } catch {
      // openapi-fetch hands over the text as it is.
    }
    return { error, response };
  };
}
