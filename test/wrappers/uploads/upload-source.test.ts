import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { fileSource } from "../../../src/node/file-source.js";
import { checkUploadSource, chunkByteLength, chunkRange, openChunkReader, sourceSize, type ChunkBytes, type UploadSource } from "../../../src/wrappers/uploads/upload-source.js";
import { iterate, pieces } from "../../support/byte-pieces.js";
import { pairsOf, rejectedValidationError } from "../../support/validation-issues.js";

function bytes(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed * 17 + (i >> 8)) & 0xff;
  return out;
}


function readable(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[i++];
      if (part) controller.enqueue(part);
      else controller.close();
    },
  });
}

async function blobBytes(chunk: ChunkBytes): Promise<Uint8Array> {
  return chunk instanceof Uint8Array ? chunk : new Uint8Array(await chunk.arrayBuffer());
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

describe("chunkRange", () => {
  it("cuts chunks from byte 0 with a short last one", () => {
    expect(chunkRange(0, 4, 10)).toEqual({ start: 0, end: 4 });
    expect(chunkRange(1, 4, 10)).toEqual({ start: 4, end: 8 });
    expect(chunkRange(2, 4, 10)).toEqual({ start: 8, end: 10 });
  });
});

describe("checkUploadSource", () => {
  it.each([
    ["a non-empty Blob", new Blob([bytes(3) as BlobPart]), []],
    ["a stream with a size", { stream: iterate([]), size: 5 }, []],
    ["an empty Blob", new Blob([]), [["source.size", "minimum"]]],
    ["a zero size", { stream: iterate([]), size: 0 }, [["source.size", "minimum"]]],
    ["a negative size", { stream: iterate([]), size: -1 }, [["source.size", "minimum"]]],
    ["a fractional size", { stream: iterate([]), size: 1.5 }, [["source.size", "type"]]],
    ["a missing size", { stream: iterate([]) }, [["source.size", "type"]]],
    ["no stream", { size: 4 }, [["source.stream", "type"]]],
    ["a string", "abc", [["source", "type"]]],
    ["undefined", undefined, [["source", "type"]]],
  ] as const)("%s", (_, source, expected) => {
    const issues = checkUploadSource(source);
    expect(pairsOf(issues)).toEqual(expected);
    for (const issue of issues) expect(issue.message).toContain(issue.field.split(".")[0]);
  });

  it("reads the size of either kind", () => {
    expect(sourceSize(new Blob([bytes(9) as BlobPart]))).toBe(9);
    expect(sourceSize({ stream: iterate([]), size: 12 })).toBe(12);
  });
});

describe("openChunkReader over a Blob", () => {
  it("slices chunk i, in any order", async () => {
    const data = bytes(10);
    const reader = openChunkReader(new Blob([data as BlobPart]), 4);
    expect(await blobBytes(await reader.read(2))).toEqual(data.slice(8, 10));
    expect(await blobBytes(await reader.read(0))).toEqual(data.slice(0, 4));
    expect(await blobBytes(await reader.read(1))).toEqual(data.slice(4, 8));
    await expect(reader.read(3)).rejects.toBeInstanceOf(RangeError);
  });
});

describe("openChunkReader over a stream", () => {
  const kinds = [
    ["async iterable", (parts: Uint8Array[]) => iterate(parts)],
    ["ReadableStream", (parts: Uint8Array[]) => readable(parts)],
  ] as const;

  for (const [kind, make] of kinds) {
    it(`re-cuts arbitrary ${kind} pieces into exact chunks`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 3000 }),
          fc.integer({ min: 1, max: 700 }),
          fc.array(fc.integer({ min: 0, max: 900 }), { minLength: 1, maxLength: 12 }),
          async (size, chunkSize, sizes) => {
            const data = bytes(size, sizes.length);
            const reader = openChunkReader({ stream: make(pieces(data, sizes)), size }, chunkSize);
            const total = Math.ceil(size / chunkSize);
            const chunks: Uint8Array[] = [];
            for (let n = 0; n < total; n++) {
              const chunk = await blobBytes(await reader.read(n));
              const { start, end } = chunkRange(n, chunkSize, size);
              expect(chunk.length).toBe(end - start);
              chunks.push(chunk);
            }
            expect(concat(chunks)).toEqual(data);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it("skips the chunks it is not asked for by reading and dropping them", async () => {
    const data = bytes(50);
    let pulled = 0;
    async function* counted() {
      for (const part of pieces(data, [7])) {
        pulled += part.length;
        yield part;
      }
    }
    const reader = openChunkReader({ stream: counted(), size: 50 }, 10);
    expect(await blobBytes(await reader.read(3))).toEqual(data.slice(30, 40));
    expect(pulled).toBeLessThanOrEqual(42);
    expect(await blobBytes(await reader.read(4))).toEqual(data.slice(40, 50));
    await expect(reader.read(2)).rejects.toBeInstanceOf(RangeError);
  });

  it("copies each chunk, so a producer reusing its buffer cannot change it", async () => {
    const shared = new Uint8Array(4);
    async function* reusing() {
      for (let i = 0; i < 3; i++) {
        shared.fill(i + 1);
        yield shared;
      }
    }
    const reader = openChunkReader({ stream: reusing(), size: 12 }, 4);
    const first = await reader.read(0);
    await reader.read(1);
    expect(await blobBytes(first)).toEqual(new Uint8Array([1, 1, 1, 1]));
  });

  it("reads a later full chunk into the array of a released one, and never a released one twice", async () => {
    const data = bytes(10);
    const reader = openChunkReader({ stream: iterate(pieces(data, [3])), size: 10 }, 4);
    const first = await reader.read(0);
    reader.release(first);
    reader.release(first);
    const second = await reader.read(1);
    expect(second).toBe(first);
    expect(await blobBytes(second)).toEqual(data.slice(4, 8));
    // The short last chunk gets an array of its own length.
    const last = await reader.read(2);
    expect(last).not.toBe(first);
    expect(await blobBytes(last)).toEqual(data.slice(8, 10));
  });

  it("keeps a chunk that was not released: reading on never overwrites it", async () => {
    const data = bytes(12);
    const reader = openChunkReader({ stream: iterate([data]), size: 12 }, 4);
    const first = await reader.read(0);
    const second = await reader.read(1);
    expect(second).not.toBe(first);
    expect(await blobBytes(first)).toEqual(data.slice(0, 4));
  });

  it("names source.size when the stream ends early", async () => {
    const reader = openChunkReader({ stream: iterate([bytes(6)]), size: 10 }, 4);
    await reader.read(0);
    const error = await rejectedValidationError(reader.read(1));
    expect(error.field).toBe("source.size");
    expect(error.rule).toBe("streamLength");
    expect(error.message).toMatch(/source\.size is 10 bytes but the stream ended after 6/);
  });

  it.each([
    ["in the last piece", [bytes(11)]],
    ["in a later piece", [bytes(10), new Uint8Array(0), bytes(1)]],
  ])("names source.size when the stream runs past it (%s)", async (_, parts) => {
    const reader = openChunkReader({ stream: iterate(parts), size: 10 }, 4);
    await reader.read(0);
    await reader.read(1);
    const error = await rejectedValidationError(reader.read(2));
    expect(error.field).toBe("source.size");
    expect(error.message).toMatch(/source\.size is 10 bytes but the stream yielded more/);
  });

  it("accepts trailing empty pieces at the end", async () => {
    const reader = openChunkReader({ stream: iterate([bytes(10), new Uint8Array(0)]), size: 10 }, 10);
    expect(chunkByteLength(await reader.read(0))).toBe(10);
  });

  it("refuses pieces that are not Uint8Array", async () => {
    const stream = iterate(["text" as unknown as Uint8Array]);
    const error = await rejectedValidationError(openChunkReader({ stream, size: 4 }, 4).read(0));
    expect(error.field).toBe("source.stream");
  });

  it("close() releases the producer", async () => {
    let released = false;
    async function* endless() {
      try {
        for (;;) yield bytes(4);
      } finally {
        released = true;
      }
    }
    const reader = openChunkReader({ stream: endless(), size: 100 }, 4);
    await reader.read(0);
    await reader.close();
    expect(released).toBe(true);

    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(bytes(4)),
      cancel: () => {
        cancelled = true;
      },
    });
    const streamReader = openChunkReader({ stream, size: 100 }, 4);
    await streamReader.read(0);
    await streamReader.close();
    expect(cancelled).toBe(true);
    await expect(streamReader.read(1)).rejects.toThrow(/closed/);
  });
});

