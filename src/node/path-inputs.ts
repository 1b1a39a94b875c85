// The Node entry's one addition to every upload: a file path where a source is expected. The path
// becomes a lazy file-backed Blob (./file-source.ts), so a large model is read chunk by chunk,
// and its base name and extension are defaults for `fileName` and `fileExtension`.
import { fileSource } from "./file-source.js";

/** `T` with a file path also accepted as its source. */
export type WithPath<T extends { source: unknown }> = Omit<T, "source"> & { source: T["source"] | string };

/** `T` once its path, if any, is opened: the source is never a string. */
export type Opened<T extends { source: unknown }> = Omit<T, "source"> & { source: Exclude<T["source"], string> };

interface Named {
  source: unknown;
  fileName?: string | undefined;
  fileExtension?: string | undefined;
}

/**
 * The input with a path source replaced by its file's Blob. `defaults` names what the file may
 * fill in when the caller left it out (its base name as `fileName`, its extension as
 * `fileExtension`); only keys the call takes, so nothing is added that the call would refuse.
 */
export async function openPath<T extends Named>(input: T, defaults: ReadonlyArray<"fileName" | "fileExtension"> = ["fileName", "fileExtension"]): Promise<Opened<T>> {
  // Anything but a string goes on unchanged, to be checked (and refused) by the portable client.
  if (typeof input?.source !== "string") return input as Opened<T>;
  const file = await fileSource(input.source);
  const filled: Named = { ...input, source: file.source };
  if (defaults.includes("fileName") && input.fileName === undefined) filled.fileName = file.fileName;
  // A path with no extension leaves it to the file name the caller gave (the import reads it there).
  if (defaults.includes("fileExtension") && input.fileExtension === undefined && file.fileExtension) filled.fileExtension = file.fileExtension;
  return filled as Opened<T>;
}

/** A Blob, or the file at a path as one (its base name kept for the caller's default). */
export async function openFile(file: Blob | Uint8Array | string): Promise<{ file: Blob | Uint8Array; fileName?: string }> {
  if (typeof file !== "string") return { file };
  const opened = await fileSource(file);
  return { file: opened.source, fileName: opened.fileName };
}
