// Bodies the stateful mock will not read whole: over the size limit it answers 413 at once (the
// client's body need never end) and closes the connection; nested past the depth limit it blames
// the request with a 422 naming the field, never itself with a 500.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { StatefulMock } from "../../../src/mock/stateful/server.js";
import { API_KEY, call, withMock } from "./helpers.js";
import type { Json } from "../../support/json.js";

// The limits the guide documents ("Testing with the mock").
const MAX_JSON_BYTES = 1024 * 1024;
const MAX_JSON_DEPTH = 64;

/**
 * Sends headers and the first `bytes` of a body that never ends, and resolves with the answer,
 * its body and whether the mock then closed the connection. The test can only pass if the mock
 * answers without waiting for the rest of the body.
 */
function unfinishedBody(mock: StatefulMock, path: string, headers: Record<string, string>, bytes: number, start = "") {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Json; closed: Promise<void> }>((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, mock.url), { method: "POST", headers: { "x-api-key": API_KEY, "content-type": "application/json", ...headers }, agent: false });
    outgoing.on("error", () => {}); // the mock may close the socket while this side still writes
    outgoing.on("response", (response) => {
      const closed = new Promise<void>((done) => outgoing.socket!.once("close", () => done()));
      let text = "";
      response.setEncoding("utf8").on("data", (piece: string) => (text += piece));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text), closed }));
      response.on("error", reject);
    });
    outgoing.write(start);
    // Pieces of 64 KiB, as a client streaming a body writes them; the body is never ended.
    const piece = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < bytes; sent += piece.length) outgoing.write(piece.subarray(0, Math.min(piece.length, bytes - sent)));
  });
}

describe("a JSON body over the limit", () => {
  it("is answered 413 from its content-length alone, before it is read, and the connection closes", { timeout: 10_000 }, async () => {
    await withMock({}, async (mock) => {
      const answer = await unfinishedBody(mock, "/api/public/guardrails/deploy", { "content-length": String(MAX_JSON_BYTES + 1) }, 16);
      expect(answer.status).toBe(413);
      expect(answer.body.errors[0]).toMatchObject({ in: "body", rule: "maxBytes" });
      expect(answer.headers.connection).toBe("close");
      await answer.closed;
      expect(mock.requests()[0]).toMatchObject({ operationId: "deployGuardrail", status: 413 });
    }, "http");
  });

  it("is answered 413 once a chunked body passes the limit, without waiting for its end", { timeout: 10_000 }, async () => {
    await withMock({}, async (mock) => {
      const answer = await unfinishedBody(mock, "/api/public/connections", { "transfer-encoding": "chunked" }, MAX_JSON_BYTES + 64 * 1024);
      expect(answer.status).toBe(413);
      expect(answer.body.fault).toBe("request");
      await answer.closed;
    }, "http");
  });

  it("is answered 413 on the admin endpoint too", { timeout: 10_000 }, async () => {
    await withMock({}, async (mock) => {
      const answer = await unfinishedBody(mock, "/__mock/existing", { "content-length": String(64 * 1024 * 1024) }, 16);
      expect(answer.status).toBe(413);
      expect(answer.body.message).toMatch(/at most \d+ bytes/);
    }, "http");
  });

  it("leaves a body at the limit alone", async () => {
    await withMock({}, async (mock) => {
      const text = JSON.stringify({ name: "Toxicity" }).padEnd(MAX_JSON_BYTES, " ");
      expect((await call(mock, "POST", "/api/public/guardrails/deploy", text)).status).toBe(200);
    }, "http");
  });
});

describe("a form refused part-way", () => {
  it("is answered 422 at once, naming the field, and the rest is not read", { timeout: 10_000 }, async () => {
    await withMock({}, async (mock) => {
      const session = (await call(mock, "POST", "/api/public/files/session/start", { fileContext: "model", totalChunks: 1, fileExtension: "tar", fileName: "m.tar", fileSize: 1 })).body;
      const field = (name: string, text: string) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`;
      const start = `${field("chunkNumber", "0")}--b\r\nContent-Disposition: form-data; name="file"; filename="c"\r\n\r\n`;
      // A second file part after 256 KiB of the first: the chunk upload's 16 MiB body never ends.
      const answer = await unfinishedBody(
        mock,
        `/api/public/files/session/${session.sessionId}`,
        { "content-type": "multipart/form-data; boundary=b", "content-length": String(16 * 1024 * 1024) },
        0,
        `${start + "x".repeat(256 * 1024)}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="d"\r\n\r\n`,
      );
      expect(answer.status).toBe(422);
      expect(answer.body.errors[0]).toMatchObject({ in: "body", field: "/file", rule: "duplicate" });
      expect(answer.headers.connection).toBe("close");
      await answer.closed;
    }, "http");
  });
});

describe("a JSON body nested too deep", () => {
  const nested = (depth: number, leaf = "1") => `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;
  const connection = (payload: string) => `{"provider":"API","connectionName":"x","endpointUrl":"https://e.invalid","outputPath":"text","payload":${payload}}`;

  it("is the request's fault: 422 naming the field and the depth rule", async () => {
    await withMock({}, async (mock) => {
      const arrays = await call(mock, "POST", "/api/public/guardrails/deploy", `${"[".repeat(3000)}${"]".repeat(3000)}`);
      expect(arrays.status).toBe(422);
      expect(arrays.body).toMatchObject({ fault: "request" });
      expect(arrays.body.errors[0]).toMatchObject({ in: "body", field: "/0", rule: "maxDepth" });

      const payload = await call(mock, "POST", "/api/public/connections", connection(nested(3000)));
      expect(payload.status).toBe(422);
      expect(payload.body.errors[0]).toMatchObject({ in: "body", field: "/payload", rule: "maxDepth" });
      expect(payload.body.errors[0].msg).toContain("64 levels");
    }, "http");
  });

  it("is read up to the limit", async () => {
    await withMock({}, async (mock) => {
      // The body object is one level and `payload` the next: MAX_JSON_DEPTH levels in all.
      const deepest = nested(MAX_JSON_DEPTH - 2, "{}");
      expect((await call(mock, "POST", "/api/public/connections", connection(deepest))).status).toBe(200);
      const deeper = await call(mock, "POST", "/api/public/connections", connection(`{"b":${deepest}}`));
      expect(deeper.body.errors[0]).toMatchObject({ field: "/payload", rule: "maxDepth" });
    }, "http");
  });
});
