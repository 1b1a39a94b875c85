// What an upload's source was, kept in its resumable state so that a resume can refuse another
// file: its name and modification time where the runtime knows them, its size, and a digest of
// a sample of the chunks sent (the first and last 4 KiB of at most about 256 chunks spread over
// the file, the first and the last included), so the state stays a few KiB however many chunks
// there are: it is rewritten after every chunk. A file of the same size with other bytes, or the
// same file changed since, fails the check before anything is sent. A stream cannot be read
// ahead, so a resumed stream is checked by its size.
import type { ValidationIssue } from "../../kernel/errors.js";
import { chunkRange, isBlob, type ChunkBytes, type UploadSource } from "./upload-source.js";

export interface SourceIdentity {
  /** The file's name, when the source is a File or a path. */
  name?: string | undefined;
  size: number;
  /** Milliseconds since the epoch, when the source is a File or a path. */
  lastModified?: number | undefined;
  /** Bytes read from each end of a chunk for its sample. */
  sampleBytes: number;
  /** Per sampled chunk sent (by number; see isSampled), the hex SHA-256 of its sample, cut to 32 digits. */
  samples: Record<string, string>;
}

export const SAMPLE_BYTES = 4096;
const MAX_SAMPLED_CHUNKS = 256;

/** Whether a chunk's sample is recorded: every k-th chunk so that about 256 are, and the last. */
export function isSampled(chunkNumber: number, totalChunks: number): boolean {
  const stride = Math.max(1, Math.ceil(totalChunks / MAX_SAMPLED_CHUNKS));
  return chunkNumber % stride === 0 || chunkNumber === totalChunks - 1;
}

// A Blob read from a path by the Node entry is not a File: the entry says what file it was.
const described = new WeakMap<object, { name: string; lastModified: number }>();

/** Records the file a Blob was read from (the Node entry's paths). */
export function describeSource(source: Blob, facts: { name: string; lastModified: number }): void {
  described.set(source, facts);
}

/** The identity of a source before any chunk is sent. */
export function identityOf(source: UploadSource): SourceIdentity {
  const facts = isBlob(source)
    ? (described.get(source) ?? (typeof File !== "undefined" && source instanceof File ? { name: source.name, lastModified: source.lastModified } : undefined))
    : undefined;
  return { ...(facts ? { name: facts.name, lastModified: facts.lastModified } : {}), size: source.size, sampleBytes: SAMPLE_BYTES, samples: {} };
}

/** The sample digest of one chunk's bytes. */
export async function sampleOf(chunk: ChunkBytes, sampleBytes = SAMPLE_BYTES): Promise<string> {
  const size = chunk instanceof Uint8Array ? chunk.byteLength : chunk.size;
  const ends = size <= 2 * sampleBytes ? [[0, size]] : [[0, sampleBytes], [size - sampleBytes, size]];
  const pieces = await Promise.all(
    ends.map(([start, end]) =>
      chunk instanceof Uint8Array
        ? chunk.subarray(start, end)
        : chunk
            .slice(start, end)
            .arrayBuffer()
            .then((b) => new Uint8Array(b)),
    ),
  );
  const joined = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", joined));
  return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Why `source` is not the source `recorded` describes (empty when it may be): another size or
 * modification time, or, for a Blob, a chunk already sent whose sample differs. A name alone may
 * differ: a file moved or copied with its time kept is the same file.
 */
export async function sourceMismatch(
  recorded: SourceIdentity,
  source: UploadSource,
  chunkSize: number,
  uploaded: readonly number[],
): Promise<ValidationIssue[]> {
  const now = identityOf(source);
  const began = recorded.name ? `"${recorded.name}"` : "another source";
  const differs = (field: string, what: string) => [{ field, rule: "sameSource", message: `${field} ${what}: a resume needs the very file the import began with (${began}); start a new import for this one` }];
  if (now.size !== recorded.size) return differs("source.size", `(${now.size}) is not the size recorded (${recorded.size})`);
  if (recorded.lastModified !== undefined && now.lastModified !== undefined && now.lastModified !== recorded.lastModified) {
    return differs("source.lastModified", `(${new Date(now.lastModified).toISOString()}) is not the time recorded (${new Date(recorded.lastModified).toISOString()}): the file changed since`);
  }
  if (!isBlob(source)) return [];
  for (const chunkNumber of uploaded) {
    const expected = recorded.samples[String(chunkNumber)];
    if (expected === undefined) continue;
    const { start, end } = chunkRange(chunkNumber, chunkSize, recorded.size);
    if ((await sampleOf(source.slice(start, end), recorded.sampleBytes)) !== expected) return differs("source", `differs from the bytes sent as chunk ${chunkNumber}`);
  }
  return [];
}
