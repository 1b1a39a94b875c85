// When to retry and how long to wait: exponential backoff with full jitter (about 0.5 s base,
// 8 s cap), or the service's Retry-After when it asks for 60 s or less.
import type { Backoff } from "../../kernel/backoff.js";

export const RETRY_BACKOFF: Readonly<Backoff> = Object.freeze({ baseMs: 500, capMs: 8_000 });
export const RETRY_AFTER_LIMIT_MS = 60_000;

const RETRYABLE_STATUS = new Set([408, 429]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUS.has(status) || status >= 500;
}

/** Retry-After as delta-seconds or an HTTP date, in ms from now; undefined when absent or malformed. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait a Retry-After asks for, when it is one this client honours (60 s or less). */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  const ms = parseRetryAfter(header, now);
  return ms !== undefined && ms <= RETRY_AFTER_LIMIT_MS ? ms : undefined;
}

// Error codes that mean the connection was never made, so the request cannot have reached the
// service: repeating it is safe whatever the operation.
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_CONNECT"]);

export function provablyNeverSent(error: unknown): boolean {
  const codes: unknown[] = [];
  const collect = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || depth > 4) return;
    codes.push((value as { code?: unknown }).code);
    collect((value as { cause?: unknown }).cause, depth + 1);
    for (const inner of (value as { errors?: unknown[] }).errors ?? []) collect(inner, depth + 1);
  };
  collect(error, 0);
  return codes.some((code) => typeof code === "string" && NEVER_SENT.has(code));
}
