// Cursors of the chunk listing: opaque to the caller (base64url of a small record), real to the
// mock. A cursor names the position by the chunk's sequence number, not by an offset, so pages
// stay right while chunks are deleted between two calls, and it carries a digest of the filter
// it was made for, so a cursor replayed with another filter is refused rather than misread.
import { createHash } from "node:crypto";

export interface CursorPosition {
  /** "after": the page after sequence `at`; "before": the page ending before it. */
  direction: "after" | "before";
  at: number;
}

export const filterDigest = (filters: unknown) => createHash("sha256").update(JSON.stringify(filters ?? null)).digest("base64url").slice(0, 12);

export function encodeCursor(position: CursorPosition, digest: string): string {
  return Buffer.from(JSON.stringify({ d: position.direction === "after" ? "a" : "b", s: position.at, f: digest })).toString("base64url");
}

/** The position a cursor names, or a reason it cannot be used with this filter. */
export function decodeCursor(cursor: string, digest: string): CursorPosition | { error: string } {
  let record: { d?: unknown; s?: unknown; f?: unknown };
  try {
    record = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return { error: "is not a cursor this service issued" };
  }
  if ((record.d !== "a" && record.d !== "b") || !Number.isInteger(record.s)) return { error: "is not a cursor this service issued" };
  if (record.f !== digest) return { error: "was issued for other filters" };
  return { direction: record.d === "a" ? "after" : "before", at: record.s as number };
}
