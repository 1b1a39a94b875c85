// The undici sender (src/node/undici-sender.ts) against a real node:http server on 127.0.0.1:
// what it puts on the wire, what it reads back, how it fails (with the codes the transport's
// retry decision reads), and how it stops when the signal fires at each stage.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { Agent, interceptors } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { concatSources, type BodySource, type ReaderPromise } from "../../src/node/body-source.js";
import { fileRange } from "../../src/node/file-range.js";
import { createDispatcher } from "../../src/node/dispatcher.js";
import { undiciSender, type StreamingOutgoing } from "../../src/node/undici-sender.js";
import { provablyNeverSent } from "../../src/wrappers/http/retry-policy.js";
import { scribbling, slowHashingHandler } from "../support/eager-reuse.js";
import { readBody, startLocalServer, type LocalServer } from "../support/local-server.js";

const MiB = 1024 * 1024;
let server: LocalServer;
const dispatcher = createDispatcher({ proxy: false });
const send = undiciSender(dispatcher);
const live = () => new AbortController().signal;
const get = (url: string): StreamingOutgoing => ({ url, method: "GET", headers: {}, body: undefined });

beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(async () => {
  await dispatcher.close();
  await server.close();
});
beforeEach(() => {
  server.handler = (_req, res) => res.end();
});

/** A BodySource of `size` bytes whose byte i is (i * 7) % 251, produced in 256 KiB pieces. */
function patterned(size: number, onRead?: (bytes: number) => void): BodySource & { opens: number; finished: number } {
  const source = {
    size,
    opens: 0,
    finished: 0,
    async *open() {
      source.opens++;
      try {
        for (let at = 0; at < size; ) {
          const piece = new Uint8Array(Math.min(256 * 1024, size - at));
          for (let i = 0; i < piece.length; i++) piece[i] = ((at + i) * 7) % 251;
          at += piece.length;
          onRead?.(piece.length);
          yield piece;
        }
      } finally {
        source.finished++;
      }
    },
  };
  return source;
}

async function sha256Of(source: BodySource): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of source.open()) hash.update(piece);
  return hash.digest("hex");
}

