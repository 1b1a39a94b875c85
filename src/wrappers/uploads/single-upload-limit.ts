// Upload File takes one multipart request "for files under 25 MB" (the vendor's public
// reference); larger files go through an import session. Decimal megabytes, the smaller
// reading, so a file near the limit takes the session.
export const SINGLE_UPLOAD_LIMIT = 25_000_000;
