// A byte range of a file as a BodySource, read with fs into fresh buffers. Node 20 spends about
// 1.1 CPU-s per GiB reading a file-backed Blob (fs.openAsBlob) against about 0.2 reading the
// file itself, and the import sends gigabytes: this is the import's file reader.
import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";

import { ValidationError } from "../kernel/errors.js";
import type { BodySource, ReaderPromise } from "./body-source.js";

/**
 * Bytes asked of the file per read. Reading into reused buffers, 256 KiB to 1 MiB cost the same
 * CPU and 64 KiB more; 256 KiB kept a 1 GiB upload's peak RSS about 20 MiB under 1 MiB's
 * (bench/import.ts, sender CPU per GiB).
 */
export const READ_SIZE = 256 * 1024;

export interface FileRange extends BodySource {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Bytes `start` (inclusive) to `end` (exclusive) of the file at `path`, as `Blob.slice` counts.
 * Each `open()` opens the file once, reads the range in order and closes it when the range ends
 * or the reader stops early; one piece at a time is read, so memory does not grow with the range.
 * Given a ReaderPromise, it reads into the same few buffers over and over.
 */
export function fileRange(path: string | URL, start: number, end: number, readSize: number = READ_SIZE): FileRange {
  const filePath = checkedPath(path);
  const issues = [
    ...offsetIssues("start", start),
    ...offsetIssues("end", end),
    ...(Number.isSafeInteger(readSize) && readSize > 0 ? [] : [{ field: "readSize", rule: "positiveInteger", message: "readSize must be a positive integer" }]),
  ];
  if (issues.length === 0 && end < start) issues.push({ field: "end", rule: "minimum", message: `end (${end}) must be at least start (${start})` });
  if (issues.length) throw new ValidationError(issues);

  return {
    path: filePath,
    start,
    end,
    size: end - start,
    async *open(reader?: ReaderPromise) {
      if (end === start) return;
      const held = reader && Number.isFinite(reader.heldBytes) && reader.heldBytes >= 0 ? reader.heldBytes : undefined;
      // Buffers given out, oldest first, each with the count of bytes given out when it was: one
      // may be read into again once the reader has had `held` bytes after it (ReaderPromise).
      const lent: Array<{ buffer: Buffer; givenUpTo: number }> = [];
      let given = 0;
      const handle = await open(filePath, "r");
      try {
        for (let position = start; position < end; ) {
          const length = Math.min(readSize, end - position);
          const oldest = lent[0];
          const reused = held !== undefined && oldest !== undefined && given - oldest.givenUpTo >= held ? oldest : undefined;
          if (reused) lent.shift();
          // Without a promise, a new buffer per read: the reader may keep every piece.
          const buffer = reused ? reused.buffer : Buffer.allocUnsafe(held === undefined ? length : readSize);
          const { bytesRead } = await handle.read(buffer, 0, length, position);
          if (bytesRead === 0) {
            throw Object.assign(new Error(`${filePath} ended at byte ${position}, before the range's end ${end}: the file changed while it was read`), {
              code: "ERR_FILE_CHANGED",
            });
          }
          position += bytesRead;
          given += bytesRead;
          if (held !== undefined) lent.push({ buffer, givenUpTo: given });
          yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
        }
      } finally {
        await handle.close();
      }
    },
  };
}

function checkedPath(path: string | URL): string {
  const filePath = path instanceof URL ? fileURLToPath(path) : path;
  if (typeof filePath !== "string" || filePath === "") {
    throw new ValidationError([{ field: "path", rule: "minLength", message: "path must name a file" }]);
  }
  return filePath;
}

function offsetIssues(field: string, value: unknown) {
  return Number.isSafeInteger(value) && (value as number) >= 0
    ? []
    : [{ field, rule: "nonNegativeInteger", message: `${field} must be a non-negative integer byte offset` }];
}
