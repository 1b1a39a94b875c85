// Chooses the credential header per operation from the table generated from the spec's
// `security`: `x-api-key` or `auth`, never both and never the wrong one. A credential that
// was not configured stops the request before it is sent, naming the missing option.
import type { Middleware } from "openapi-fetch";
import { ConfigurationError, PlatformError } from "./errors.js";
import type { Redactor } from "./logger.js";
import type { JwtSource } from "./options.js";
import { operationForRoute, requestMeta } from "./operation-table.js";

const CREDENTIAL_HEADERS = ["x-api-key", "auth"] as const;

export interface Credentials {
  apiKey: string | undefined;
  jwt: JwtSource | undefined;
}

export function authMiddleware(credentials: Credentials, redactor: Redactor): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const op = operationForRoute(request.method, schemaPath);
      if (!op) throw new PlatformError(`${request.method} ${schemaPath} is not an operation of the spec`);
      // Whatever a caller put in per-request headers, only the operation's own credential goes out.
      for (const name of CREDENTIAL_HEADERS) request.headers.delete(name);
      request.headers.set(op.header, await credentialFor(op.header, op.operationId, credentials, redactor));
      requestMeta.set(request, { operationId: op.operationId, retrySafe: op.retrySafe });
      return request;
    },
  };
}

async function credentialFor(header: string, operationId: string, { apiKey, jwt }: Credentials, redactor: Redactor): Promise<string> {
  if (header === "x-api-key") {
    if (!apiKey) throw new ConfigurationError(`${operationId} needs the apiKey option (sent as the x-api-key header)`, "apiKey");
    return apiKey;
  }
  if (jwt === undefined) throw new ConfigurationError(`${operationId} needs the jwt option (sent as the auth header)`, "jwt");
  const token = typeof jwt === "function" ? await jwt() : jwt;
  if (typeof token !== "string" || token.trim() === "") {
    throw new ConfigurationError(`the jwt function returned no token for ${operationId}`, "jwt");
  }
  redactor.add(token);
  return token;
}