describe("fileSource", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "file-source-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("gives a lazy Blob of the file with its name and extension", async () => {
    const path = join(dir, "weights.v2.tar");
    const data = bytes(5000);
    await writeFile(path, data);
    const file = await fileSource(path);
    expect(file.fileName).toBe("weights.v2.tar");
    expect(file.fileExtension).toBe("tar");
    expect(file.source).toBeInstanceOf(Blob);
    expect(file.source.size).toBe(5000);
    expect(await blobBytes(file.source.slice(1000, 1010))).toEqual(data.slice(1000, 1010));
    expect((await fileSource(pathToFileURL(path))).fileName).toBe("weights.v2.tar");
  });

  it("gives an empty extension for a name without one", async () => {
    const path = join(dir, "Modelfile");
    await writeFile(path, bytes(3));
    expect((await fileSource(path)).fileExtension).toBe("");
  });

  it.each([
    ["a missing file", () => join(dir, "nope.bin"), "exists", /does not exist/],
    ["a path through a file", () => join(dir, "Modelfile", "x"), "exists", /does not exist/],
    ["a directory", () => dir, "file", /is not a regular file/],
  ])("refuses %s with a ValidationError on path", async (_, path, rule, message) => {
    const error = await rejectedValidationError(fileSource(path()));
    expect(error.field).toBe("path");
    expect(error.rule).toBe(rule);
    expect(error.message).toMatch(message);
  });

  it("keeps a source that is a valid UploadSource", async () => {
    const path = join(dir, "a.bin");
    await writeFile(path, bytes(1));
    const { source } = await fileSource(path);
    const typed: UploadSource = source;
    expect(checkUploadSource(typed)).toEqual([]);
  });
});
