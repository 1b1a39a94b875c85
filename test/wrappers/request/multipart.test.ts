// The multipart body of every multipart operation: part headers around the caller's own Blobs
// and bytes. A server's multipart reader must get every field back as it was given, and the
// same body must stream again (a redirect, a repeated chunk) with nothing consumed.
import { describe, expect, it } from "vitest";
import { MultipartBody } from "../../../src/wrappers/request/multipart.js";
import { parseMultipart } from "../../support/multipart.js";

async function read(body: MultipartBody): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of body.open()) pieces.push(piece);
  const bytes = Buffer.concat(pieces);
  expect(bytes.length, "the declared size is the streamed size").toBe(body.size);
  return bytes;
}
const toMultipart = (fields: Record<string, unknown>) => {
  const body = new MultipartBody(fields);
  return { body, contentType: body.contentType };
};

describe("MultipartBody", () => {
  it("carries file parts byte for byte and text fields as text", async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const { body, contentType } = toMultipart({ file: new File([bytes], "chunk-7", { type: "application/octet-stream" }), chunkNumber: 7, skipped: undefined });
    const parts = parseMultipart(await read(body), contentType);
    expect([...parts.keys()]).toEqual(["file", "chunkNumber"]);
    expect(Buffer.compare(parts.get("file")!.data, Buffer.from(bytes))).toBe(0);
    expect(parts.get("file")!.filename).toBe("chunk-7");
    expect(parts.get("chunkNumber")!.data.toString()).toBe("7");
  });

  it("names a plain Blob part 'blob' and gives it a content type", async () => {
    const { body } = toMultipart({ file: new Blob(["x"]) });
    const text = (await read(body)).toString("latin1");
    expect(text).toContain('name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\nx\r\n');
  });

  it("escapes quotes and line breaks in names, so no header can be injected", async () => {
    const { body, contentType } = toMultipart({ 'a"b\r\nX-Injected: 1': "v", file: new File(["f"], 'evil"\r\nname.bin') });
    const text = (await read(body)).toString("latin1");
    expect(text).not.toContain("\r\nX-Injected");
    expect(text).toContain('name="a%22b%0D%0AX-Injected: 1"');
    expect(text).toContain('filename="evil%22%0D%0Aname.bin"');
    expect(parseMultipart(await read(body), contentType).get("file")!.data.toString()).toBe("f");
  });

  it("normalises line breaks in text fields to CRLF, as the form encoding requires", async () => {
    const { body, contentType } = toMultipart({ note: "one\ntwo\rthree\r\nfour" });
    expect(parseMultipart(await read(body), contentType).get("note")!.data.toString()).toBe("one\r\ntwo\r\nthree\r\nfour");
  });

  it("gives each body its own boundary, and the same Blob reads the same twice", async () => {
    const first = toMultipart({ a: "1" });
    const second = toMultipart({ a: "1" });
    expect(first.contentType).not.toBe(second.contentType);
    expect(first.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(Buffer.compare(await read(first.body), await read(first.body))).toBe(0);
  });

  it("carries bytes (a chunk cut from a stream) as a file part, and is then never turned into a Blob", async () => {
    const bytes = new Uint8Array(1000).map((_, i) => i % 251);
    const { body, contentType } = toMultipart({ file: bytes, chunkNumber: 3 });
    expect(Buffer.compare(parseMultipart(await read(body), contentType).get("file")!.data, Buffer.from(bytes))).toBe(0);
    expect(body.toBlob()).toBeUndefined();
  });

  it("is one lazy Blob when its files are Blobs, the same bytes as its stream", async () => {
    const { body } = toMultipart({ file: new File(["abc"], "a.txt"), note: "n" });
    const blob = body.toBlob()!;
    expect(Buffer.compare(Buffer.from(await blob.arrayBuffer()), await read(body))).toBe(0);
  });
});
