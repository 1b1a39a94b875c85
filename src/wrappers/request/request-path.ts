// The one openapi-fetch client of a platform client, and everything on its request path: the
// boundary middleware first (which operation, may it be sent, how its body is encoded), the
// caller's middleware, the credential last, and the retrying transport as its `fetch`. Every
// request the client makes takes this path: wrapper calls, waiter polls, import chunks, uploads.
import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "../../generated/platform.js";
import { ConfigurationError, UnexpectedResponseError } from "../../kernel/errors.js";
import { parseRetryAfter } from "../http/retry-policy.js";
import { fetchSender } from "../http/sender.js";
import { PlatformResponse } from "../http/platform-response.js";
import { requestIdOf } from "../http/request-id.js";
import { createTransport } from "../http/transport.js";
import { createLog } from "../../kernel/logger.js";
import { Redactor } from "../../kernel/redactor.js";
import type { ResolvedOptions } from "../options.js";
import { apiErrorFor } from "../../kernel/errors.js";
import { boundaryMiddleware, precheck } from "./boundary.js";
import { credentialsMiddleware } from "./credentials.js";
import type { ApiResult, ClientSeams, PlatformApi } from "./platform-api.js";
import { PendingBody, PlatformRequest } from "./platform-request.js";
import { responseValidation } from "./response-validation.js";

export function createPlatformApi(resolved: ResolvedOptions, seams: ClientSeams = {}): PlatformApi {
  const { apiKey, jwt, ...visible } = resolved;
  const redactor = new Redactor();
  redactor.add(apiKey);
  if (typeof jwt === "string") redactor.add(jwt);
  const log = createLog(resolved.logger, redactor);
  const redact = (text: string) => redactor.text(text);

  const settings = {
    timeoutMs: resolved.timeoutMs,
    maxRetries: resolved.maxRetries,
    maxResponseBytes: resolved.maxResponseBytes,
    log,
    redact,
    ...(seams.random ? { random: seams.random } : {}),
    ...(seams.sleep ? { sleep: seams.sleep } : {}),
  };
  const transport =
    visible.fetchGiven || !seams.sender ? createTransport({ ...fetchSender(resolved.fetch), ...settings }) : createTransport({ ...seams.sender, ...settings });

  // The one seam where the client's light Request and Response stand in for the web ones; the
  // answer is checked against the spec here, as it came, when validateResponses asks for it.
  const validation = responseValidation(resolved.validateResponses, log);
  const fetch = (input: Request): Promise<Response> => {
    if (!(input instanceof PlatformRequest)) throw new ConfigurationError("the client builds its requests with its own Request class; do not pass `Request` per call", "Request", "type");
    const answer = transport(input);
    return (validation.check ? answer.then(validation.check) : answer) as unknown as Promise<Response>;
  };
  const api = createClient<paths>({
    baseUrl: resolved.baseUrl,
    fetch,
    Request: PlatformRequest as unknown as typeof Request,
    // The body is encoded once the operation is known (its media type), by the boundary.
    bodySerializer: (body: unknown) => new PendingBody(body),
    headers: { "user-agent": resolved.userAgent },
  });

  // openapi-fetch runs middleware in the order it was registered: the caller's go between the
  // boundary and the credential, so none of theirs sees a request the spec refuses or a secret.
  const credentials = credentialsMiddleware({ apiKey, jwt }, redactor);
  const register = api.use.bind(api);
  const unregister = api.eject.bind(api);
  register(boundaryMiddleware, credentials);
  api.use = (...middleware: Middleware[]) => {
    middleware.forEach(checkMiddleware);
    unregister(credentials);
    register(...middleware, credentials);
  };
  api.eject = (...middleware: Middleware[]) => unregister(...middleware.filter((m) => m !== boundaryMiddleware && m !== credentials));

  function data<D>(result: ApiResult<D>): D {
    const { response } = result;
    const operationId = response instanceof PlatformResponse ? response.operationId : "request";
    if (response.ok) {
      if (result.data === undefined) throw new UnexpectedResponseError(`${operationId} answered ${response.status} with an empty body`, undefined);
      return result.data;
    }
    const requestId = requestIdOf(response.headers);
    throw apiErrorFor({
      status: response.status,
      // Already masked: the answer was, as it was read.
      body: result.error,
      operationId,
      requestId: requestId === undefined ? undefined : redact(requestId),
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  }

  return { api, data, precheck, log, redactor, options: visible, drift: validation.drift };
}

function checkMiddleware(middleware: unknown, index: number): void {
  const ok =
    typeof middleware === "object" &&
    middleware !== null &&
    ["onRequest", "onResponse", "onError"].some((hook) => typeof (middleware as Record<string, unknown>)[hook] === "function");
  if (!ok) throw new ConfigurationError(`middleware[${index}] must be an object with onRequest, onResponse or onError`, "middleware", "type");
}
