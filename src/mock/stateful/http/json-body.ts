// JSON request bodies, for the operations and the admin endpoint alike, read within two limits
// that a request cannot move: a size (a declared content-length over it is refused before a byte
// is read; a chunked body the moment it passes it) and a nesting depth (checked without
// recursion, so a body nested thousands deep is the request's fault, not a stack overflow in
// the mock). Past the size the mock stops reading and closes the connection after its answer:
// the rest of the body, however long, is never waited for.
import { pointerOf } from "../../../kernel/json-pointer.js";
import { concat, fromUtf8, piecesOf, utf8 } from "../portable/bytes.js";
import type { Violation } from "../contract/problems.js";
import type { IncomingRequest } from "./incoming.js";

/** The largest JSON body of an operation: far above any request of the spec. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Levels of nested objects and arrays a JSON body may have (the body itself is the first). */
export const MAX_JSON_DEPTH = 64;

export type JsonRead = { value: unknown } | { refusal: JsonRefusal };

export interface JsonRefusal {
  status: 413 | 422;
  violation: Violation;
  /** The body was not read to its end: the answer closes the connection. */
  close: boolean;
}

/**
 * Reads a JSON body of at most `maxBytes`. `optional`: a body of whitespace only is `undefined`
 * rather than invalid JSON.
 */
export async function readJsonBody(request: IncomingRequest, { maxBytes = MAX_JSON_BYTES, optional = false } = {}): Promise<JsonRead> {
  const text =
    request.bodyText !== undefined ? heldText(request.bodyText, maxBytes) : await readUpTo(request, maxBytes).then((bytes) => bytes && fromUtf8(bytes));
  if (text === undefined) {
    const violation: Violation = { in: "body", field: "", rule: "maxBytes", message: `a JSON body is at most ${maxBytes} bytes` };
    return { refusal: { status: 413, violation, close: true } };
  }
  if (optional && text.trim() === "") return { value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { refusal: { status: 422, violation: { in: "body", field: "", rule: "json", message: `is not valid JSON (${(error as Error).message})` }, close: false } };
  }
  const deep = tooDeep(value, MAX_JSON_DEPTH);
  if (deep !== undefined) {
    return { refusal: { status: 422, violation: { in: "body", field: deep, rule: "maxDepth", message: `nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels` }, close: false } };
  }
  return { value };
}

// A UTF-16 surrogate with no partner, which UTF-8 cannot carry: sent, it arrives as U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A body held as text, as it would arrive in UTF-8, or undefined when those bytes pass
 * `maxBytes` (no UTF-16 unit takes more than 3).
 */
function heldText(text: string, maxBytes: number): string | undefined {
  if (text.length > maxBytes || (text.length * 3 > maxBytes && utf8(text).length > maxBytes)) return undefined;
  return LONE_SURROGATE.test(text) ? fromUtf8(utf8(text)) : text;
}

/**
 * The body's bytes, or undefined once they pass `maxBytes` (by the declared length, or as they
 * arrive): then reading stops where it is. A client that goes away before the body ends errors
 * the stream, and so this read: nobody is left to answer.
 */
async function readUpTo(request: IncomingRequest, maxBytes: number): Promise<Uint8Array | undefined> {
  // Number(null) is 0 and NaN > maxBytes is false: a body of no declared length is counted instead.
  if (Number(request.headers.get("content-length")) > maxBytes) return undefined;
  if (request.body === null) return new Uint8Array(0);
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const piece of piecesOf(request.body)) {
    size += piece.length;
    if (size > maxBytes) return undefined;
    pieces.push(piece);
  }
  return concat(pieces, size);
}

/**
 * The pointer of the body's member (its property or item) under which values nest deeper than
 * `max` levels ("" for the body itself), or undefined. Iterative: no depth can overflow it.
 */
function tooDeep(body: unknown, max: number): string | undefined {
  if (body === null || typeof body !== "object") return undefined;
  const stack: Array<{ value: object; depth: number; member: string }> = [{ value: body, depth: 1, member: "" }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { value, depth, member } = top;
    if (depth > max) return member;
    for (const [key, inner] of Object.entries(value)) {
      if (inner === null || typeof inner !== "object") continue;
      stack.push({ value: inner as object, depth: depth + 1, member: depth === 1 ? pointerOf([key]) : member });
    }
  }
  return undefined;
}
