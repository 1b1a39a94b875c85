// fileRange and concatSources (src/node/file-range.ts, src/node/body-source.ts): the exact bytes
// of any range, a fresh stream per open (a retry), one bounded read at a time, and the file
// closed however the reader stops.
import { randomBytes } from "node:crypto";
import { closeSync, ftruncateSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { concatSources, isBodySource, type BodySource } from "../../src/node/body-source.js";
import { fileRange, READ_SIZE } from "../../src/node/file-range.js";
import { ValidationError } from "../../src/kernel/errors.js";
import { issuesOf, pairsOf, validationErrorOf } from "../support/validation-issues.js";

const MiB = 1024 * 1024;
let dir: string;
let file: string;
let content: Buffer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "file-range-"));
  file = join(dir, "data.bin");
  content = randomBytes(3 * MiB + 777);
  writeFileSync(file, content);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(source: BodySource): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of source.open()) pieces.push(piece);
  return Buffer.concat(pieces);
}

const openFiles = () => readdirSync("/proc/self/fd").length;
/** The first and last 8 bytes agree: enough to see that a piece's memory was not read into again. */
function sameEnds(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < 8 && i < a.length; i++) if (a[i] !== b[i] || a[a.length - 1 - i] !== b[b.length - 1 - i]) return false;
  return true;
}

describe("fileRange", () => {
  const property = (length: number, readSizes: fc.Arbitrary<number>) =>
    fc.asyncProperty(fc.integer({ min: 0, max: length }), fc.integer({ min: 0, max: length }), readSizes, async (a, b, readSize) => {
      const [start, end] = a <= b ? [a, b] : [b, a];
      const range = fileRange(file, start, end, readSize);
      expect(range.size).toBe(end - start);
      const bytes = await collect(range);
      expect(bytes.equals(content.subarray(start, end))).toBe(true);
    });

  it("streams exactly the bytes of any range, whatever the read size", async () => {
    await fc.assert(property(content.length, fc.integer({ min: 1000, max: 2 * MiB })), { numRuns: 150 });
    // Tiny reads, where every piece boundary is somewhere odd, over the file's first 3 KiB.
    await fc.assert(property(3000, fc.integer({ min: 1, max: 9 })), { numRuns: 100 });
  });

  it("streams the range again, from its start, on every open", async () => {
    const range = fileRange(file, 1000, 2 * MiB + 3);
    const expected = content.subarray(1000, 2 * MiB + 3);
    expect((await collect(range)).equals(expected)).toBe(true);
    expect((await collect(range)).equals(expected)).toBe(true);
    // Two opens at once do not share a position either.
    const [one, two] = await Promise.all([collect(range), collect(range)]);
    expect(one.equals(expected) && two.equals(expected)).toBe(true);
  });

  it("hands out pieces no larger than one read, and never reads ahead of its reader", async () => {
    // A sparse 3 GiB file: a range that buffered its bytes would hold gigabytes after one piece.
    const sparse = join(dir, "sparse.bin");
    const fd = openSync(sparse, "w");
    ftruncateSync(fd, 3 * 1024 * MiB);
    closeSync(fd);
    const before = process.memoryUsage().arrayBuffers;
    const iterator = fileRange(sparse, 0, 3 * 1024 * MiB).open()[Symbol.asyncIterator]();
    for (let i = 0; i < 3; i++) {
      const { value, done } = await iterator.next();
      expect(done).toBe(false);
      expect(value!.byteLength).toBe(READ_SIZE);
    }
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MiB);
    await iterator.return!(undefined);
    rmSync(sparse);
  });

  it("without a reader's promise, hands out a new buffer for every piece", async () => {
    const buffers = new Set<ArrayBufferLike>();
    let pieces = 0;
    for await (const piece of fileRange(file, 0, content.length, 64 * 1024).open()) {
      buffers.add(piece.buffer);
      pieces++;
    }
    expect(buffers.size).toBe(pieces);
  });

  it("given a reader's promise, reuses buffers without touching a byte the reader may still hold", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: content.length }),
        fc.integer({ min: 0, max: content.length }),
        fc.integer({ min: 4096, max: 512 * 1024 }),
        fc.integer({ min: 0, max: MiB }),
        async (a, b, readSize, heldBytes) => {
          const [start, end] = a <= b ? [a, b] : [b, a];
          // A reader that keeps exactly what it promised it might: the last `heldBytes` bytes.
          const kept: Array<{ piece: Uint8Array; at: number }> = [];
          let at = start;
          const buffers = new Set<ArrayBufferLike>();
          for await (const piece of fileRange(file, start, end, readSize).open({ heldBytes })) {
            // A reused buffer would have been overwritten with other (random) bytes of the file.
            const overwritten = kept.filter((old) => !sameEnds(old.piece, content.subarray(old.at, old.at + old.piece.length)));
            expect(overwritten).toEqual([]);
            expect(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).equals(content.subarray(at, at + piece.length))).toBe(true);
            kept.push({ piece, at });
            at += piece.length;
            while (kept.length && kept[0]!.at + kept[0]!.piece.length <= at - heldBytes) kept.shift();
            buffers.add(piece.buffer);
          }
          expect(at).toBe(end);
          // The few buffers the promise allows, however long the range.
          expect(buffers.size).toBeLessThanOrEqual(Math.ceil(heldBytes / readSize) + 1);
        },
      ),
      { numRuns: 120 },
    );
  });

  it("closes the file when the range ends, when the reader stops early, and when reading fails", async () => {
    const baseline = openFiles();
    await collect(fileRange(file, 0, content.length));
    expect(openFiles()).toBe(baseline);

    const early = fileRange(file, 0, content.length, 64 * 1024).open()[Symbol.asyncIterator]();
    await early.next();
    expect(openFiles()).toBe(baseline + 1);
    await early.return!(undefined);
    expect(openFiles()).toBe(baseline);

    // The range runs past the end of the file: the file changed after the range was made.
    const error = await collect(fileRange(file, 0, content.length + 10)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "ERR_FILE_CHANGED" });
    expect(String((error as Error).message)).toContain(`before the range's end ${content.length + 10}`);
    expect(openFiles()).toBe(baseline);
  });

  it("opens nothing until read, and reports a missing file when it is read", async () => {
    const missing = fileRange(join(dir, "absent.bin"), 0, 10);
    expect(missing.size).toBe(10);
    await expect(collect(missing)).rejects.toMatchObject({ code: "ENOENT" });
    expect((await collect(fileRange(join(dir, "absent.bin"), 5, 5))).length).toBe(0);
  });

  it("rejects offsets that are not a range, naming the field and the rule", () => {
    expect(issuesOf(() => fileRange(file, -1, 5))).toEqual([["start", "nonNegativeInteger"]]);
    expect(issuesOf(() => fileRange(file, 0, 1.5))).toEqual([["end", "nonNegativeInteger"]]);
    const backwards = validationErrorOf(() => fileRange(file, 9, 3));
    expect(pairsOf(backwards)).toEqual([["end", "minimum"]]);
    expect(backwards.message).toBe("end (3) must be at least start (9)");
    expect(issuesOf(() => fileRange(file, 0, 3, 0))).toEqual([["readSize", "positiveInteger"]]);
    expect(issuesOf(() => fileRange("", 0, 3))).toEqual([["path", "minLength"]]);
  });
});

