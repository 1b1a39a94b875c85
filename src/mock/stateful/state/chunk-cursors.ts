// Cursors of the chunk listing: opaque to the caller (base64url of a small record), real to the
// mock. A cursor names the position by the chunk's sequence number, not by an offset, so pages
// stay right while chunks are deleted between two calls, and it carries a digest of the filter
// it was made for, so a cursor replayed with another filter is refused rather than misread.
import { fromBase64Url, toBase64Url, utf8 } from "../portable/bytes.js";
import { createSha256 } from "../portable/sha256.js";

export interface CursorPosition {
  /** "after": the page after sequence `at`; "before": the page ending before it. */
  direction: "after" | "before";
  at: number;
}

export function filterDigest(filters: unknown): string {
  const hash = createSha256();
  hash.update(utf8(JSON.stringify(filters ?? null)));
  const hex = hash.digest();
  return toBase64Url(hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)))).slice(0, 12);
}

export function encodeCursor(position: CursorPosition, digest: string): string {
  // The record is ASCII (a letter, an integer, a base64url digest), so btoa takes it as it is.
  return toBase64Url(JSON.stringify({ d: position.direction === "after" ? "a" : "b", s: position.at, f: digest }));
}

/** The position a cursor names, or a reason it cannot be used with this filter. */
export function decodeCursor(cursor: string, digest: string): CursorPosition | { error: string } {
  let record: { d?: unknown; s?: unknown; f?: unknown };
  try {
    record = JSON.parse(fromBase64Url(cursor) ?? "");
  } catch {
    return { error: "is not a cursor this service issued" };
  }
  if (record === null || typeof record !== "object") return { error: "is not a cursor this service issued" };
  if ((record.d !== "a" && record.d !== "b") || !Number.isInteger(record.s)) return { error: "is not a cursor this service issued" };
  if (record.f !== digest) return { error: "was issued for other filters" };
  return { direction: record.d === "a" ? "after" : "before", at: record.s as number };
}
