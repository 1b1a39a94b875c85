// How an upload's source reaches the portable code. The portable client takes Blobs and streams
// only; the Node entry also takes a file path, and its opener turns a path into a lazy
// file-backed Blob (src/node/path-inputs.ts). Every method that takes a source calls the opener
// first, so a path is accepted exactly where a source is, with no second copy of any method.
import type { UploadSource } from "./upload-source.js";

/** What the opened file may fill in when the caller left it out: its base name and extension. */
export type OpenedDefault = "fileName" | "fileExtension";

export interface SourceInput {
  source: unknown;
  fileName?: string | undefined;
  fileExtension?: string | undefined;
}

/** `T` once its source is opened: whatever a path stood for is a Blob now. */
export type Opened<T extends { source: unknown }> = Omit<T, "source"> & { source: UploadSource };

export interface SourceOpener {
  openInput<T extends SourceInput>(input: T, defaults: readonly OpenedDefault[]): Promise<Opened<T>>;
  /** An attachment's file, opened, with the name it suggests. */
  openFile(file: unknown): Promise<{ file: Blob | Uint8Array; fileName?: string }>;
}

/**
 * The portable client's opener: sources pass through unchanged, to be checked (and a path
 * refused, saying which entry takes one) by the method that received them.
 */
export const passSourcesThrough: SourceOpener = {
  openInput: async <T extends SourceInput>(input: T) => input as unknown as Opened<T>,
  openFile: async (file: unknown) => ({ file: file as Blob | Uint8Array }),
};