describe("concatSources", () => {
  it("streams a multipart-shaped body: header text, a file range, trailer, with its exact size", async () => {
    const head = '--b\r\ncontent-disposition: form-data; name="file"; filename="naïve.bin"\r\n\r\n';
    const tail = "\r\n--b--\r\n";
    const body = concatSources([head, fileRange(file, 10, 100_010), new Uint8Array([1, 2]), tail]);
    const expected = Buffer.concat([Buffer.from(head), content.subarray(10, 100_010), Buffer.from([1, 2]), Buffer.from(tail)]);
    expect(body.size).toBe(expected.length);
    expect((await collect(body)).equals(expected)).toBe(true);
    expect((await collect(body)).equals(expected)).toBe(true);
    expect(isBodySource(body)).toBe(true);
  });

  it("names the part that is neither text, bytes nor a BodySource", () => {
    expect(() => concatSources(["a", 42 as unknown as string])).toThrow("parts[1] must be a string, a Uint8Array or a BodySource");
    // Every bad part in one ValidationError, as the client names a bad request's fields.
    expect(issuesOf(() => concatSources([null, "b", {}] as unknown as string[]))).toEqual([
      ["parts[0]", "type"],
      ["parts[2]", "type"],
    ]);
    expect(() => concatSources(null as unknown as string[])).toThrow(ValidationError);
    expect(isBodySource(new Blob(["x"]))).toBe(false);
  });
});
