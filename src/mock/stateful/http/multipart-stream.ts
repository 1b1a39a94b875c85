// A streaming multipart/form-data reader: text fields are kept, file parts are only counted and
// hashed as they pass, so an upload of any size costs the mock a few buffers of memory. A form is
// refused, its field named, when a part names no field or names one an earlier part named (which
// of two values counts would be a guess). Written
// here rather than taken from a dependency because the mock needs exactly this much (no
// charsets, no nested parts, no temporary files) and the package keeps one runtime dependency.
import { pointerOf } from "../../../kernel/json-pointer.js";
import { concat, fromUtf8, indexOf, latin1, utf8 } from "../portable/bytes.js";
import { createSha256, type Sha256 } from "../portable/sha256.js";

export interface FilePart {
  fileName: string | undefined;
  contentType: string | undefined;
  size: number;
  sha256: string;
}

export interface MultipartContent {
  fields: Record<string, string>;
  files: Record<string, FilePart>;
}

/** A form the reader refuses: `field` is the JSON pointer of the field ("" for the form), `rule` why. */
export class MultipartError extends Error {
  constructor(
    message: string,
    readonly field = "",
    readonly rule = "multipart",
  ) {
    super(message);
  }
}

const MAX_HEADER_BYTES = 16 * 1024;
/** The text fields of one form, all together (files are never held). */
const MAX_TEXT_BYTES = 1024 * 1024;
const MAX_PARTS = 32;
const HEADER_END = utf8("\r\n\r\n");

/** The boundary of a multipart content type, or undefined when it has none. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

interface OpenPart {
  name: string;
  fileName: string | undefined;
  contentType: string | undefined;
  hash: Sha256 | undefined;
  text: Uint8Array[];
  size: number;
}

/**
 * Reads a whole multipart body from `body`. Parts with a filename, or named in `binaryFields`,
 * are files (hashed, never held); the others are text fields. Throws MultipartError on a body
 * that is not well-formed multipart.
 */
export async function readMultipart(body: AsyncIterable<Uint8Array>, boundary: string, binaryFields: ReadonlySet<string>): Promise<MultipartContent> {
  // Starting the stream with CRLF makes the first delimiter look like every other one.
  const delimiter = utf8(`\r\n--${boundary}`);
  const content: MultipartContent = { fields: {}, files: {} };
  let buffer: Uint8Array = utf8("\r\n");
  // Widened by a cast: `step` changes it, which the checker cannot see from the loop below.
  let state = "preamble" as "preamble" | "afterDelimiter" | "headers" | "body" | "done";
  let part: OpenPart | undefined;
  let parts = 0;
  let textBytes = 0;
  const names = new Set<string>();

  const write = (bytes: Uint8Array) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.hash) return void part.hash.update(bytes);
    textBytes += bytes.length;
    if (textBytes > MAX_TEXT_BYTES) throw new MultipartError(`the text fields of a form hold at most ${MAX_TEXT_BYTES} bytes in all`, pointer(part.name), "maxBytes");
    // A copy (a Buffer's slice() would be a view of the socket's memory).
    part.text.push(new Uint8Array(bytes));
  };
  const close = () => {
    if (!part) return;
    if (part.hash) content.files[part.name] = { fileName: part.fileName, contentType: part.contentType, size: part.size, sha256: part.hash.digest() };
    else content.fields[part.name] = fromUtf8(concat(part.text));
    part = undefined;
  };

  const step = (): boolean => {
    switch (state) {
      case "preamble":
      case "body": {
        const at = indexOf(buffer, delimiter);
        if (at === -1) {
          // Keep what could be the start of a delimiter split across two reads.
          const keep = Math.min(buffer.length, delimiter.length - 1);
          if (state === "body") write(buffer.subarray(0, buffer.length - keep));
          buffer = buffer.subarray(buffer.length - keep);
          return false;
        }
        if (state === "body") write(buffer.subarray(0, at));
        close();
        buffer = buffer.subarray(at + delimiter.length);
        state = "afterDelimiter";
        return true;
      }
      case "afterDelimiter": {
        if (buffer.length < 2) return false;
        const mark = latin1(buffer.subarray(0, 2));
        if (mark === "--") {
          state = "done";
          return false;
        }
        if (mark !== "\r\n") throw new MultipartError("a part delimiter is not followed by CRLF");
        buffer = buffer.subarray(2);
        state = "headers";
        return true;
      }
      case "headers": {
        const at = indexOf(buffer, HEADER_END);
        if (at === -1) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError(`part headers are over ${MAX_HEADER_BYTES} bytes`);
          return false;
        }
        if (++parts > MAX_PARTS) throw new MultipartError(`more than ${MAX_PARTS} parts`, "", "maxParts");
        part = openPart(fromUtf8(buffer.subarray(0, at)), parts, binaryFields);
        if (names.has(part.name)) throw new MultipartError(`field "${part.name}" is sent twice`, pointer(part.name), "duplicate");
        names.add(part.name);
        buffer = buffer.subarray(at + HEADER_END.length);
        state = "body";
        return true;
      }
      case "done":
        return false;
    }
  };

  for await (const piece of body) {
    if (state === "done") continue; // the epilogue is read and ignored
    let rest = piece;
    // What is kept between pieces while looking for a delimiter is shorter than one: only the
    // seam is joined to find one across it, never the whole piece (a chunk of megabytes would
    // be copied for a few bytes).
    if ((state === "body" || state === "preamble") && buffer.length > 0 && buffer.length < delimiter.length && rest.length >= delimiter.length) {
      const at = indexOf(concat([buffer, rest.subarray(0, delimiter.length - 1)]), delimiter);
      if (at === -1) {
        if (state === "body") write(buffer);
        buffer = new Uint8Array(0);
      } else {
        const joined = at + delimiter.length - buffer.length;
        buffer = concat([buffer, rest.subarray(0, joined)]);
        rest = rest.subarray(joined);
        while (step());
        if ((state as string) === "done") continue; // `step` moved it, which the checker cannot see
      }
    }
    buffer = buffer.length === 0 ? rest : concat([buffer, rest]);
    while (step());
  }
  if (state !== "done") throw new MultipartError("the body ends before the closing delimiter");
  return content;
}

const pointer = (name: string) => pointerOf([name]);

function openPart(headerText: string, number: number, binaryFields: ReadonlySet<string>): OpenPart {
  const headers = new Map<string, string>();
  for (const line of headerText.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition") ?? "";
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw new MultipartError(`part ${number} has no Content-Disposition header naming its field`, "", "contentDisposition");
  const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  const isFile = fileName !== undefined || binaryFields.has(name);
  return { name, fileName, contentType: headers.get("content-type"), hash: isFile ? createSha256() : undefined, text: [], size: 0 };
}
