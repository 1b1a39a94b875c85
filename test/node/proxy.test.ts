// Proxies (src/node/dispatcher.ts with the undici sender) against a local forward proxy on
// 127.0.0.1 (test/support/forward-proxy.ts), which records what it was asked: HTTP_PROXY for an
// http: target, NO_PROXY bypassing it, an https: target in a CONNECT tunnel with the target's TLS
// settings, an https: proxy, an explicit proxy, and proxy credentials that never surface.
import { createHash, randomBytes } from "node:crypto";
import { inspect } from "node:util";
import type { Dispatcher } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createDispatcher } from "../../src/node/dispatcher.js";
import type { NetworkOptions } from "../../src/node/network-options.js";
import { undiciSender, type StreamingOutgoing } from "../../src/node/undici-sender.js";
import { scribbling, slowHashingHandler } from "../support/eager-reuse.js";
import { startForwardProxy, type ForwardProxy } from "../support/forward-proxy.js";
import { startLocalServer, type LocalServer } from "../support/local-server.js";
import { makePki, type Pki } from "../support/throwaway-pki.js";

const SECRET = "pr0xy-s3cret";
let pki: Pki;
let target: LocalServer;
let secureTarget: LocalServer;
let proxy: ForwardProxy;
let secureProxy: ForwardProxy;
let guardedProxy: ForwardProxy;
const dispatchers: Dispatcher[] = [];

beforeAll(async () => {
  pki = makePki();
  target = await startLocalServer();
  secureTarget = await startLocalServer({ cert: pki.server.cert, key: pki.server.key });
  proxy = await startForwardProxy();
  secureProxy = await startForwardProxy({ tls: pki.server });
  guardedProxy = await startForwardProxy({ credentials: `user:${SECRET}` });
});
afterAll(async () => {
  await Promise.all(dispatchers.map((d) => d.close()));
  await Promise.all([target, secureTarget, proxy, secureProxy, guardedProxy].map((s) => s.close()));
  pki.remove();
});
beforeEach(() => {
  for (const p of [proxy, secureProxy, guardedProxy]) p.visits.length = 0;
  for (const server of [target, secureTarget]) server.handler = (req, res) => res.end(`target saw ${req.method} ${req.url} key=${req.headers["x-api-key"]}`);
});

function senderFor(options: NetworkOptions, env: Record<string, string>) {
  const dispatcher = createDispatcher(options, env);
  dispatchers.push(dispatcher);
  return undiciSender(dispatcher);
}
const live = () => new AbortController().signal;
const get = (url: string, headers: Record<string, string> = {}): StreamingOutgoing => ({ url, method: "GET", headers, body: undefined });
const text = (body: Uint8Array | null) => Buffer.from(body ?? new Uint8Array()).toString();

