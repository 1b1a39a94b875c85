// A request body that is streamed rather than held, and can be streamed again: a retry of a
// chunk sends the same bytes from the start without the sender keeping a copy of them.

/** A body that can be streamed again for a retry: e.g. a multipart chunk whose file part is read from disk. */
export interface BodySource {
  /** Exact byte length, sent as content-length. */
  readonly size: number;
  /**
   * Each call streams the whole body from the start; no work is done before the first read.
   * Without `reader`, every piece is the reader's to keep.
   */
  open(reader?: ReaderPromise): AsyncIterable<Uint8Array>;
}

/**
 * What a reader that does not keep pieces promises, so a source may reuse a piece's memory
 * instead of allocating every piece afresh (for a file, allocation and the garbage collection it
 * causes cost more CPU than reading the file: see bench/node-sender.ts).
 */
export interface ReaderPromise {
  /**
   * Whenever the reader asks for a piece, it still holds at most this many of the last bytes it
   * was given (e.g. bytes queued on a socket); the memory of anything before them may be reused.
   */
  readonly heldBytes: number;
}

export function isBodySource(value: unknown): value is BodySource {
  return (
    typeof value === "object" &&
    value !== null &&
    !(value instanceof Blob) &&
    typeof (value as BodySource).size === "number" &&
    typeof (value as BodySource).open === "function"
  );
}

/**
 * One body made of pieces in order: e.g. a multipart chunk's part header, a file range and the
 * closing boundary. Strings are encoded as UTF-8 once, here, so `size` is exact before any read.
 */
export function concatSources(parts: Array<string | Uint8Array | BodySource>): BodySource {
  if (!Array.isArray(parts)) throw new TypeError("parts must be an array of strings, Uint8Arrays or BodySources");
  const pieces = parts.map((part, index) => {
    if (typeof part === "string") return Buffer.from(part, "utf8");
    if (part instanceof Uint8Array || isBodySource(part)) return part;
    throw new TypeError(`parts[${index}] must be a string, a Uint8Array or a BodySource (an object with size and open())`);
  });
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
