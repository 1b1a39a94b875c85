// A file-backed Blob, and any slice of a slice of it, knows where its bytes are on disk, by the
// same reading of offsets as Blob.slice itself: the Node sender then reads that range with fs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fileBlob, fileSpanOf } from "../../src/node/file-blobs.js";
import { fileRange } from "../../src/node/file-range.js";

const dir = mkdtempSync(join(tmpdir(), "file-blobs-"));
const path = join(dir, "data.bin");
const data = new Uint8Array(4096).map((_, i) => (i * 131 + 7) % 256);
writeFileSync(path, data);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rangeBytes(blob: Blob): Promise<Uint8Array> {
  const span = fileSpanOf(blob)!;
  const pieces: Uint8Array[] = [];
  for await (const piece of fileRange(span.path, span.start, span.start + blob.size).open()) pieces.push(piece.slice());
  return new Uint8Array(Buffer.concat(pieces));
}

describe("file-backed Blobs", () => {
  it("a slice of a slice reads, from its file range, exactly the bytes the Blob holds", async () => {
    const whole = await fileBlob(path);
    const offset = fc.integer({ min: -5000, max: 5000 });
    await fc.assert(
      fc.asyncProperty(fc.tuple(offset, offset), fc.tuple(offset, offset), async ([a, b], [c, d]) => {
        const inner = whole.slice(a, b).slice(c, d);
        expect(fileSpanOf(inner)?.path).toBe(path);
        const viaBlob = new Uint8Array(await inner.arrayBuffer());
        expect(await rangeBytes(inner)).toEqual(viaBlob);
      }),
      { numRuns: 150 },
    );
  });

  it("stays an ordinary Blob for every other reader, and a Blob of its own has no span", async () => {
    const whole = await fileBlob(path);
    expect(whole).toBeInstanceOf(Blob);
    expect(new Uint8Array(await new Response(whole.slice(10, 20)).arrayBuffer())).toEqual(data.slice(10, 20));
    expect(fileSpanOf(new Blob([data]))).toBeUndefined();
  });
});
