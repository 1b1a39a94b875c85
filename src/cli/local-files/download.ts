// Writes a finished export's file to disk as it arrives, so a large model never sits in memory.
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

export async function saveResponse(response: Response, path: string, signal: AbortSignal): Promise<number> {
  if (response.body === null) throw new Error("the export's download has no body");
  let bytes = 0;
  const counted = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>).on("data", (part: Uint8Array) => (bytes += part.length));
  await pipeline(counted, createWriteStream(path), { signal });
  return bytes;
}
