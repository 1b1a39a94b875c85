// openapi-fetch wired to the client: the same transport (retries, timeouts, redirects) under it,
// and a middleware that chooses the credential header per operation from the table generated
// from the spec's `security`. Whatever a caller puts in per-request headers, only the
// operation's own credential goes out. Loaded on the first raw call (./raw-client.ts).
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { Operations } from "../generated/operations.js";
import type { paths } from "../generated/platform.js";
import { PlatformError } from "./errors.js";
import type { RequestMeta, Transport } from "./http/transport.js";

export interface RawWiring {
  baseUrl: string;
  userAgent: string;
  transport: Transport;
  /** The operation's credential (./auth.ts), as `call` gets it. */
  credential(header: string, operationId: string): string | Promise<string>;
  /** The generated operation table. Passed in, as is `credential`, so this module adds only itself to a bundle. */
  operations: Operations;
}

const CREDENTIAL_HEADERS = ["x-api-key", "auth"] as const;

export function createRawClient({ baseUrl, userAgent, transport, credential, operations }: RawWiring): Client<paths> {
  const byRoute = new Map(
    Object.entries(operations).map(([operationId, { method, path, header, retrySafe }]) => [`${method.toUpperCase()} ${path}`, { operationId, header, retrySafe }]),
  );
  // Keyed by the Request openapi-fetch hands to its fetch: nothing travels in headers.
  const requestMeta = new WeakMap<Request, RequestMeta>();

  const auth: Middleware = {
    async onRequest({ request, schemaPath }) {
      const op = byRoute.get(`${request.method.toUpperCase()} ${schemaPath}`);
      if (!op) throw new PlatformError(`${request.method} ${schemaPath} is not an operation of the spec`);
      for (const name of CREDENTIAL_HEADERS) request.headers.delete(name);
      request.headers.set(op.header, await credential(op.header, op.operationId));
      requestMeta.set(request, { operationId: op.operationId, retrySafe: op.retrySafe });
      return request;
    },
  };

  const fetch = async (request: Request): Promise<Response> => {
    const meta = requestMeta.get(request) ?? { operationId: "request", retrySafe: false };
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    // The body is held once (a multipart one too), so attempts and redirects can send it again;
    // the wrappers stream file parts through `call` instead.
    const body = request.body ? await request.arrayBuffer() : undefined;
    const answer = await transport.exchange({ url: request.url, method: request.method, headers, body }, meta, request.signal);
    const responseHeaders = new Headers();
    answer.headers.forEach((value, name) => responseHeaders.append(name, value));
    return new Response(answer.body as Uint8Array<ArrayBuffer> | null, { status: answer.status, statusText: answer.statusText, headers: responseHeaders });
  };

  // Browsers refuse to set User-Agent and drop it silently; Node sends it.
  const client = createClient<paths>({ baseUrl, fetch, headers: { "user-agent": userAgent } });
  client.use(auth);
  return client;
}
