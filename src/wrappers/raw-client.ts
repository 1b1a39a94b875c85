// `client.raw`: openapi-fetch over the generated paths (./raw-wiring.ts). openapi-fetch loads on
// the first raw call, so an application that only uses the wrappers does not carry it in its
// entry bundle; until then `raw` is a stand-in with the same methods.
import type { Client, Middleware } from "openapi-fetch";
import type { paths } from "../generated/platform.js";

const REQUESTS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "request"] as const;

export function lazyRawClient(make: () => Promise<Client<paths>>): Client<paths> {
  let loading: Promise<Client<paths>> | undefined;
  // Promise reactions run in the order they were registered: a `use` followed by a request
  // reaches the client before the request does, as it would with openapi-fetch itself.
  const forward =
    (name: (typeof REQUESTS)[number] | "use" | "eject") =>
    (...args: unknown[]) =>
      (loading ??= make()).then((client) => (client[name] as (...a: unknown[]) => unknown)(...args));
  const raw: Record<string, unknown> = Object.fromEntries(REQUESTS.map((name) => [name, forward(name)]));
  raw.use = (...middleware: Middleware[]) => void forward("use")(...middleware);
  raw.eject = (...middleware: Middleware[]) => void forward("eject")(...middleware);
  return raw as unknown as Client<paths>;
}
