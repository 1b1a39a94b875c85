// The first middleware of every request: which operation of the spec it is, and whether it may
// be sent at all. Path parameters that would reroute it, a missing body and anything the spec's
// validators refuse stop it here with a ValidationError, before any caller's middleware or the
// network sees it. The body is then encoded for the operation's media type.
import type { Middleware } from "openapi-fetch";
import type { OperationId } from "../../generated/operations.js";
import { PlatformError, ValidationError } from "../errors.js";
import { toJsonText } from "../internal/json.js";
import { isRecord } from "../internal/records.js";
import { checkRequest } from "./load-request-check.js";
import { MultipartBody } from "./multipart.js";
import { operationAt } from "./operation-table.js";
import { pathParameterIssues } from "./path-params.js";
import { PendingBody, PlatformRequest, type ResolvedOperation } from "./platform-request.js";

export const boundaryMiddleware: Middleware = {
  async onRequest({ request, schemaPath, params }) {
    if (!(request instanceof PlatformRequest)) throw new PlatformError("the client's requests are built by its own Request class; do not pass `Request` per call");
    const operation = operationAt(request.method, schemaPath);
    if (!operation) throw new PlatformError(`${request.method} ${schemaPath} is not an operation of the spec`);
    const { operationId, info } = operation;
    const path = params.path as Record<string, unknown> | undefined;
    const pending = request.body instanceof PendingBody ? request.body : undefined;
    const value = pending ? fromFormData(pending.value) : request.body;
    // The spec's own rules first (they say more: "must start with cm-"), then the rule that
    // holds for every path parameter whatever its schema allows.
    const check = checkRequest(operationId as OperationId, { path, query: params.query as Record<string, unknown> | undefined, body: value }, info.requestBody?.required === true);
    if (check) await check;
    const rerouting = pathParameterIssues(path);
    if (rerouting.length > 0) throw new ValidationError(rerouting, operationId);
    if (pending && value !== undefined) encode(request, operation, pending, value);
    request.operation = operation;
    return request;
  },
};

// A raw caller may follow openapi-fetch's own advice and pass FormData for a multipart body: its
// entries are checked and encoded like any other body.
function fromFormData(value: unknown): unknown {
  return typeof FormData !== "undefined" && value instanceof FormData ? Object.fromEntries(value.entries()) : value;
}

function encode(request: PlatformRequest, { operationId, info }: ResolvedOperation, pending: PendingBody, value: unknown): void {
  const mediaTypes: readonly string[] = info.requestBody?.mediaTypes ?? [];
  const mediaType = pending.mediaType ?? mediaTypes[0];
  if (mediaType === undefined || !mediaTypes.includes(mediaType)) {
    throw new ValidationError([{ field: "body", rule: "mediaType", message: `${operationId} takes ${mediaTypes.length ? mediaTypes.join(" or ") : "no body"}, not ${mediaType ?? "a body"}` }], operationId);
  }
  if (mediaType === "multipart/form-data") {
    if (!isRecord(value)) throw new ValidationError([{ field: "body", rule: "type", message: "body must be an object of form fields" }], operationId);
    const body = new MultipartBody(value);
    request.body = body;
    request.headers.set("content-type", body.contentType);
    return;
  }
  request.body = toJsonText(value, "body");
  request.headers.set("content-type", "application/json");
}
