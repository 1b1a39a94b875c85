// The credential of an operation: `x-api-key` or `auth` as the generated operation table says,
// never both and never the wrong one. A credential that was not configured stops the request
// before it is sent, naming the missing option.
import { ConfigurationError } from "../errors.js";
import type { Redactor } from "../internal/logger.js";
import type { JwtSource } from "../options.js";

export interface Credentials {
  apiKey: string | undefined;
  jwt: JwtSource | undefined;
}

/** The operation's credential: synchronous unless the jwt option is a function. */
export function credentialFor(header: string, operationId: string, { apiKey, jwt }: Credentials, redactor: Redactor): string | Promise<string> {
  if (header === "x-api-key") {
    if (!apiKey) throw new ConfigurationError(`${operationId} needs the apiKey option (sent as the x-api-key header)`, "apiKey");
    return apiKey;
  }
  if (jwt === undefined) throw new ConfigurationError(`${operationId} needs the jwt option (sent as the auth header)`, "jwt");
  if (typeof jwt === "string") return jwt;
  return Promise.resolve(jwt()).then((token) => {
    if (typeof token !== "string" || token.trim() === "") {
      throw new ConfigurationError(`the jwt function returned no token for ${operationId}`, "jwt");
    }
    redactor.add(token);
    return token;
  });
}
