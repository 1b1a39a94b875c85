// The Node entry's client reaches the network as the process is set up to: through the proxy in
// HTTP_PROXY, with a private CA, with its networking options checked like every other option.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildNodePlatformClient } from "../../src/node/node-client.js";
import { ConfigurationError } from "../../src/kernel/errors.js";
import { startForwardProxy, type ForwardProxy } from "../support/forward-proxy.js";
import { readBody, startLocalServer, type LocalServer } from "../support/local-server.js";
import { makePki, type Pki } from "../support/throwaway-pki.js";
import { issuesOf } from "../support/validation-issues.js";

const API_KEY = "key-0123456789abcdef";
const LIST = JSON.stringify({ connections: [], total: 0 });

let pki: Pki;
let plain: LocalServer;
let secure: LocalServer;
let proxy: ForwardProxy;

beforeAll(async () => {
  pki = makePki();
  plain = await startLocalServer();
  secure = await startLocalServer({ cert: pki.server.cert, key: pki.server.key });
  for (const server of [plain, secure]) server.handler = (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(LIST);
  proxy = await startForwardProxy();
});
afterAll(async () => {
  await Promise.all([plain.close(), secure.close(), proxy.close()]);
  pki.remove();
});

describe("the Node client's networking", () => {
  it("sends through the proxy HTTP_PROXY names, unless NO_PROXY matches", async () => {
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
    try {
      process.env.HTTP_PROXY = proxy.url;
      delete process.env.NO_PROXY;
      const proxied = buildNodePlatformClient({ baseUrl: plain.url, apiKey: API_KEY, keepAliveTimeoutMs: 1000 });
      await proxied.connections.list();
      expect(proxy.visits.map((v) => v.target)).toEqual([`${plain.url}/api/public/connections`]);
      process.env.NO_PROXY = "127.0.0.1";
      const direct = buildNodePlatformClient({ baseUrl: plain.url, apiKey: API_KEY, keepAliveTimeoutMs: 1000 });
      await direct.connections.list();
      expect(proxy.visits).toHaveLength(1);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it("trusts a private CA given as tls.ca, and refuses the service without it", async () => {
    const trusted = buildNodePlatformClient({ baseUrl: secure.url, apiKey: API_KEY, tls: { ca: pki.ca }, proxy: false });
    await expect(trusted.connections.list()).resolves.toEqual({ connections: [], total: 0 });
    const untrusted = buildNodePlatformClient({ baseUrl: secure.url, apiKey: API_KEY, proxy: false, maxRetries: 0 });
    await expect(untrusted.connections.list()).rejects.toMatchObject({ name: "ConnectionError" });
  });

  it("streams a model's chunks from disk through the same pool (byte-exact multipart parts)", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "node-client-"));
    const file = join(dir, "model.tar");
    const bytes = new Uint8Array(10_000).map((_, i) => i % 253);
    writeFileSync(file, bytes);
    const received: Buffer[] = [];
    plain.handler = async (req, res) => {
      const body = await readBody(req);
      const path = req.url ?? "";
      if (path.endsWith("/start")) {
        return res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ sessionId: "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c", expirationDate: "2099-01-01T00:00:00.000Z" }));
      }
      if (path.endsWith("/complete")) return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ dockStatusId: "ds-1", status: "IN_PROGRESS" }));
      // The file part sits between the part header's blank line and the closing boundary.
      const text = body.toString("latin1");
      const start = text.indexOf("\r\n\r\n", text.indexOf('name="file"')) + 4;
      const end = text.indexOf("\r\n--", start);
      received[Number(/name="chunkNumber"\r\n\r\n(\d+)/.exec(text)![1])] = body.subarray(start, end);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ chunkNumber: 0, sessionId: "s" }));
    };
    try {
      const client = buildNodePlatformClient({ baseUrl: plain.url, apiKey: API_KEY, proxy: false });
      // A path source, so the chunks are file-backed slices the sender reads with fs.
      const imported = await client.models.import({ source: file, chunkSize: 3000 });
      expect(imported.state.totalChunks).toBe(4);
      expect(Buffer.concat(received)).toEqual(Buffer.from(bytes));
    } finally {
      plain.handler = (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(LIST);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checks its networking options with the others: a misspelled one names the one it resembles", () => {
    expect(() => buildNodePlatformClient({ baseUrl: plain.url, apiKey: API_KEY, porxy: false } as never)).toThrow(/porxy is not an option; did you mean proxy\?/);
    expect(() => buildNodePlatformClient({ baseUrl: plain.url, apiKey: API_KEY, tls: { ca: "not a certificate" } })).toThrow(ConfigurationError);
  });

  it("names a bad networking option in the same error as a bad client option, every one with its rule", () => {
    expect(issuesOf(() => buildNodePlatformClient({ baseUrl: plain.url, apiKey: "", connections: 0, tls: { rejectUnauthorized: "no" } } as never))).toEqual([
      ["apiKey", "minLength"],
      ["tls.rejectUnauthorized", "type"],
      ["connections", "minimum"],
    ]);
  });
});
