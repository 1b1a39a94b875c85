// Byte helpers on Uint8Array, in place of Buffer's, so the mock's request path runs where there
// is no Buffer (a browser page, a worker).
export { piecesOf } from "../../../wrappers/request/multipart.js";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);
export const fromUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);
/** Each byte as one character: for ASCII markers, never for text. */
export const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

export function concat(pieces: readonly Uint8Array[], size = pieces.reduce((n, p) => n + p.length, 0)): Uint8Array {
  const [only] = pieces;
  if (pieces.length === 1 && only !== undefined) return only;
  const joined = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

/** Where `needle` first starts in `haystack`, or -1; the first byte is found natively. */
export function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  if (first === undefined) return -1;
  const last = haystack.length - needle.length;
  for (let at = haystack.indexOf(first, from); at !== -1 && at <= last; at = haystack.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}

/** Base64url of ASCII text, and back (undefined when it is not base64url). */
export const toBase64Url = (ascii: string): string => btoa(ascii).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
export function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    return atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return undefined;
  }
}