describe("undiciSender: what it sends and reads", () => {
  it("sends the method, headers and a string body with its byte length, and reads status, headers and body", async () => {
    let seen: Record<string, unknown> = {};
    server.handler = async (req, res) => {
      seen = { method: req.method, url: req.url, headers: req.headers, body: (await readBody(req)).toString() };
      res.writeHead(201, "Made", { "content-type": "application/json", "x-request-id": "r-1" }).end('{"ok":true}');
    };
    const headers = { "x-api-key": "k", "content-type": "application/json" };
    const answer = await send({ url: `${server.url}/a?b=1`, method: "POST", headers, body: '{"name":"é"}' }, live());
    expect(seen).toMatchObject({ method: "POST", url: "/a?b=1", body: '{"name":"é"}' });
    expect(seen.headers).toMatchObject({ "x-api-key": "k", "content-type": "application/json", "content-length": String(Buffer.byteLength('{"name":"é"}')) });
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe("Made");
    expect(answer.headers.get("X-Request-Id")).toBe("r-1");
    expect(answer.headers.get("absent")).toBeNull();
    expect(Buffer.from(answer.body!).toString()).toBe('{"ok":true}');
    // The caller's object is handed on, not written to.
    expect(headers).toEqual({ "x-api-key": "k", "content-type": "application/json" });
  });

  it("sends Uint8Array and ArrayBuffer bodies byte for byte", async () => {
    const bodies: Buffer[] = [];
    server.handler = async (req, res) => {
      bodies.push(await readBody(req));
      res.end();
    };
    await send({ url: server.url, method: "PUT", headers: {}, body: new Uint8Array([1, 2, 3]) }, live());
    await send({ url: server.url, method: "PUT", headers: {}, body: new Uint8Array([4, 5, 6, 7]).buffer }, live());
    expect(bodies.map((b) => [...b])).toEqual([
      [1, 2, 3],
      [4, 5, 6, 7],
    ]);
  });

  it("streams a 40 MiB BodySource whole, with its exact size as content-length", async () => {
    const source = patterned(40 * MiB + 13);
    let seen = { length: "", sha: "", encoding: undefined as string | undefined };
    server.handler = async (req, res) => {
      const body = await readBody(req);
      seen = { length: req.headers["content-length"]!, sha: createHash("sha256").update(body).digest("hex"), encoding: req.headers["transfer-encoding"] };
      res.end();
    };
    await send({ url: server.url, method: "POST", headers: {}, body: source }, live());
    expect(seen.length).toBe(String(source.size));
    expect(seen.encoding).toBeUndefined();
    expect(seen.sha).toBe(await sha256Of(source));
  });

  it("sends the same BodySource twice in full, as a retry does", async () => {
    const source = patterned(3 * MiB + 5);
    const hashes: string[] = [];
    server.handler = async (req, res) => {
      hashes.push(createHash("sha256").update(await readBody(req)).digest("hex"));
      res.end();
    };
    await send({ url: server.url, method: "POST", headers: {}, body: source }, live());
    await send({ url: server.url, method: "POST", headers: {}, body: source }, live());
    const expected = await sha256Of(source);
    expect(hashes).toEqual([expected, expected]);
  });

  it("streams a Blob with its size as content-length and its type as content-type", async () => {
    const bytes = new Uint8Array(2 * MiB + 3).map((_, i) => (i * 13) % 256);
    const blob = new Blob(["head:", bytes, ":tail"], { type: "application/octet-stream" });
    let seen = { length: "", type: "", sha: "" };
    server.handler = async (req, res) => {
      const body = await readBody(req);
      seen = { length: req.headers["content-length"]!, type: req.headers["content-type"]!, sha: createHash("sha256").update(body).digest("hex") };
      res.end();
    };
    await send({ url: server.url, method: "POST", headers: {}, body: blob }, live());
    expect(seen).toEqual({
      length: String(blob.size),
      type: "application/octet-stream",
      sha: createHash("sha256").update(Buffer.from(await blob.arrayBuffer())).digest("hex"),
    });
  });

  /**
   * Resolves once `read()` has not changed for `turns` turns of the event loop in a row (each turn
   * runs the socket's I/O callbacks, so a producer that can still write moves on within one), or
   * once it reaches `limit`. Counted in turns, not milliseconds: a busy machine slows it, never
   * cuts it short.
   */
  async function untilStill(read: () => number, limit: number, turns = 50): Promise<void> {
    let last = read();
    for (let still = 0; still < turns && last < limit; ) {
      await new Promise((resolve) => setImmediate(resolve));
      const now = read();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  }

  it("reads from a BodySource only as fast as the server takes it (backpressure)", async () => {
    let produced = 0;
    // 1 GiB of one shared zero-filled piece: without backpressure undici would queue it all at once.
    const piece = new Uint8Array(MiB);
    const huge: BodySource = {
      size: 1024 * MiB,
      async *open() {
        for (let i = 0; i < 1024; i++) {
          produced += piece.length;
          yield piece;
        }
      },
    };
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    server.handler = (req) => {
      req.pause(); // reads nothing: the socket buffers fill and stay full
      requestArrived();
    };
    const controller = new AbortController();
    const pending = send({ url: server.url, method: "POST", headers: {}, body: huge }, controller.signal);
    await arrived;
    // Until production stops, waiting on the full socket (or runs past what backpressure allows).
    await untilStill(() => produced, 64 * MiB);
    const producedWhileBlocked = produced;
    controller.abort(new Error("enough"));
    await expect(pending).rejects.toThrow("enough");
    // What the kernel's socket buffers hold, and a piece or two: nowhere near the 1 GiB.
    expect(producedWhileBlocked).toBeGreaterThan(0);
    expect(producedWhileBlocked).toBeLessThan(64 * MiB);
  });

  it("reads no body for 204 and HEAD, an empty one for a 200, and joins repeated headers", async () => {
    server.handler = (_req, res) => {
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.writeHead(204).end();
    };
    const noContent = await send({ url: server.url, method: "DELETE", headers: {}, body: undefined }, live());
    expect(noContent.status).toBe(204);
    expect(noContent.body).toBeNull();
    expect(noContent.headers.get("Set-Cookie")).toBe("a=1, b=2");
    const names: string[] = [];
    noContent.headers.forEach((_value, name) => {
      names.push(name);
    });
    expect(names).toContain("set-cookie");

    server.handler = (_req, res) => res.writeHead(200, { "content-length": "5" }).end();
    expect((await send({ url: server.url, method: "HEAD", headers: {}, body: undefined }, live())).body).toBeNull();

    server.handler = (_req, res) => res.writeHead(200, { "content-length": "0" }).end();
    const empty = await send(get(server.url), live());
    expect(empty.body).not.toBeNull();
    expect(empty.body!.byteLength).toBe(0);
  });

  it("reads a body that arrives in several pieces whole, in order", async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"a":');
      setTimeout(() => res.write('"bc",'), 20);
      setTimeout(() => res.end('"d":1}'), 40);
    };
    const answer = await send(get(server.url), live());
    expect(answer.status).toBe(200);
    expect(new TextDecoder().decode(answer.body!)).toBe('{"a":"bc","d":1}');
  });

  it("passes over an informational 1xx answer to the final one, its status, headers and body", async () => {
    server.handler = (_req, res) => {
      res.writeEarlyHints({ link: "</style.css>; rel=preload" });
      res.writeHead(201, "Made", { "x-final": "yes" }).end("done");
    };
    const answer = await send(get(server.url), live());
    expect([answer.status, answer.statusText, answer.headers.get("x-final"), answer.headers.get("link")]).toEqual([201, "Made", "yes", null]);
    expect(new TextDecoder().decode(answer.body!)).toBe("done");
  });

  it("returns a redirect as it is, even through a dispatcher that follows redirects", async () => {
    server.handler = (req, res) => (req.url === "/moved" ? res.writeHead(302, { location: "/there" }).end() : res.end("followed"));
    const answer = await send(get(`${server.url}/moved`), live());
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/there");
    const following = new Agent().compose(interceptors.redirect({ maxRedirections: 3 }));
    try {
      expect((await undiciSender(following)(get(`${server.url}/moved`), live())).status).toBe(302);
    } finally {
      await following.close();
    }
  });
});

