// A request body made of pieces (a multipart chunk's part header, a file range, the closing
// boundary), streamed rather than held, and streamed again for a retry.
import { ValidationError, type ValidationIssue } from "../kernel/errors.js";
import { isBodySource, type BodySource, type ReaderPromise } from "../wrappers/http/sender.js";

export { isBodySource, type BodySource, type ReaderPromise };

/**
 * One body made of pieces in order: e.g. a multipart chunk's part header, a file range and the
 * closing boundary. Strings are encoded as UTF-8 once, here, so `size` is exact before any read.
 */
export function concatSources(parts: Array<string | Uint8Array | BodySource>): BodySource {
  if (!Array.isArray(parts)) throw new ValidationError([{ field: "parts", rule: "type", message: "parts must be an array of strings, Uint8Arrays or BodySources" }]);
  const issues: ValidationIssue[] = [];
  const pieces = parts.flatMap((part, index) => {
    if (typeof part === "string") return [Buffer.from(part, "utf8")];
    if (part instanceof Uint8Array || isBodySource(part)) return [part];
    issues.push({ field: `parts[${index}]`, rule: "type", message: `parts[${index}] must be a string, a Uint8Array or a BodySource (an object with size and open())` });
    return [];
  });
  if (issues.length > 0) throw new ValidationError(issues);
  const size = pieces.reduce((total, piece) => total + (piece instanceof Uint8Array ? piece.byteLength : piece.size), 0);
  return {
    size,
    // The promise holds for every part: bytes counted within one part are never fewer than the
    // reader's count over the whole stream.
    async *open(reader?: ReaderPromise) {
      for (const piece of pieces) {
        if (piece instanceof Uint8Array) {
          if (piece.byteLength > 0) yield piece;
        } else {
          yield* piece.open(reader);
        }
      }
    },
  };
}
