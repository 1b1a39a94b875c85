// Client options, checked once when the client is made so that a wrong setting fails at
// start-up with the option's name and rule, every wrong one at once, not on the first request.
import { ConfigurationError, type ValidationIssue } from "../kernel/errors.js";
import type { Logger } from "../kernel/logger.js";
import { describeType, optionKeys, optionsRecord, unknownKeyIssues } from "../kernel/option-check.js";

/** How the client checks answers against the spec: not at all, recording drift, or failing on it. */
export type ResponseValidation = "off" | "warn" | "strict";

/** What a `jwt` function is given: the signal of the call that needs the token (stop fetching it once it fires). */
export interface JwtContext {
  signal?: AbortSignal | undefined;
}

export type JwtSource = string | ((context: JwtContext) => string | Promise<string>);

export interface PlatformClientOptions {
  /** Host name of the environment (`https://{host}`), e.g. `acme.platform.example`. */
  host?: string | undefined;
  /** Full base URL instead of `host`, e.g. a local mock `http://127.0.0.1:4010`. */
  baseUrl?: string | undefined;
  /** Sent as `x-api-key` on every operation but the three chunk operations. */
  apiKey?: string | undefined;
  /** Sent as `auth` on the chunk operations; a function is called before each such request. */
  jwt?: JwtSource | undefined;
  /**
   * A fetch implementation (tests, proxies, other runtimes), called with a URL and an init.
   * Defaults to the global fetch; the Node entry sends over undici (keep-alive pools, proxies) unless this is given.
   */
  fetch?: typeof fetch | undefined;
  /** Per attempt, covering the response body. Default 60 s. */
  timeoutMs?: number | undefined;
  /** Retries of a retry-safe operation after a transient failure. Default 2. */
  maxRetries?: number | undefined;
  /**
   * The largest answer body the client reads, in bytes; a larger one is refused
   * (ResponseTooLargeError) as soon as it gets there, so memory stays flat. Default 64 MiB, far
   * above any answer of the interface (a page of chunks is well under 1 MiB).
   */
  maxResponseBytes?: number | undefined;
  /** Appended to the client's own User-Agent where the runtime allows setting it. */
  userAgent?: string | undefined;
  logger?: Logger | undefined;
  /**
   * Check every answer against the spec's response schemas (docs/guides/response-drift.md):
   * `off` (the default) checks nothing; `warn` records departures in `client.drift.report()` and
   * logs each new one, never changing a call's outcome; `strict` also throws a
   * ResponseValidationError (CI against a staging environment).
   */
  validateResponses?: ResponseValidation | undefined;
}

export interface ResolvedOptions {
  baseUrl: string;
  apiKey: string | undefined;
  jwt: JwtSource | undefined;
  fetch: typeof fetch;
  /** The caller brought their own fetch: it then sends every request, on the Node entry too. */
  fetchGiven: boolean;
  timeoutMs: number;
  maxRetries: number;
  maxResponseBytes: number;
  userAgent: string;
  logger: Logger | undefined;
  validateResponses: ResponseValidation;
}

export const CLIENT_NAME = "platform-management-client";
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export const CLIENT_OPTION_KEYS = optionKeys<PlatformClientOptions>({
  host: true,
  baseUrl: true,
  apiKey: true,
  jwt: true,
  fetch: true,
  timeoutMs: true,
  maxRetries: true,
  maxResponseBytes: true,
  userAgent: true,
  logger: true,
  validateResponses: true,
});

// What an HTTP header value can carry as is: visible ASCII, inner spaces allowed, nothing around
// it. Anything else is refused by fetch or garbled by a proxy, and would come back as a retried
// "connection error" on every call; it is refused once, here, instead.
const HEADER_SAFE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

export function headerSafe(value: string): boolean {
  return HEADER_SAFE.test(value);
}

/**
 * The options as the client uses them, or a ConfigurationError (a ValidationError) naming every
 * bad one, each with its rule, a misspelt key with the option it resembles. `extraKeys` are the
 * Node entry's own options (tls, proxy, dispatcher), which it reads itself, and `extraIssues` what
 * its own check of them found, so that one error names them all.
 */
