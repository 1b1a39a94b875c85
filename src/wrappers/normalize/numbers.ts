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
