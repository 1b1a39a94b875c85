// Cross-origin requests from browser code: a web app under test, or the rendered docs' "Test
// request" button, calls the mock from its own page's origin. Off unless origins are given, since
// a mock on localhost that answered every origin could be driven by any page the developer opens.
// Only the origins given (or every origin, for "*") get the headers that let a browser read the
// answer; a preflight from any other origin is refused with a message naming the option. The
// admin endpoint takes no credential, and a page can send it a simple POST with no preflight at
// all, so a request there from an origin not allowed is refused outright (tools and test code
// send no Origin and are not affected).
import { ValidationError, type ValidationIssue } from "../../../kernel/errors.js";
import { toOutgoing, type Outgoing } from "./send.js";
import type { IncomingRequest } from "./incoming.js";

/** Origins allowed to call the mock from a browser: `scheme://host[:port]` each, or "*" for any. */
export type CorsOrigins = readonly string[] | "*";

// Answer headers browser code may read besides the simple ones: the client honours Retry-After
// and reports a request id.
const EXPOSED = "retry-after, x-request-id";
const METHODS = "GET, POST, PUT, PATCH, DELETE";
const PREFLIGHT_CACHE_SECONDS = "600";

/** The option's value checked: a list of origins written as a browser sends them, or "*". */
export function checkCorsOrigins(value: unknown, name = "corsOrigins"): CorsOrigins | undefined {
  if (value === undefined || value === "*") return value;
  if (!Array.isArray(value)) throw new ValidationError([{ field: name, rule: "type", message: `${name} must be "*" or a list of origins such as ["http://127.0.0.1:4020"]` }]);
  const origins: string[] = [];
  const issues: ValidationIssue[] = [];
  value.forEach((origin: unknown, i) => {
    if (typeof origin === "string" && isOrigin(origin)) origins.push(origin);
    else issues.push({ field: `${name}[${i}]`, rule: "origin", message: `${name}[${i}] must be an origin, scheme://host[:port] with no path (got ${JSON.stringify(origin)})` });
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return origins;
}

/** A browser's Origin header is exactly scheme, host and port: a path or a trailing slash never matches. */
function isOrigin(text: string): boolean {
  try {
    const parsed = new URL(text);
    return parsed.origin === text && /^https?:$/.test(parsed.protocol);
  } catch {
    return false;
  }
}

const originOf = (request: IncomingRequest): string | undefined => {
  const origin = request.headers.get("origin");
  return origin !== null && origin !== "" ? origin : undefined;
};

function allows(origins: CorsOrigins, origin: string): boolean {
  return origins === "*" || origins.includes(origin);
}

/** The request's Origin when it names a page that may not call this mock (none allowed when `origins` is unset). */
export function foreignOrigin(origins: CorsOrigins | undefined, request: IncomingRequest): string | undefined {
  const origin = originOf(request);
  return origin !== undefined && (origins === undefined || !allows(origins, origin)) ? origin : undefined;
}

/** The 403 a page of a foreign origin gets, naming the option that would allow it. */
export function refuseOrigin(origin: string): Outgoing {
  const message = `origin ${origin} may not call this mock: start it with corsOrigins (platform-mock --cors-origin ${origin})`;
  return toOutgoing(403, { message, errors: [{ msg: message, code: 403 }] });
}

// Shared by every answer without CORS headers: nothing adds to it.
const NO_CORS: { headers: Record<string, string> } = Object.freeze({ headers: Object.freeze({}) });

/**
 * The request's cross-origin side: the answer to a preflight, which the mock gives itself, or
 * the CORS headers an allowed origin's answer carries (none for another origin or no origin).
 */
export function handleCors(origins: CorsOrigins | undefined, request: IncomingRequest): { preflight: Outgoing } | { headers: Record<string, string> } {
  const none = NO_CORS;
  if (origins === undefined) return none;
  const origin = originOf(request);
  const preflight = request.method === "OPTIONS" && request.headers.has("access-control-request-method");
  if (origin === undefined) return none;
  if (!allows(origins, origin)) return preflight ? { preflight: refuseOrigin(origin) } : none;
  const headers: Record<string, string> = { "access-control-allow-origin": origin, vary: "origin" };
  if (!preflight) return { headers: { ...headers, "access-control-expose-headers": EXPOSED } };
  headers["access-control-allow-methods"] = METHODS;
  headers["access-control-max-age"] = PREFLIGHT_CACHE_SECONDS;
  // Whatever headers the page asks to send (x-api-key, auth, content-type, prefer): the mock
  // checks requests against the spec, not against a header list.
  const asked = request.headers.get("access-control-request-headers");
  if (asked !== null && asked !== "") headers["access-control-allow-headers"] = asked;
  // A page on a public address calling the mock on a private one (Chromium's private network access).
  if (request.headers.get("access-control-request-private-network") === "true") headers["access-control-allow-private-network"] = "true";
  return { preflight: { status: 204, headers, bytes: new Uint8Array(0) } };
}