describe("HTTP_PROXY and NO_PROXY", () => {
  it("sends an http: request through HTTP_PROXY as an absolute-form request, leaving the caller's headers as they were", async () => {
    const send = senderFor({}, { HTTP_PROXY: proxy.url });
    const headers = { "x-api-key": "k-1" };
    const answer = await send(get(`${target.url}/v1/things?page=2`, headers), live());
    expect(text(answer.body)).toBe("target saw GET /v1/things?page=2 key=k-1");
    expect(proxy.visits).toEqual([{ method: "GET", target: `${target.url}/v1/things?page=2`, proxyAuthorization: undefined }]);
    // undici's proxy agent adds a host header to the object it is handed: not to ours.
    expect(headers).toEqual({ "x-api-key": "k-1" });
  });

  it("reads the lower-case http_proxy too", async () => {
    const send = senderFor({}, { http_proxy: proxy.url });
    await send(get(`${target.url}/lower`), live());
    expect(proxy.visits.map((v) => v.target)).toEqual([`${target.url}/lower`]);
  });

  it("goes straight to a host NO_PROXY names, and through the proxy for any other", async () => {
    for (const noProxy of ["127.0.0.1", `127.0.0.1:${target.port}`, "example.test, 127.0.0.1", "*"]) {
      const send = senderFor({}, { HTTP_PROXY: proxy.url, NO_PROXY: noProxy });
      expect(text((await send(get(`${target.url}/direct`), live())).body)).toContain("/direct");
    }
    expect(proxy.visits).toEqual([]);
    for (const noProxy of ["example.test", `127.0.0.1:${target.port + 1}`, ".0.0.1.example"]) {
      const send = senderFor({}, { HTTP_PROXY: proxy.url, no_proxy: noProxy });
      await send(get(`${target.url}/proxied`), live());
    }
    expect(proxy.visits).toHaveLength(3);
  });

  it("goes straight to an https: host NO_PROXY names, with the caller's TLS settings", async () => {
    const send = senderFor({ tls: { ca: pki.ca } }, { HTTPS_PROXY: proxy.url, NO_PROXY: "127.0.0.1" });
    expect(text((await send(get(`${secureTarget.url}/direct`), live())).body)).toContain("/direct");
    expect(proxy.visits).toEqual([]);
  });

  it("ignores the environment with proxy: false, and sends everything through an explicit proxy", async () => {
    await senderFor({ proxy: false }, { HTTP_PROXY: proxy.url })(get(`${target.url}/none`), live());
    expect(proxy.visits).toEqual([]);
    await senderFor({ proxy: proxy.url }, { NO_PROXY: "127.0.0.1" })(get(`${target.url}/explicit`), live());
    expect(proxy.visits.map((v) => v.target)).toEqual([`${target.url}/explicit`]);
  });

  it("keeps its connection to the proxy alive across calls", async () => {
    const send = senderFor({}, { HTTP_PROXY: proxy.url });
    const before = proxy.connections;
    for (let i = 0; i < 6; i++) {
      await send(get(`${target.url}/again`), live());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(proxy.visits).toHaveLength(6);
    expect(proxy.connections - before).toBe(1);
  });
});

describe("HTTPS_PROXY: a tunnel for an https: target", () => {
  it("opens a CONNECT tunnel and checks the target's certificate with the caller's CA inside it", async () => {
    const send = senderFor({ tls: { ca: pki.ca } }, { HTTPS_PROXY: proxy.url });
    const answer = await send(get(`${secureTarget.url}/secure`, { "x-api-key": "k-2" }), live());
    expect(text(answer.body)).toBe("target saw GET /secure key=k-2");
    expect(proxy.visits).toEqual([{ method: "CONNECT", target: `127.0.0.1:${secureTarget.port}`, proxyAuthorization: undefined }]);
  });

  it("fails through the tunnel when the target's CA is not the caller's", async () => {
    const send = senderFor({ tls: { ca: pki.otherCa } }, { HTTPS_PROXY: proxy.url });
    const error = await send(get(`${secureTarget.url}/secure`), live()).catch((e: unknown) => e);
    expect(codeOf(error)).toMatch(/CERT|SIGNATURE|ISSUER/);
    expect(proxy.visits.map((v) => v.method)).toEqual(["CONNECT"]);
  });

  it("reaches an https: proxy trusted through proxyTls", async () => {
    const send = senderFor({ tls: { ca: pki.ca }, proxyTls: { ca: pki.ca } }, { HTTPS_PROXY: secureProxy.url });
    expect((await send(get(`${secureTarget.url}/via-tls-proxy`), live())).status).toBe(200);
    expect(secureProxy.visits.map((v) => v.method)).toEqual(["CONNECT"]);
    const untrusting = senderFor({ tls: { ca: pki.ca } }, { HTTPS_PROXY: secureProxy.url });
    const error = await untrusting(get(`${secureTarget.url}/via-tls-proxy`), live()).catch((e: unknown) => e);
    expect(codeOf(error)).toMatch(/CERT|SIGNATURE|ISSUER/);
  });
});

describe("a streamed body through a proxy", () => {
  it("arrives intact, forwarded or tunnelled, from a source that reuses memory as eagerly as the promise allows", async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 3);
    const expected = createHash("sha256").update(bytes).digest("hex");
    target.handler = slowHashingHandler;
    secureTarget.handler = slowHashingHandler;
    const send = senderFor({ tls: { ca: pki.ca } }, { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
    const forwarded = await send({ url: `${target.url}/upload`, method: "POST", headers: {}, body: scribbling(bytes) }, live());
    const tunnelled = await send({ url: `${secureTarget.url}/upload`, method: "POST", headers: {}, body: scribbling(bytes) }, live());
    expect([text(forwarded.body), text(tunnelled.body)]).toEqual([expected, expected]);
    expect(proxy.visits.map((v) => v.method)).toEqual(["POST", "CONNECT"]);
  });
});

describe("proxy credentials", () => {
  const userinfo = `user:${SECRET}`;
  const base64 = Buffer.from(userinfo).toString("base64");
  const leaks = (error: unknown) =>
    [String(error), (error as Error).message, inspect(error, { depth: 20, showHidden: true }), JSON.stringify(error)].filter(
      (shown) => shown?.includes(SECRET) || shown?.includes(base64),
    );

  it("authenticate with the proxy as Basic credentials", async () => {
    const url = guardedProxy.url.replace("://", `://${userinfo}@`);
    const send = senderFor({ tls: { ca: pki.ca } }, { HTTP_PROXY: url, HTTPS_PROXY: url });
    expect((await send(get(`${target.url}/plain`), live())).status).toBe(200);
    expect((await send(get(`${secureTarget.url}/tunnel`), live())).status).toBe(200);
    expect(guardedProxy.visits.map((v) => [v.method, v.proxyAuthorization])).toEqual([
      ["GET", `Basic ${base64}`],
      ["CONNECT", `Basic ${base64}`],
    ]);
  });

  it("appear in no error: a refused request or tunnel, a refused connection, a bad URL", async () => {
    const wrong = guardedProxy.url.replace("://", `://user:not-${SECRET}@`);
    const refusedRequest = await senderFor({}, { HTTP_PROXY: wrong })(get(`${target.url}/x`), live()).catch((e: unknown) => e);
    expect(refusedRequest).toBeInstanceOf(Error);
    expect(String(refusedRequest)).toContain("407");
    expect(leaks(refusedRequest)).toEqual([]);

    const refusedTunnel = await senderFor({ tls: { ca: pki.ca } }, { HTTPS_PROXY: wrong })(get(`${secureTarget.url}/x`), live()).catch((e: unknown) => e);
    expect(refusedTunnel).toBeInstanceOf(Error);
    expect(String(refusedTunnel)).toContain("407");
    expect(leaks(refusedTunnel)).toEqual([]);

    const closed = `http://${userinfo}@127.0.0.1:${await closedPort()}`;
    const refused = await senderFor({}, { HTTP_PROXY: closed })(get(`${target.url}/x`), live()).catch((e: unknown) => e);
    expect(codeOf(refused)).toBe("ECONNREFUSED");
    expect(leaks(refused)).toEqual([]);

    const badUrl = (() => {
      try {
        createDispatcher({ proxy: `http://${userinfo}@bad host:1` }, {});
      } catch (e) {
        return e;
      }
    })();
    expect(badUrl).toBeInstanceOf(Error);
    expect(leaks(badUrl)).toEqual([]);
  });
});

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

async function closedPort(): Promise<number> {
  const { createServer } = await import("node:net");
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
