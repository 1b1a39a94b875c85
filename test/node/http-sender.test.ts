// The Node entry's sender (src/node/http-sender.ts) against a real node:http server: what it
// puts on the wire, what it reads back, and how it fails. The transport above it (retries,
// timeouts) is tested in test/wrappers/transport.test.ts and test/reliability.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpSender } from "../../src/node/http-sender.js";

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;
let server: Server;
let base: string;
let handler: Handler = (_req, _body, res) => res.end();
const sockets = new Set<unknown>();

beforeAll(async () => {
  server = createServer((req, res) => {
    sockets.add(req.socket);
    const pieces: Buffer[] = [];
    req.on("data", (p: Buffer) => pieces.push(p));
    req.on("end", () => handler(req, Buffer.concat(pieces), res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = httpSender();
const signal = () => new AbortController().signal;

describe("httpSender", () => {
  it("sends the method, headers and a string body with its byte length", async () => {
    let seen: { method?: string; headers?: IncomingMessage["headers"]; body?: string } = {};
    handler = (req, body, res) => {
      seen = { method: req.method, headers: req.headers, body: body.toString() };
      res.writeHead(201, "Made", { "content-type": "application/json", "x-request-id": "r-1" }).end('{"ok":true}');
    };
    const answer = await send({ url: `${base}/a?b=1`, method: "POST", headers: { "x-api-key": "k", "content-type": "application/json" }, body: '{"name":"é"}' }, signal());
    expect(seen).toMatchObject({ method: "POST", body: '{"name":"é"}' });
    expect(seen.headers).toMatchObject({ "x-api-key": "k", "content-type": "application/json", "content-length": String(Buffer.byteLength('{"name":"é"}')) });
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe("Made");
    expect(answer.headers.get("X-Request-Id")).toBe("r-1");
    expect(Buffer.from(answer.body!).toString()).toBe('{"ok":true}');
  });

  it("streams a Blob body whole, with its size as content-length", async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 7) % 251);
    const blob = new Blob([new Blob(["head:"]), bytes, ":tail"]);
    let seen = { length: "", sha: "" };
    handler = (req, body, res) => {
      seen = { length: req.headers["content-length"]!, sha: createHash("sha256").update(body).digest("hex") };
      res.end();
    };
    await send({ url: base, method: "POST", headers: {}, body: blob }, signal());
    expect(seen.length).toBe(String(blob.size));
    expect(seen.sha).toBe(createHash("sha256").update(Buffer.from(await blob.arrayBuffer())).digest("hex"));
  });

  it("reuses one keep-alive connection for calls in sequence", async () => {
    handler = (_req, _body, res) => res.end("{}");
    sockets.clear();
    for (let i = 0; i < 5; i++) await send({ url: base, method: "GET", headers: {}, body: undefined }, signal());
    expect(sockets.size).toBe(1);
  });

  it("reads no body for 204 and HEAD, and joins repeated headers", async () => {
    handler = (_req, _body, res) => {
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.writeHead(204).end();
    };
    const answer = await send({ url: base, method: "DELETE", headers: {}, body: undefined }, signal());
    expect(answer.body).toBeNull();
    expect(answer.headers.get("set-cookie")).toBe("a=1, b=2");
    const names: string[] = [];
    answer.headers.forEach((_value, name) => names.push(name));
    expect(names).toContain("set-cookie");
    handler = (_req, _body, res) => res.writeHead(200, { "content-length": "5" }).end();
    expect((await send({ url: base, method: "HEAD", headers: {}, body: undefined }, signal())).body).toBeNull();
  });

  it("fails, rather than answering, when the body is cut short", async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("only ten b");
      setTimeout(() => res.destroy(), 10);
    };
    await expect(send({ url: base, method: "GET", headers: {}, body: undefined }, signal())).rejects.toMatchObject({ code: "ECONNRESET" });
  });

  it("stops when the signal fires, before or during the exchange", async () => {
    const fired = new AbortController();
    fired.abort(new Error("stop"));
    await expect(send({ url: base, method: "GET", headers: {}, body: undefined }, fired.signal)).rejects.toThrow("stop");
    handler = () => {}; // never answers
    const later = new AbortController();
    const pending = send({ url: base, method: "GET", headers: {}, body: undefined }, later.signal);
    setTimeout(() => later.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reports a refused connection with its code", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(send({ url: `http://127.0.0.1:${port}/`, method: "GET", headers: {}, body: undefined }, signal())).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