describe("undiciSender: file bodies in reused buffers", () => {
  let dir: string;
  let file: string;
  let content: Buffer;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "undici-sender-"));
    file = join(dir, "model.bin");
    content = randomBytes(24 * MiB + 1001);
    writeFileSync(file, content);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("promises a source to hold no more than a socket's buffer over its own dispatcher, and nothing over a caller's", async () => {
    const promises: Array<ReaderPromise | undefined> = [];
    const spy: BodySource = {
      size: 1,
      async *open(reader?: ReaderPromise) {
        promises.push(reader);
        yield new Uint8Array(1);
      },
    };
    const foreign = new Agent();
    try {
      await send({ url: server.url, method: "POST", headers: {}, body: spy }, live());
      await undiciSender(foreign)({ url: server.url, method: "POST", headers: {}, body: spy }, live());
    } finally {
      await foreign.close();
    }
    expect(promises).toEqual([{ heldBytes: 64 * 1024 }, undefined]);
  });

  it("holds no more than it promised: a source that scribbles over every piece the promise frees still arrives intact", async () => {
    server.handler = slowHashingHandler;
    const answers = await Promise.all([0, 1, 2].map(() => send({ url: server.url, method: "POST", headers: {}, body: scribbling(content) }, live())));
    const expected = createHash("sha256").update(content).digest("hex");
    expect(answers.map((a) => Buffer.from(a.body!).toString())).toEqual([expected, expected, expected]);
  });

  it("uploads file ranges intact, three at once, to a server that reads slowly", async () => {
    server.handler = slowHashingHandler;
    const third = Math.floor(content.length / 3);
    const bounds = [0, third, 2 * third, content.length];
    const answers = await Promise.all(
      [0, 1, 2].map((i) => {
        const head = `--b\r\ncontent-disposition: form-data; name="file"; filename="chunk-${i}"\r\n\r\n`;
        const body = concatSources([head, fileRange(file, bounds[i]!, bounds[i + 1]!), "\r\n--b--\r\n"]);
        return send({ url: server.url, method: "POST", headers: { "content-type": "multipart/form-data; boundary=b" }, body }, live()).then((answer) => ({ answer, head }));
      }),
    );
    answers.forEach(({ answer, head }, i) => {
      const expected = createHash("sha256")
        .update(Buffer.concat([Buffer.from(head), content.subarray(bounds[i]!, bounds[i + 1]!), Buffer.from("\r\n--b--\r\n")]))
        .digest("hex");
      expect(Buffer.from(answer.body!).toString()).toBe(expected);
    });
  });
});

