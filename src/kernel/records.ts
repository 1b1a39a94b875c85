// Guards for values that came from JSON or from a JavaScript caller: the service's answers and
// a caller's options are both `unknown` until looked at.

export type JsonRecord = Record<string, unknown>;

// One guard for src and the scripts alike (is-record.js, plain JavaScript for node).
export { isRecord } from "./is-record.js";

/** The value trimmed, or undefined when it is not a string or nothing is left of it. */
export function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    const found = text(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Absent rather than `undefined`, so `"toolId" in job` and JSON output reflect what arrived.
export function definedOnly<T extends object>(fields: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(fields) as Array<keyof T>) if (fields[key] !== undefined) out[key] = fields[key];
  return out;
}

// Counts and page numbers the document types as integers but its samples send as strings.

/** An integer, or a string of digits (surrounding whitespace ignored), as a number; else undefined. */
export function normalizePageNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const digits = value.trim();
  if (!/^\d+$/.test(digits)) return undefined;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : undefined;
}

export function nonNegativeCount(value: unknown): number | undefined {
  const n = normalizePageNumber(value);
  return n !== undefined && n >= 0 ? n : undefined;
}

/** A normalised record without the `raw` answer body it was read from: what is shown to people and agents. */
export function withoutRaw<T extends object>(record: T): Omit<T, "raw"> {
  const { raw: _raw, ...rest } = record as T & { raw?: unknown };
  return rest;
}
