// What the boundary middleware (./boundary.ts) does to each request, loaded with the compiled
// validators on the first request: which operation of the spec it is, whether the spec allows
// it, whether a path parameter would reroute it, and the body encoded for the operation's
// media type. After the first request this runs synchronously.
import { operations, type OperationId, type OperationInfo } from "../../generated/operations.js";
import { ValidationError } from "../../kernel/errors.js";
import { toJsonText } from "../../kernel/json.js";
import { MultipartBody } from "./multipart.js";
import { pathParameterIssues } from "./path-params.js";
import type { PendingBody, PlatformRequest, ResolvedOperation } from "./platform-request.js";
import { checkRequest } from "./request-check.js";

export { checkRequest };

const byRoute = new Map<string, ResolvedOperation>();
for (const [operationId, info] of Object.entries(operations) as Array<[OperationId, OperationInfo]>) {
  byRoute.set(`${info.method.toUpperCase()} ${info.path}`, { operationId, info });
}

export function operationAt(method: string, schemaPath: string): ResolvedOperation | undefined {
  return byRoute.get(`${method.toUpperCase()} ${schemaPath}`);
}

export interface BoundaryParams {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
}

/**
 * Checks the request against the spec and encodes its body (`pending`, the caller's value, when
 * openapi-fetch's serializer left one); throws ValidationError, sending nothing.
 */
export function admit(request: PlatformRequest, { operationId, info }: ResolvedOperation, params: BoundaryParams, pending: PendingBody | undefined): void {
  const value = pending ? fromFormData(pending.value) : request.body;
  // The spec's own rules first (they say more: "must start with cm-"), then the rule that holds
  // for every path parameter whatever its schema allows.
  checkRequest(operationId as OperationId, { path: params.path, query: params.query, body: value }, info.requestBody?.required === true);
  const rerouting = pathParameterIssues(params.path);
  if (rerouting.length > 0) throw new ValidationError(rerouting, operationId);
  if (pending && value !== undefined) {
    request.secrets = providerSecrets(value);
    encode(request, operationId, info, pending, value);
  }
}

// The provider credentials a connection body carries: `API_KEY` (in `fields`) and the values of
// a custom connection's `headers`. The service masks them in its answers; an error that echoes
// the request must not show them either. Only plain objects and arrays are walked: a file part's
// bytes are an object with one entry per byte.
export function providerSecrets(body: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (!isPlainData(node) || depth > 4) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "API_KEY" && typeof value === "string") {
        found.push(value);
      } else if (key === "headers" && Array.isArray(value)) {
        for (const header of value) if (typeof header?.value === "string") found.push(header.value);
      } else {
        visit(value, depth + 1);
      }
    }
  };
  visit(body, 0);
  return found;
}

function isPlainData(node: unknown): node is object {
  if (typeof node !== "object" || node === null) return false;
  const prototype = Object.getPrototypeOf(node);
  return Array.isArray(node) || prototype === Object.prototype || prototype === null;
}

// A raw caller may follow openapi-fetch's own advice and pass FormData for a multipart body: its
// entries are checked and encoded like any other body.
function fromFormData(value: unknown): unknown {
  return typeof FormData !== "undefined" && value instanceof FormData ? Object.fromEntries(value.entries()) : value;
}

function encode(request: PlatformRequest, operationId: string, info: OperationInfo, pending: PendingBody, value: unknown): void {
  const mediaTypes: readonly string[] = info.requestBody?.mediaTypes ?? [];
  const mediaType = pending.mediaType ?? mediaTypes[0];
  if (mediaType === undefined || !mediaTypes.includes(mediaType)) {
    throw new ValidationError([{ field: "body", rule: "mediaType", message: `${operationId} takes ${mediaTypes.length ? mediaTypes.join(" or ") : "no body"}, not ${mediaType ?? "a body"}` }], operationId);
  }
  if (mediaType === "multipart/form-data") {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new ValidationError([{ field: "body", rule: "type", message: "body must be an object of form fields" }], operationId);
    }
    const body = new MultipartBody(value as Record<string, unknown>);
    request.body = body;
    request.headers.set("content-type", body.contentType);
    return;
  }
  request.body = toJsonText(value, "body");
  request.headers.set("content-type", "application/json");
}
