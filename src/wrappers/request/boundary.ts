// The first middleware of every request: which operation of the spec it is, and whether it may
// be sent at all. Path parameters that would reroute it, a missing body and anything the spec's
// validators refuse stop it here with a ValidationError, before any caller's middleware or the
// network sees it. Its checks (./boundary-checks.ts) load with the validators on the first
// request (../lazy-modules.ts), so the entry a browser loads up front stays small.
import type { Middleware } from "openapi-fetch";
import type { OperationId } from "../../generated/operations.js";
import { PlatformError } from "../../kernel/errors.js";
import type { RequestParts } from "./request-check.js";
import { loadRequestChecks } from "../lazy-modules.js";
import { PendingBody, PlatformRequest } from "./platform-request.js";

type Checks = typeof import("./boundary-checks.js");

export const boundaryMiddleware: Middleware = {
  onRequest({ request, schemaPath, params }) {
    if (!(request instanceof PlatformRequest)) throw new PlatformError("the client's requests are built by its own Request class; do not pass `Request` per call");
    const admit = (loaded: Checks) => {
      const operation = loaded.operationAt(request.method, schemaPath);
      if (!operation) throw new PlatformError(`${request.method} ${schemaPath} is not an operation of the spec`);
      const pending = request.body instanceof PendingBody ? request.body : undefined;
      loaded.admit(
        request,
        operation,
        { path: params.path as Record<string, unknown> | undefined, query: params.query as Record<string, unknown> | undefined },
        pending,
      );
      request.operation = operation;
      return request;
    };
    const loaded = loadRequestChecks();
    return loaded instanceof Promise ? loaded.then(admit) : admit(loaded);
  },
};

/** The boundary's check alone, for a wrapper that must refuse everything before its first request. */
export async function precheck(operationId: OperationId, parts: RequestParts): Promise<void> {
  (await loadRequestChecks()).checkRequest(operationId, parts);
}
