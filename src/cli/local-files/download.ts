// Where a finished export is saved (--download PATH). The target is checked before the export is
// started: a missing or read-only folder fails at once (exit 2), not after the job ran. The file
// is written under a temporary name beside the target and renamed into place once whole, so a
// failed download never leaves a truncated file under the name asked for. A target that exists
// and is not a regular file (a device, a FIFO) is written directly.
import { createWriteStream, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileError } from "./file-errors.js";

export interface DownloadTarget {
  path: string;
  /** Streams the answer's body into the target; the number of bytes written. */
  save(response: Response, signal: AbortSignal): Promise<number>;
  /** Removes what a failed or abandoned download left. */
  discard(): void;
}

function moveIntoPlace(partial: string, path: string): void {
  try {
    renameSync(partial, path);
  } catch (error) {
    throw fileError(path, "save the download", error);
  }
}

function statOf(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw fileError(path, "save the download there", error);
  }
}

export function prepareDownload(path: string): DownloadTarget {
  const stats = statOf(path);
  if (stats?.isDirectory()) throw fileError(path, "save the download there", Object.assign(new Error(), { code: "EISDIR" }));
  const special = stats !== undefined && !stats.isFile();
  const partial = special ? path : `${path}.${process.pid}.partial`;
  if (!special) {
    try {
      writeFileSync(partial, "", { flag: "wx" });
    } catch (error) {
      throw fileError(path, "save the download there", error);
    }
  }
  const discard = () => {
    process.off("exit", discard);
    if (!special) rmSync(partial, { force: true });
  };
  process.on("exit", discard);
  return {
    path,
    discard,
    async save(response, signal) {
      if (response.body === null) throw new Error("the export's download has no body");
      let bytes = 0;
      const counted = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>).on("data", (part: Uint8Array) => (bytes += part.length));
      const sink = createWriteStream(partial, { flags: special ? "w" : "r+" });
      // Told apart from a failure of the download itself: only this one is the local file's.
      let writeFailed: unknown;
      sink.on("error", (error) => (writeFailed ??= error));
      try {
        await pipeline(counted, sink, { signal });
        if (!special) moveIntoPlace(partial, path);
      } catch (error) {
        discard();
        throw writeFailed === undefined ? error : fileError(path, "save the download", writeFailed);
      }
      process.off("exit", discard);
      return bytes;
    },
  };
}
