// The credential of an operation: `x-api-key` or `auth` as the generated operation table says,
// never both and never the wrong one, whatever the caller's headers or middleware put there. It
// runs after every middleware of the caller's, so theirs never see a credential. A credential
// that was not configured stops the request before it is sent, naming the missing option.
import type { Middleware } from "openapi-fetch";
import { ConfigurationError, PlatformError } from "../../kernel/errors.js";
import { untilAborted } from "../../kernel/abort.js";
import type { Redactor } from "../../kernel/redactor.js";
import { headerSafe, type JwtSource } from "../options.js";
import { PlatformRequest } from "./platform-request.js";

export interface Credentials {
  apiKey: string | undefined;
  jwt: JwtSource | undefined;
}

const CREDENTIAL_HEADERS = ["x-api-key", "auth"] as const;

/**
 * The operation's credential: synchronous unless the jwt option is a function. The function is
 * given the call's signal, and the call stops waiting for it when the signal fires, whether or not
 * the function listens: a token helper that hangs cannot hold a call past its bound.
 */
export function credentialFor(
  header: string,
  operationId: string,
  { apiKey, jwt }: Credentials,
  redactor: Redactor,
  signal?: AbortSignal,
): string | Promise<string> {
  if (header === "x-api-key") {
    if (!apiKey) throw new ConfigurationError(`${operationId} needs the apiKey option (sent as the x-api-key header)`, "apiKey", "required");
    return apiKey;
  }
  if (jwt === undefined) throw new ConfigurationError(`${operationId} needs the jwt option (sent as the auth header)`, "jwt", "required");
  if (typeof jwt === "string") return jwt;
  return untilAborted(Promise.resolve(jwt(signal ? { signal } : {})), signal).then((token) => {
    if (typeof token !== "string" || token.trim() === "") throw new ConfigurationError(`the jwt function returned no token for ${operationId}`, "jwt", "minLength");
    // Masked from here on, even in the refusal below.
    redactor.add(token);
    if (!headerSafe(token)) throw new ConfigurationError(`the jwt function returned a token a header cannot carry (control characters, non-ASCII or surrounding spaces) for ${operationId}`, "jwt", "pattern");
    return token;
  });
}

export function credentialsMiddleware(credentials: Credentials, redactor: Redactor): Middleware {
  return {
    onRequest({ request }) {
      if (!(request instanceof PlatformRequest) || !request.operation) {
        throw new PlatformError("a middleware replaced the request; change request.headers in place instead, so the client still knows the operation");
      }
      const { operationId, info } = request.operation;
      for (const name of CREDENTIAL_HEADERS) request.headers.delete(name);
      const token = credentialFor(info.header, operationId, credentials, redactor, request.signal ?? undefined);
      if (typeof token === "string") {
        request.headers.set(info.header, token);
        return request;
      }
      return token.then((value) => {
        request.headers.set(info.header, value);
        return request;
      });
    },
  };
}
