// A file on disk as the source of an upload: a lazy Blob (read chunk by chunk, never whole) with
// the file's base name and extension as defaults. Everything portable only sees the Blob; the
// Node sender reads its slices with fs (./file-blobs.ts).

import type { Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import { fileURLToPath } from "node:url";

import { ValidationError } from "../kernel/errors.js";
import { describeSource } from "../wrappers/uploads/source-identity.js";
import { fileBlob } from "./file-blobs.js";

export interface FileSource {
  /** Backed by the file: bytes are read when a chunk is sent, never all at once. */
  source: Blob;
  /** The file's base name, a default for the session's `fileName`. */
  fileName: string;
  /** The last extension without its dot (`model.tar` → `tar`); empty when the name has none. */
  fileExtension: string;
}

/** Spread it into the upload options: `{ ...(await fileSource(path)), fileContext: "model" }`. */
export async function fileSource(path: string | URL): Promise<FileSource> {
  const filePath = typeof path === "string" ? path : fileURLToPath(path);
  if (!filePath) {
    throw new ValidationError([{ field: "path", rule: "minLength", message: "path must name a file" }]);
  }
  let info: Stats;
  try {
    info = await stat(filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new ValidationError([{ field: "path", rule: "exists", message: `path ${filePath} does not exist` }]);
    }
    throw error;
  }
  // openAsBlob accepts a directory and reports a size for it; the failure would only show
  // when the first chunk is read, after a session was opened.
  if (!info.isFile()) {
    throw new ValidationError([{ field: "path", rule: "file", message: `path ${filePath} is not a regular file` }]);
  }
  const source = await fileBlob(filePath);
  const fileName = basename(filePath);
  // What a resume compares: the name and the time the file was last written.
  describeSource(source, { name: fileName, lastModified: Math.trunc(info.mtimeMs) });
  return { source, fileName, fileExtension: extname(fileName).slice(1) };
}
