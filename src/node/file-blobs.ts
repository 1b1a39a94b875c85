// Blobs that stand for a range of a file on disk. fs.openAsBlob gives a Blob that reads the file
// lazily, but reading through it costs Node 20 several times the CPU of reading the file with fs
// (bench/import.ts, sender CPU per GiB). So the Node entry remembers which file and range each such Blob (and
// each slice of it) is, and its sender reads those ranges with fs; anything else still sees an
// ordinary, correct Blob.
import { openAsBlob } from "node:fs";

export interface FileSpan {
  path: string;
  /** Offset of the Blob's first byte in the file. */
  start: number;
}

const spans = new WeakMap<Blob, FileSpan>();

/** Where a Blob's bytes are on disk, when it came from fileBlob (or is a slice of one). */
export function fileSpanOf(blob: Blob): FileSpan | undefined {
  return spans.get(blob);
}

/** The file as a lazy Blob whose slices know their range too. */
export async function fileBlob(path: string): Promise<Blob> {
  return tracked(await openAsBlob(path), { path, start: 0 });
}

function tracked(blob: Blob, span: FileSpan): Blob {
  spans.set(blob, span);
  // The Blob stays a real one (any reader gets its bytes); only slice learns to pass the range on.
  Object.defineProperty(blob, "slice", {
    configurable: true,
    writable: true,
    value(start?: number, end?: number, type?: string): Blob {
      const part = Blob.prototype.slice.call(blob, start, end, type);
      return tracked(part, { path: span.path, start: span.start + relativeStart(blob.size, start) });
    },
  });
  return blob;
}

// Blob.slice's own reading of a start offset: negative counts from the end, clamped to the size.
function relativeStart(size: number, start: number | undefined): number {
  if (start === undefined) return 0;
  const n = Math.trunc(start) || 0;
  return n < 0 ? Math.max(size + n, 0) : Math.min(n, size);
}
