// Redirects are followed here rather than by fetch, because fetch keeps custom headers such as
// `x-api-key` and `auth` on a redirect to another origin. A hop to another origin loses both.

export const MAX_REDIRECTS = 5;
const CREDENTIAL_HEADERS = ["x-api-key", "auth", "authorization", "cookie"];

export interface Hop {
  url: string;
  method: string;
  headers: Headers;
  body: ArrayBuffer | undefined;
  /** A request whose body streams and can be sent once (a file part): no replay, no 307/308. */
  streamed?: Request;
}

export function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The request to send after a redirect response, or undefined when there is nowhere to go. */
export function nextHop(from: Hop, status: number, location: string | null): Hop | undefined {
  if (!location) return undefined;
  const target = new URL(location, from.url);
  if (target.protocol !== "https:" && target.protocol !== "http:") return undefined;
  const headers = new Headers(from.headers);
  if (target.origin !== new URL(from.url).origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
  // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
  const toGet = status === 303 || ((status === 301 || status === 302) && from.method === "POST");
  // A streamed body is gone once sent: only a redirect that drops the body can be followed.
  if (from.streamed && !toGet) return undefined;
  if (toGet) {
    headers.delete("content-type");
    headers.delete("content-length");
  }
  return { url: target.href, method: toGet && from.method !== "HEAD" ? "GET" : from.method, headers, body: toGet ? undefined : from.body };
}
