// Redirects are followed here rather than by fetch, because fetch keeps custom headers such as
// `x-api-key` and `auth` on a redirect to another origin. A hop to another origin loses both.
import type { Outgoing } from "./sender.js";

const CREDENTIAL_HEADERS = ["x-api-key", "auth", "authorization", "cookie"];

/** The request to send after a redirect response, or undefined when there is nowhere to go. */
export function nextHop(from: Outgoing, status: number, location: string | null): Outgoing | undefined {
  if (!location) return undefined;
  const target = new URL(location, from.url);
  if (target.protocol !== "https:" && target.protocol !== "http:") return undefined;
  const headers = { ...from.headers };
  if (target.origin !== new URL(from.url).origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
  const toGet = status === 303 || ((status === 301 || status === 302) && from.method === "POST");
  if (toGet) {
    delete headers["content-type"];
    delete headers["content-length"];
  }
  return { url: target.href, method: toGet && from.method !== "HEAD" ? "GET" : from.method, headers, body: toGet ? undefined : from.body };
}
