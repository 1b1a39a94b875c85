// Where the bytes of a chunked upload come from, and how chunk i is cut out of them. Portable:
// only Blob, ReadableStream and async iteration, so the same upload code runs in Node and browsers.

import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";

/** A declared size is needed up front because the session is opened with `fileSize`. */
export interface StreamUploadSource {
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
  /** Exact number of bytes the stream will yield. */
  size: number;
}

export type UploadSource = Blob | StreamUploadSource;

/**
 * One chunk's bytes: a slice of a Blob source (still on disk for a file), or the bytes cut from
 * a stream. Never a Blob built from bytes: Node keeps those outside the heap the garbage
 * collector watches, and an import of a large stream held gigabytes of them.
 */
export type ChunkBytes = Blob | Uint8Array;

export function chunkByteLength(chunk: ChunkBytes): number {
  return chunk instanceof Uint8Array ? chunk.byteLength : chunk.size;
}

export interface ChunkReader {
  /**
   * The bytes of chunk `chunkNumber` (numbered from 0). A stream can only move forward, so calls
   * must ask for increasing numbers; the chunks in between are read and dropped.
   */
  read(chunkNumber: number): Promise<ChunkBytes>;
  /** The chunk's upload is over (the service has it): its memory may hold a later chunk. */
  release(chunk: ChunkBytes): void;
  /** Releases the stream early (stopped upload). Safe to call more than once. */
  close(): Promise<void>;
}

export function isBlob(value: unknown): value is Blob {
  return typeof Blob !== "undefined" && value instanceof Blob;
}

export function sourceSize(source: UploadSource): number {
  return source.size;
}

/** Issues for anything that is not a usable, non-empty source; empty when it is fine. */
export function checkUploadSource(source: unknown, field = "source"): ValidationIssue[] {
  if (isBlob(source)) {
    return source.size > 0 ? [] : [emptySource(field)];
  }
  if (typeof source === "string") {
    return [{ field, rule: "type", message: `${field} must be a Blob or an object { stream, size }; a file path is taken by the Node entry (@platform/management-client/node)` }];
  }
  if (!source || typeof source !== "object") {
    return [{ field, rule: "type", message: `${field} must be a Blob or an object { stream, size }` }];
  }
  const issues: ValidationIssue[] = [];
  const { stream, size } = source as Partial<StreamUploadSource>;
  if (!isReadableStream(stream) && !isAsyncIterable(stream)) {
    issues.push({
      field: `${field}.stream`,
      rule: "type",
      message: `${field}.stream must be a ReadableStream or an async iterable of Uint8Array`,
    });
  }
  if (typeof size !== "number" || !Number.isSafeInteger(size)) {
    issues.push({ field: `${field}.size`, rule: "type", message: `${field}.size must be an integer number of bytes` });
  } else if (size === 0) {
    issues.push(emptySource(field));
  } else if (size < 0) {
    issues.push({ field: `${field}.size`, rule: "minimum", message: `${field}.size must be >= 1` });
  }
  return issues;
}

function emptySource(field: string): ValidationIssue {
  return {
    field: `${field}.size`,
    rule: "minimum",
    message: `${field}.size is 0: a zero-byte file cannot be imported`,
  };
}

/** Byte range [start, end) of chunk `chunkNumber`; the last chunk is the short one. */
export function chunkRange(chunkNumber: number, chunkSize: number, fileSize: number): { start: number; end: number } {
  const start = chunkNumber * chunkSize;
  return { start, end: Math.min(start + chunkSize, fileSize) };
}

export function openChunkReader(source: UploadSource, chunkSize: number): ChunkReader {
  if (isBlob(source)) return blobReader(source, chunkSize);
  return new StreamChunkReader(pullerFor(source.stream), source.size, chunkSize);
}

// slice() only records a range: a file-backed Blob (fs.openAsBlob) is read from disk when the
// transport sends the chunk, so the file never sits in memory.
function blobReader(blob: Blob, chunkSize: number): ChunkReader {
  return {
    read: async (chunkNumber) => {
      const { start, end } = chunkRange(chunkNumber, chunkSize, blob.size);
      if (start >= blob.size || chunkNumber < 0) throw new RangeError(`chunk ${chunkNumber} is beyond the end of the source`);
      return blob.slice(start, end);
    },
    release: () => {},
    close: async () => {},
  };
}

/** One step of a stream: the next piece, or undefined at the end. */
interface Puller {
  next(): Promise<Uint8Array | undefined>;
  cancel(): Promise<void>;
}

function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | undefined)?.getReader === "function";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof (value as AsyncIterable<unknown> | undefined)?.[Symbol.asyncIterator] === "function";
}

