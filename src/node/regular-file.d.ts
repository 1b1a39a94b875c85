import type { FileHandle } from "node:fs/promises";

/** Caps by kind of file, in bytes. */
export declare const FILE_CAPS: Readonly<{ secret: number; state: number; config: number; report: number; spec: number }>;

/** A file refused for what it is: ENOTFILE (a FIFO, device, directory, socket) or EFBIG (over its cap). */
export declare class FileKindError extends Error {
  readonly code: "ENOTFILE" | "EFBIG";
  readonly path: string;
  constructor(code: "ENOTFILE" | "EFBIG", path: string, message: string);
}

export interface RegularFileOptions {
  maxBytes: number;
  /** How messages name the file, e.g. "the state file". */
  what?: string;
}

export declare function readRegularFile(path: string, options: RegularFileOptions & { encoding: BufferEncoding }): Promise<string>;
export declare function readRegularFile(path: string, options: RegularFileOptions): Promise<Buffer>;
export declare function readRegularFileSync(
  path: string,
  options: RegularFileOptions & { encoding: BufferEncoding; inspect?: (stats: import("node:fs").Stats) => void },
): string;
export declare function readRegularFileSync(path: string, options: RegularFileOptions): Buffer;
export declare function openRegularFile(path: string, options?: Partial<RegularFileOptions>): Promise<{ handle: FileHandle; size: number }>;