describe("undiciSender: keep-alive", () => {
  // undici lets a socket rest one event-loop turn after an answer before reusing it (a guard
  // against servers that close despite keep-alive), so a call made in the same turn as the last
  // answer takes a second pooled socket: calls back to back settle on two, never more.
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it("reuses one connection for calls in sequence, uploads included", async () => {
    server.handler = async (req, res) => {
      await readBody(req);
      res.end("{}");
    };
    const sender = undiciSender(createDispatcher({ proxy: false }));
    server.connections = 0;
    for (let i = 0; i < 5; i++) {
      await sender(get(server.url), live());
      await turn();
    }
    await sender({ url: server.url, method: "POST", headers: {}, body: patterned(MiB) }, live());
    await turn();
    await sender({ url: server.url, method: "POST", headers: {}, body: "text" }, live());
    await turn();
    await sender(get(server.url), live());
    expect(server.connections).toBe(1);
  });

  it("opens no more than `connections` sockets to an origin: further calls wait their turn", async () => {
    server.handler = (_req, res) => setTimeout(() => res.end("{}"), 5);
    const dispatcher = createDispatcher({ proxy: false, connections: 1 });
    const sender = undiciSender(dispatcher);
    server.connections = 0;
    const answers = await Promise.all(Array.from({ length: 4 }, () => sender(get(server.url), live())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(server.connections).toBe(1);
    await dispatcher.close();
  });

  it("keeps back-to-back calls on two connections at most", async () => {
    server.handler = (_req, res) => res.end("{}");
    const sender = undiciSender(createDispatcher({ proxy: false }));
    server.connections = 0;
    for (let i = 0; i < 20; i++) await sender(get(server.url), live());
    expect(server.connections).toBeLessThanOrEqual(2);
  });
});

describe("undiciSender: failures keep their codes", () => {
  it("rejects a body cut short, with a content-length or chunked", async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("only ten b");
      setTimeout(() => res.destroy(), 10);
    };
    const withLength = await send(get(server.url), live()).catch((error: unknown) => error);
    expect(withLength).toBeInstanceOf(Error);
    expect(codeOf(withLength)).toMatch(/^(UND_ERR_SOCKET|ECONNRESET|UND_ERR_RES_CONTENT_LENGTH_MISMATCH)$/);

    server.handler = (_req, res) => {
      res.writeHead(200); // chunked
      res.write("a first chunk");
      setTimeout(() => res.destroy(), 10);
    };
    const chunked = await send(get(server.url), live()).catch((error: unknown) => error);
    expect(chunked).toBeInstanceOf(Error);
    expect(codeOf(chunked)).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
  });

  it("reports a refused connection as ECONNREFUSED, which the transport knows never left", async () => {
    const port = await closedPort();
    const error = await send(get(`http://127.0.0.1:${port}/`), live()).catch((e: unknown) => e);
    expect(codeOf(error)).toBe("ECONNREFUSED");
    expect(provablyNeverSent(error)).toBe(true);
  });

  it("reports a connection dropped after the request as a socket error, which may have been sent", async () => {
    server.handler = (req) => req.socket.destroy();
    const error = await send({ url: server.url, method: "POST", headers: {}, body: "x" }, live()).catch((e: unknown) => e);
    expect(codeOf(error)).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
    expect(provablyNeverSent(error)).toBe(false);
  });

  it("reports a handshake that never completes as UND_ERR_CONNECT_TIMEOUT, which never left", async () => {
    const silent = await silentTcpServer();
    const sender = undiciSender(createDispatcher({ proxy: false, connectTimeoutMs: 100 }));
    try {
      const error = await sender(get(`https://127.0.0.1:${silent.port}/`), live()).catch((e: unknown) => e);
      expect(codeOf(error)).toBe("UND_ERR_CONNECT_TIMEOUT");
      expect(provablyNeverSent(error)).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it("refuses a BodySource that yields fewer or more bytes than its size", async () => {
    server.handler = async (req, res) => {
      await readBody(req).catch(() => undefined);
      res.end();
    };
    const lying = (size: number, actual: number): BodySource => ({
      size,
      async *open() {
        yield new Uint8Array(actual);
      },
    });
    await expect(send({ url: server.url, method: "POST", headers: {}, body: lying(10, 5) }, live())).rejects.toMatchObject({ code: "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH" });
    await expect(send({ url: server.url, method: "POST", headers: {}, body: lying(5, 10) }, live())).rejects.toMatchObject({ code: "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH" });
  });
});

describe("undiciSender: the signal stops it at every stage", () => {
  it("before the request: nothing reaches the server", async () => {
    const fired = new AbortController();
    const reason = new Error("stopped before");
    fired.abort(reason);
    let requests = 0;
    server.handler = (_req, res) => {
      requests++;
      res.end();
    };
    await expect(send(get(server.url), fired.signal)).rejects.toBe(reason);
    expect(requests).toBe(0);
  });

  it("while connecting: a TLS handshake the server never answers", async () => {
    const silent = await silentTcpServer();
    try {
      const controller = new AbortController();
      const reason = new Error("stopped while connecting");
      const pending = send(get(`https://127.0.0.1:${silent.port}/`), controller.signal);
      await vi.waitFor(() => expect(silent.accepted).toBe(1));
      controller.abort(reason);
      // The connect timeout is 10 s: only the abort can answer first with this reason.
      await expect(pending).rejects.toBe(reason);
    } finally {
      await silent.close();
    }
  });

  it("during the upload: the rest of the body is not read, and the source is closed", async () => {
    let received = 0;
    server.handler = (req) => req.on("data", (piece: Buffer) => (received += piece.length));
    const source = patterned(512 * MiB);
    const controller = new AbortController();
    const reason = new Error("stopped during the upload");
    const pending = send({ url: server.url, method: "POST", headers: {}, body: source }, controller.signal);
    await vi.waitFor(() => expect(received).toBeGreaterThan(MiB));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await vi.waitFor(() => expect(source.finished).toBe(1));
    expect(received).toBeLessThan(source.size);
  });

  it("during the response body", async () => {
    let wrote!: () => void;
    const partWritten = new Promise<void>((resolve) => (wrote = resolve));
    server.handler = (_req, res) => {
      res.writeHead(200, { "content-length": "1000" });
      res.write("the first part", () => wrote());
    };
    const controller = new AbortController();
    const reason = new Error("stopped during the response");
    const pending = send(get(server.url), controller.signal);
    await partWritten;
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Accepts TCP connections and never says a word: a TLS handshake against it hangs. */
async function silentTcpServer(): Promise<{ port: number; accepted: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { port: 0, accepted: 0, close: async () => {} };
  const tcp: Server = createServer((socket) => {
    state.accepted++;
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
  state.port = (tcp.address() as AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      tcp.close(() => resolve());
    });
  return state;
}