// getReader first: some browsers' ReadableStream is not async-iterable.
function pullerFor(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Puller {
  if (isReadableStream(stream)) {
    const reader = stream.getReader();
    return {
      next: async () => {
        const { done, value } = await reader.read();
        return done ? undefined : value;
      },
      cancel: async () => {
        await reader.cancel().catch(() => {});
      },
    };
  }
  const iterator = stream[Symbol.asyncIterator]();
  return {
    next: async () => {
      const { done, value } = await iterator.next();
      return done ? undefined : value;
    },
    cancel: async () => {
      try {
        await iterator.return?.();
      } catch {
        // The producer failing while being released changes nothing: the upload already stopped.
      }
    },
  };
}

/**
 * Re-cuts a stream's pieces, whatever their sizes, into chunks of exactly `chunkSize` bytes
 * (the last one shorter). It holds at most one piece's remainder between calls, so memory is
 * bounded by how many chunks the caller keeps, not by the file.
 */
class StreamChunkReader implements ChunkReader {
  private nextChunk = 0;
  private consumed = 0;
  private leftover: Uint8Array | undefined;
  private closed = false;
  // Arrays of chunks the service has, read into again: a fresh 8 MiB array per chunk left
  // garbage the collector let pile up, and a stream import's peak memory rose with the file.
  private readonly spare: Uint8Array[] = [];
  private readonly totalChunks: number;

  constructor(
    private readonly puller: Puller,
    private readonly size: number,
    private readonly chunkSize: number,
  ) {
    this.totalChunks = Math.ceil(size / chunkSize);
  }

  async read(chunkNumber: number): Promise<ChunkBytes> {
    if (this.closed) throw new Error("the source stream was closed");
    if (!Number.isInteger(chunkNumber) || chunkNumber < this.nextChunk || chunkNumber >= this.totalChunks) {
      throw new RangeError(
        `chunk ${chunkNumber} cannot be read: a stream moves forward only (next is ${this.nextChunk} of ${this.totalChunks})`,
      );
    }
    // A resume skips what the service already has, but a stream can only get there by reading it.
    while (this.nextChunk < chunkNumber) {
      await this.take(this.lengthOf(this.nextChunk), undefined);
      this.nextChunk++;
    }
    // Copied into one array of its own, so a producer that reuses its buffer cannot change a
    // chunk that is waiting for a retry, and the pieces it came in are released at once.
    const length = this.lengthOf(chunkNumber);
    const chunk = (length === this.chunkSize ? this.spare.pop() : undefined) ?? new Uint8Array(length);
    await this.take(chunk.byteLength, chunk);
    this.nextChunk++;
    if (this.nextChunk === this.totalChunks) await this.expectEnd();
    return chunk;
  }

  release(chunk: ChunkBytes): void {
    if (chunk instanceof Uint8Array && chunk.byteLength === this.chunkSize && !this.spare.includes(chunk)) this.spare.push(chunk);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.leftover = undefined;
    this.spare.length = 0;
    await this.puller.cancel();
  }

  private lengthOf(chunkNumber: number): number {
    const { start, end } = chunkRange(chunkNumber, this.chunkSize, this.size);
    return end - start;
  }

  /** Moves `length` bytes out of the stream, into `into` when given, else dropping them. */
  private async take(length: number, into: Uint8Array | undefined): Promise<void> {
    let missing = length;
    while (missing > 0) {
      const piece = this.leftover ?? (await this.pull());
      this.leftover = undefined;
      if (piece === undefined) {
        throw sizeError(
          `source.size is ${this.size} bytes but the stream ended after ${this.consumed}; pass the stream's exact length`,
        );
      }
      const used = piece.byteLength <= missing ? piece : piece.subarray(0, missing);
      if (used.byteLength < piece.byteLength) this.leftover = piece.subarray(missing);
      into?.set(used, length - missing);
      missing -= used.byteLength;
      this.consumed += used.byteLength;
    }
  }

  private async expectEnd(): Promise<void> {
    let extra = this.leftover?.byteLength ?? 0;
    this.leftover = undefined;
    while (extra === 0) {
      const piece = await this.pull();
      if (piece === undefined) return;
      extra = piece.byteLength;
    }
    throw sizeError(`source.size is ${this.size} bytes but the stream yielded more; pass the stream's exact length`);
  }

  private async pull(): Promise<Uint8Array | undefined> {
    const piece = await this.puller.next();
    if (piece !== undefined && !(piece instanceof Uint8Array)) {
      throw new ValidationError([
        { field: "source.stream", rule: "type", message: "source.stream must yield Uint8Array pieces" },
      ]);
    }
    return piece;
  }
}

function sizeError(message: string): ValidationError {
  return new ValidationError([{ field: "source.size", rule: "streamLength", message }]);
}
