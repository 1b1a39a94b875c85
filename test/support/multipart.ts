// A minimal multipart/form-data reader for the local servers of the tests and the benchmarks:
// they need the parts of an upload by name, byte-exact, without a dependency.

export interface Part {
  /** A view into the request body, not a copy. */
  data: Buffer;
  filename?: string;
}

export function parseMultipart(body: Buffer, contentType: string): Map<string, Part> {
  const parts = new Map<string, Part>();
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!match) return parts;
  const boundary = match[1] ?? match[2]!;
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break; // the closing "--"
    at += 2; // CRLF after the delimiter
    const headerEnd = body.indexOf("\r\n\r\n", at);
    if (headerEnd === -1) break;
    const headers = body.subarray(at, headerEnd).toString("latin1");
    const start = headerEnd + 4;
    const end = body.indexOf(between, start);
    if (end === -1) break;
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined) parts.set(name, { data: body.subarray(start, end), ...(filename !== undefined ? { filename } : {}) });
    at = end + 2;
  }
  return parts;
}