export function resolveOptions(
  options: PlatformClientOptions,
  extraKeys: readonly string[] = [],
  extraIssues: readonly ValidationIssue[] = [],
): ResolvedOptions {
  const { record, issues } = optionsRecord(options, "options");
  // Nothing else can be read from options that are not an object.
  if (issues.length > 0) throw new ConfigurationError(issues);
  const o = record as PlatformClientOptions;
  issues.push(...unknownKeyIssues(o, [...CLIENT_OPTION_KEYS, ...extraKeys], ""));
  const {
    host,
    baseUrl,
    apiKey,
    jwt,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxRetries = DEFAULT_MAX_RETRIES,
    maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
    userAgent,
    logger,
  } = o;
  const must = (field: string, rule: string, message: string) => issues.push({ field, rule, message });
  const url = resolveBaseUrl(host, baseUrl, must);
  const fetchImpl = o.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") must("fetch", "type", "fetch must be a function (no global fetch in this runtime)");
  headerValue("apiKey", apiKey, false, must);
  headerValue("jwt", jwt, true, must);
  if (typeof timeoutMs !== "number" || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    must("timeoutMs", typeof timeoutMs === "number" ? "exclusiveMinimum" : "type", "timeoutMs must be a positive number of milliseconds");
  }
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 10) must("maxRetries", Number.isInteger(maxRetries) ? "range" : "type", "maxRetries must be an integer from 0 to 10");
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes < 1) must("maxResponseBytes", Number.isSafeInteger(maxResponseBytes) ? "minimum" : "type", "maxResponseBytes must be a positive integer number of bytes");
  headerValue("userAgent", userAgent, false, must);
  if (logger !== undefined && (typeof logger !== "object" || logger === null)) must("logger", "type", "logger must be an object with debug, info and warn methods (each optional)");
  const validateResponses = responseValidationMode(o.validateResponses, must);
  issues.push(...extraIssues);
  if (issues.length > 0 || url === undefined) throw new ConfigurationError(issues);
  return {
    baseUrl: url,
    apiKey,
    jwt,
    fetch: fetchImpl,
    fetchGiven: o.fetch !== undefined,
    timeoutMs,
    maxRetries,
    maxResponseBytes,
    userAgent: userAgent ? `${CLIENT_NAME} ${userAgent}` : CLIENT_NAME,
    logger,
    validateResponses,
  };
}

type Must = (field: string, rule: string, message: string) => void;

// A value sent as a header: a non-empty string a header can carry (or, for jwt, a function that
// returns one, checked at each call). The value is never quoted back: it may be a secret.
function headerValue(option: string, value: unknown, orFunction: boolean, must: Must): void {
  if (value === undefined || (orFunction && typeof value === "function")) return;
  if (typeof value !== "string" || value.trim() === "") {
    must(option, typeof value === "string" ? "minLength" : "type", `${option} must be a non-empty string${orFunction ? " or a function returning one" : ""}`);
  } else if (!headerSafe(value)) must(option, "pattern", `${option} must be printable ASCII with no surrounding spaces: a header cannot carry it as it is`);
}

function resolveBaseUrl(host: string | undefined, baseUrl: string | undefined, must: Must): string | undefined {
  if ((host === undefined) === (baseUrl === undefined)) {
    must(host === undefined ? "host" : "baseUrl", "oneOf", "give exactly one of host (e.g. acme.platform.example) or baseUrl");
    return undefined;
  }
  if (host !== undefined) {
    // The spec's server is https://{host}: a scheme or a path here would build wrong addresses.
    if (typeof host === "string" && /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host)) return `https://${host}`;
    must("host", "format", "host must be a bare host name (no scheme, no path), e.g. acme.platform.example");
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    must("baseUrl", "format", "baseUrl must be an absolute http(s) URL");
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    must("baseUrl", "format", "baseUrl must be an absolute http(s) URL");
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash) {
    must("baseUrl", "format", "baseUrl must not carry credentials, a query or a fragment");
    return undefined;
  }
  return url.href.replace(/\/+$/, "");
}

const RESPONSE_VALIDATION: readonly ResponseValidation[] = ["off", "warn", "strict"];

// Off unless asked: the validators are the largest code the client has (loaded on demand, never
// by a client that does not check), and a report helps only someone who reads it.
function responseValidationMode(value: unknown, must: Must): ResponseValidation {
  if (value === undefined) return "off";
  const mode = RESPONSE_VALIDATION.find((m) => m === value);
  if (mode === undefined) {
    must("validateResponses", "enum", `validateResponses must be one of ${RESPONSE_VALIDATION.map((m) => `"${m}"`).join(", ")} (got ${typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : describeType(value)})`);
  }
  return mode ?? "off";
}
