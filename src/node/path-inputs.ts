// The Node entry's one addition to every upload: a file path where a source is expected. The
// portable methods call this opener first (../wrappers/uploads/source-opener.ts); a path becomes
// a lazy file-backed Blob (./file-source.ts), so a large model is read chunk by chunk, and its
// base name and extension are defaults for `fileName` and `fileExtension`.
import type { Opened, OpenedDefault, SourceInput, SourceOpener } from "../wrappers/uploads/source-opener.js";
import { fileSource } from "./file-source.js";

export const pathOpener: SourceOpener = {
  /**
   * The input with a path source replaced by its file's Blob. `defaults` names what the file may
   * fill in when the caller left it out; only keys the call takes, so nothing is added that the
   * call would refuse. Anything but a path goes on unchanged, to be checked by the portable code.
   */
  async openInput<T extends SourceInput>(input: T, defaults: readonly OpenedDefault[]): Promise<Opened<T>> {
    if (typeof input?.source !== "string") return input as unknown as Opened<T>;
    const file = await fileSource(input.source);
    const filled: SourceInput = { ...input, source: file.source };
    if (defaults.includes("fileName") && input.fileName === undefined) filled.fileName = file.fileName;
    // A path with no extension leaves it to the file name the caller gave (the import reads it there).
    if (defaults.includes("fileExtension") && input.fileExtension === undefined && file.fileExtension) filled.fileExtension = file.fileExtension;
    return filled as unknown as Opened<T>;
  },

  /** A Blob or bytes as they are, or the file at a path as a Blob (its base name kept as the default name). */
  async openFile(file: unknown) {
    if (typeof file !== "string") return { file: file as Blob | Uint8Array };
    const opened = await fileSource(file);
    return { file: opened.source, fileName: opened.fileName };
  },
};
