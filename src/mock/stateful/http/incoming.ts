// What the core reads of a request. A Fetch API Request has all of it; the in-process mock's
// fetch builds a lighter one for the calls most tests make (no body, or a text body), since
// building a Request costs a call more than the mock's own work does.
import { utf8 } from "../portable/bytes.js";

export type IncomingRequest = Pick<Request, "method" | "url" | "headers" | "body" | "bodyUsed">;

// The methods a Request writes in capitals whatever their case (the Fetch standard's normalisation).
const NORMALISED = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

/**
 * The request a fetch(url, init) call makes, as a Request would read it, when its body is absent
 * or text; undefined for any other call (a stream, a form, a Blob, an odd method), which takes a
 * real Request.
 */
export function lightRequest(url: string, init: RequestInit | undefined): IncomingRequest | undefined {
  const text = init?.body;
  if (text !== undefined && text !== null && typeof text !== "string") return undefined;
  const asked = init?.method ?? "GET";
  const method = NORMALISED.has(asked.toUpperCase()) ? asked.toUpperCase() : asked;
  if (method !== "PATCH" && !NORMALISED.has(method)) return undefined;
  if (typeof text === "string" && (method === "GET" || method === "HEAD")) return undefined;
  const headers = new Headers(init?.headers);
  // As a Request does for a text body sent with no type of its own.
  if (typeof text === "string" && !headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
  let body: ReadableStream<Uint8Array<ArrayBuffer>> | null | undefined;
  return {
    method,
    url,
    headers,
    get body() {
      if (body === undefined) body = typeof text === "string" ? new Blob([utf8(text) as Uint8Array<ArrayBuffer>]).stream() : null;
      return body;
    },
    bodyUsed: false,
  };
}
