// The plumbing both of the validating proxy's pass-throughs use (scripts/lib/pass-through.mjs):
// a request body arrives whole, hop-by-hop headers stay on their hop, an unreachable next hop is
// one 502 and one log line.
import { createServer, request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { endToEnd, listenLocally, pipeRequest } from "../../scripts/lib/pass-through.mjs";

type Listening = { url: string; close: () => Promise<void> };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A pass-through to `target` made of the module's pieces, logging into `lines`. */
async function passThrough(target: string, lines: string[]): Promise<Listening> {
  const listening: Listening = await listenLocally((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    const forward = request(new URL(req.url ?? "/", target), { method: req.method, headers: endToEnd(req.headers) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    });
    pipeRequest(req, res, forward, (error: Error) => lines.push(`unreachable: ${error.message}`));
  });
  closers.push(listening.close);
  return listening;
}

describe("pass-through", () => {
  it("forwards the body whole and keeps hop-by-hop headers on their hop", async () => {
    const seen: { body: string; headers: IncomingHttpHeaders }[] = [];
    const upstream = createServer((req, res) => {
      let body = "";
      req.on("data", (piece: Buffer) => (body += piece.toString()));
      req.on("end", () => {
        seen.push({ body, headers: req.headers });
        res.end("ok");
      });
    });
    await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
    closers.push(() => new Promise((done) => upstream.close(() => done())));
    const lines: string[] = [];
    const proxy = await passThrough(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, lines);
    const body = "x".repeat(200_000);
    const answer = await fetch(`${proxy.url}/api/public/anything`, { method: "POST", body, headers: { "x-api-key": "k", "proxy-connection": "keep-alive" } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("ok");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBe(body);
    expect(seen[0]!.headers["x-api-key"]).toBe("k");
    expect(seen[0]!.headers["proxy-connection"]).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it("answers 502 with one log line when the next hop is not there", async () => {
    // A port that was free a moment ago: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((done) => probe.close(() => done()));
    const lines: string[] = [];
    const proxy = await passThrough(`http://127.0.0.1:${port}`, lines);
    const answer = await fetch(`${proxy.url}/api/public/anything`);
    expect(answer.status).toBe(502);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^unreachable: .*ECONNREFUSED/);
  });

  it("closes with keep-alive connections still open", async () => {
    const proxy = await passThrough("http://127.0.0.1:9", []);
    closers.pop();
    await fetch(`${proxy.url}/`).catch(() => undefined);
    await expect(proxy.close()).resolves.toBeUndefined();
  });
});
