// Upload File takes one multipart request "for files under 25 MB" (the vendor's public
// reference); larger files go through an import session. Decimal megabytes, the smaller
// reading, so a file near the limit takes the session.
export const SINGLE_UPLOAD_LIMIT = 25_000_000;

/** Whether a source goes through an import session: a stream (its size is not in hand) or a Blob at the limit or over. */
export function needsSession(source: unknown): boolean {
  return !(source instanceof Blob) || source.size >= SINGLE_UPLOAD_LIMIT;
}
