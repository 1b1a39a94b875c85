// The streaming multipart reader: the same fields and digests however the body is cut into
// reads, files never held, and a malformed body refused with a reason.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundaryOf, MultipartError, readMultipart } from "../../../src/mock/stateful/http/multipart-stream.js";

const BINARY = new Set(["file"]);

async function body(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://x.invalid", { method: "POST", body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), boundary: boundaryOf(request.headers.get("content-type")!)! };
}

async function* pieces(bytes: Buffer, cuts: number[]) {
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1))].sort((a, b) => a - b)) {
    yield bytes.subarray(at, Math.max(at, cut));
    at = Math.max(at, cut);
  }
  yield bytes.subarray(at);
}

describe("readMultipart", () => {
  it("gives the same fields and file digests however the body is split", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.string(), fc.array(fc.nat(), { maxLength: 12 }), async (file, text, cuts) => {
        const { bytes, boundary } = await body({ chunkNumber: text, file: new Blob([file]) });
        const content = await readMultipart(pieces(bytes, cuts), boundary, BINARY);
        expect(content.fields).toEqual({ chunkNumber: text.replace(/\r(?!\n)|(?<!\r)\n/g, "\r\n") });
        expect(content.files.file).toMatchObject({ size: file.length, sha256: createHash("sha256").update(file).digest("hex"), fileName: "blob" });
      }),
      { numRuns: 150 },
    );
  });

  it("gives the same digests when the file is full of near-delimiters and the reads are cut anywhere", async () => {
    // Near-delimiters around a cut are what the reader joins across two reads.
    const fragment = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.constantFrom("\r", "\n", "-", "\r\n", "\r\n--", "\r\n------formdata-undici-0").map((text) => new TextEncoder().encode(text)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 12 }), async (fragments, cuts) => {
        const file = Buffer.concat(fragments);
        const { bytes, boundary } = await body({ file: new Blob([file]), chunkNumber: "7" });
        const content = await readMultipart(pieces(bytes, cuts), boundary, BINARY);
        expect(content.fields).toEqual({ chunkNumber: "7" });
        expect(content.files.file).toMatchObject({ size: file.length, sha256: createHash("sha256").update(file).digest("hex") });
      }),
      { numRuns: 200 },
    );
  });

  it("hashes a body with the delimiter's prefix inside the file", async () => {
    const tricky = Buffer.from("\r\n--\r\n-- almost a delimiter \r\n");
    const { bytes, boundary } = await body({ file: new File([tricky], "t.bin") });
    const content = await readMultipart(pieces(bytes, [3, 40, 41, 42, 90]), boundary, BINARY);
    expect(content.files.file).toMatchObject({ size: tricky.length, fileName: "t.bin", sha256: createHash("sha256").update(tricky).digest("hex") });
  });

  it("refuses a body cut short or without part names", async () => {
    const { bytes, boundary } = await body({ a: "b" });
    await expect(readMultipart(pieces(bytes.subarray(0, bytes.length - 10), []), boundary, BINARY)).rejects.toBeInstanceOf(MultipartError);
    const nameless = Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`);
    await expect(readMultipart(pieces(nameless, []), boundary, BINARY)).rejects.toMatchObject({ field: "", rule: "contentDisposition", message: "part 1 has no Content-Disposition header naming its field" });
  });

  it("refuses a field or a file sent twice, naming it", async () => {
    const twice = async (fields: Array<[string, string | Blob]>) => {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      const request = new Request("http://x.invalid", { method: "POST", body: form });
      const bytes = Buffer.from(await request.arrayBuffer());
      return readMultipart(pieces(bytes, []), boundaryOf(request.headers.get("content-type")!)!, BINARY).catch((error: unknown) => error);
    };
    expect(await twice([["chunkNumber", "0"], ["chunkNumber", "0"]])).toMatchObject({ field: "/chunkNumber", rule: "duplicate", message: 'field "chunkNumber" is sent twice' });
    expect(await twice([["file", new Blob(["a"])], ["file", new Blob(["b"])]])).toMatchObject({ field: "/file", rule: "duplicate" });
  });
});
