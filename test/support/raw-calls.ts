// A valid call of any operation through a client's openapi-fetch `raw`, built from the spec:
// valid path and required query parameters, the operation's first request example as the body
// (a Blob for a binary field). Path parameters can be overridden to try values the spec allows
// but the client must still refuse.
import type { Client } from "openapi-fetch";
import { listOperations, loadSpec } from "../../scripts/lib/spec.mjs";
import type { OperationId } from "../../src/generated/operations.js";
import type { paths } from "../../src/generated/platform.js";
import { parametersOf, requestExamples, VALID_PARAMS } from "./sample-requests.js";

const spec = loadSpec();
const specOperations = listOperations(spec);

export function pathParametersOf(operationId: string): string[] {
  const op = specOperations.find((o) => o.operationId === operationId)!;
  return parametersOf(spec, op).filter((p) => p.in === "path").map((p) => p.name);
}

function exampleBody(mediaType: string, value: Record<string, unknown>): unknown {
  if (mediaType === "application/json") return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, key === "file" ? new Blob([String(v)], { type: "application/octet-stream" }) : v]));
}

type LooseMethod = (path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function exampleCall(raw: Client<paths>, operationId: OperationId, override: { path?: Record<string, string>; signal?: AbortSignal } = {}) {
  const op = specOperations.find((o) => o.operationId === operationId)!;
  const params = parametersOf(spec, op);
  const path = Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, override.path?.[p.name] ?? VALID_PARAMS[p.name]!]));
  const query = Object.fromEntries(params.filter((p) => p.in === "query" && p.required).map((p) => [p.name, VALID_PARAMS[p.name]!]));
  const [example] = requestExamples(spec, op);
  const send = raw[op.method.toUpperCase() as "GET"] as unknown as LooseMethod;
  return send.call(raw, op.path, {
    params: { path, query },
    ...(example ? { body: exampleBody(example.mediaType, example.value) } : {}),
    ...(override.signal ? { signal: override.signal } : {}),
  });
}
