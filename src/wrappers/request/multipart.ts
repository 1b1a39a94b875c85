// A multipart/form-data body made of the part headers and the caller's own Blobs and bytes:
// nothing is read before it is sent (a file slice stays on disk), and it can be sent again for a
// retry. Blobs and byte arrays become file parts (a File keeps its name); every other field is
// sent as text, which is how multipart carries numbers such as chunkNumber.
import type { BodySource } from "../http/sender.js";

// As the HTML form encoding escapes names: a quote or a line break would end the header early.
const escapeName = (text: string) => text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
const CRLF = /\r(?!\n)|(?<!\r)\n/g;
const encoder = new TextEncoder();

/** A Blob's bytes as they are read, the reader released however the caller stops. */
export const streamOf = (blob: Blob): AsyncIterable<Uint8Array> => piecesOf(blob.stream());

/**
 * A stream's pieces in order, with a reader every runtime has (not every one iterates streams);
 * stopping early releases the reader and leaves the stream unread, not cancelled.
 */
export async function* piecesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

export class MultipartBody implements BodySource {
  readonly contentType: string;
  readonly size: number;
  /** Text already encoded; Blobs as given, so a file-backed one is still read lazily. */
  readonly parts: ReadonlyArray<Uint8Array | Blob>;
  // A field given as bytes (a chunk cut from a stream): a Blob of it would copy it into memory
  // the garbage collector does not see, so such a body is never turned into a Blob.
  readonly #holdsBytes: boolean;

  constructor(fields: Record<string, unknown>, random: () => number = Math.random) {
    const boundary = `----platform-client-${random().toString(16).slice(2)}${random().toString(16).slice(2)}`;
    const parts: Array<Uint8Array | Blob> = [];
    let holdsBytes = false;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(key)}"`;
      if (value instanceof Blob || value instanceof Uint8Array) {
        holdsBytes ||= value instanceof Uint8Array;
        const filename = value instanceof File ? value.name : "blob";
        const type = (value instanceof Blob && value.type) || "application/octet-stream";
        parts.push(encoder.encode(`${disposition}; filename="${escapeName(filename)}"\r\nContent-Type: ${type}\r\n\r\n`), value, encoder.encode("\r\n"));
      } else {
        parts.push(encoder.encode(`${disposition}\r\n\r\n${String(value).replace(CRLF, "\r\n")}\r\n`));
      }
    }
    parts.push(encoder.encode(`--${boundary}--\r\n`));
    this.parts = parts;
    this.#holdsBytes = holdsBytes;
    this.size = parts.reduce((n, part) => n + (part instanceof Blob ? part.size : part.byteLength), 0);
    this.contentType = `multipart/form-data; boundary=${boundary}`;
  }

  /** Streams the body (the Node entry reads a file-backed Blob part straight from disk instead). */
  async *open(): AsyncIterable<Uint8Array> {
    for (const part of this.parts) {
      if (part instanceof Blob) yield* streamOf(part);
      else yield part;
    }
  }

  /** One lazy Blob when every part already is one or text (file Blobs stay on disk); else undefined. */
  toBlob(): Blob | undefined {
    return this.#holdsBytes ? undefined : new Blob(this.parts as BlobPart[]);
  }
}
