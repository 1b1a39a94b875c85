// The retrying transport: which failures are retried for which operations, how long it waits,
// the per-attempt timeout (covering the body), the caller's abort, and redirects.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resolveOptions } from "../../../src/wrappers/options.js";
import { createPlatformApi } from "../../../src/wrappers/request/request-path.js";
import type { PlatformApi } from "../../../src/wrappers/request/platform-api.js";
import { backoffDelay } from "../../../src/kernel/backoff.js";
import { AbortError, ConnectionError, InternalServerError, RateLimitError, TimeoutError } from "../../../src/kernel/errors.js";
import { RETRY_BACKOFF, retryAfterMs } from "../../../src/wrappers/http/retry-policy.js";
import { fakeFetch, json } from "../../support/fake-fetch.js";

const KEY = "key-0123456789abcdef";
/** The error a call must fail with, typed loosely enough to read its fields. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("the call succeeded");
    },
    (error: unknown) => error as Error & Record<string, unknown>,
  );
const job = { "dock-statusId": "ds-1", jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" };

function client(handler: Parameters<typeof fakeFetch>[0], extra: { maxRetries?: number; timeoutMs?: number } = {}) {
  const { fetch, sent } = fakeFetch(handler);
  const waits: number[] = [];
  const core = createPlatformApi(resolveOptions({ baseUrl: "http://127.0.0.1:9", apiKey: KEY, fetch, ...extra }), {
    random: () => 0.5,
    sleep: async (ms: number) => void waits.push(ms),
  });
  return { core, sent, waits };
}
// Two operations on the client's one request path: a retry-safe read and a deploy that is not.
const getStatus = async ({ api, data }: PlatformApi, signal?: AbortSignal) => ({
  data: data(await api.GET("/api/public/dock-status/{dockStatusId}", { params: { path: { dockStatusId: "ds-1" } }, ...(signal ? { signal } : {}) })),
});
const deploy = async ({ api, data }: PlatformApi) => data(await api.POST("/api/public/guardrails/deploy", { body: { name: "Toxicity" } }));

describe("retries", () => {
  it.each([408, 429, 500, 502, 503, 504])("retries a retry-safe operation after %i, then succeeds", async (status) => {
    const { core, sent, waits } = client((_, __, i) => (i < 2 ? new Response("busy", { status }) : json(job)));
    await expect(getStatus(core)).resolves.toMatchObject({ data: job });
    expect(sent).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("gives up after maxRetries and throws the typed error of the last answer", async () => {
    const { core, sent } = client(() => new Response(JSON.stringify({ message: "down" }), { status: 503 }), { maxRetries: 2 });
    const error = await failure(getStatus(core));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, operationId: "getDockStatus", body: { message: "down" } });
    expect(sent).toHaveLength(3);
  });

  it("does not repeat an operation that is not retry-safe", async () => {
    const { core, sent } = client(() => new Response("", { status: 503 }));
    await expect(deploy(core)).rejects.toBeInstanceOf(InternalServerError);
    expect(sent).toHaveLength(1);
  });

  it("does not retry other client errors", async () => {
    const { core, sent } = client(() => json({ message: "no" }, { status: 404 }));
    await expect(getStatus(core)).rejects.toMatchObject({ name: "NotFoundError", status: 404 });
    expect(sent).toHaveLength(1);
  });

  it("waits as Retry-After asks, in seconds or as a date", async () => {
    const date = new Date(Date.now() + 30_000).toUTCString();
    const answers = [new Response("", { status: 429, headers: { "retry-after": "7" } }), new Response("", { status: 503, headers: { "retry-after": date } }), json(job)];
    const { core, waits } = client((_, __, i) => answers[i]!);
    await getStatus(core);
    expect(waits[0]).toBe(7000);
    expect(waits[1]).toBeGreaterThan(28_000);
    expect(waits[1]).toBeLessThanOrEqual(30_000);
  });

  it("falls back to backoff when Retry-After asks for more than 60 s, and exposes it on the error", async () => {
    const { core, waits } = client(() => new Response("", { status: 429, headers: { "retry-after": "120" } }), { maxRetries: 1 });
    const error = await failure(getStatus(core));
    // The first retry's ceiling is 500 ms; the client's random source is pinned at 0.5.
    expect(waits).toEqual([250]);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
  });

  it("retries a network failure of a retry-safe operation", async () => {
    const { core, sent } = client((_, __, i) => {
      if (i === 0) throw new TypeError("fetch failed", { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) });
      return json(job);
    });
    await expect(getStatus(core)).resolves.toMatchObject({ data: job });
    expect(sent).toHaveLength(2);
  });

  it("retries any operation whose request provably never left, but not one that may have", async () => {
    const refused = client((_, __, i) => {
      if (i === 0) throw new TypeError("fetch failed", { cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }) });
      return json(job);
    });
    await expect(deploy(refused.core)).resolves.toBeDefined();
    expect(refused.sent).toHaveLength(2);
    const reset = client(() => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) });
    });
    const error = await failure(deploy(reset.core));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain("ECONNRESET");
    expect(reset.sent).toHaveLength(1);
  });
});

describe("backoff and Retry-After parsing", () => {
  it("draws full jitter under an exponential ceiling capped at 8 s", () => {
    expect(backoffDelay(0, RETRY_BACKOFF, () => 0.999)).toBeLessThan(500);
    expect(backoffDelay(3, RETRY_BACKOFF, () => 0.999)).toBeLessThan(4000);
    expect(backoffDelay(3, RETRY_BACKOFF, () => 0.999)).toBeGreaterThan(3900);
    expect(backoffDelay(20, RETRY_BACKOFF, () => 0.999)).toBeLessThan(RETRY_BACKOFF.capMs);
    expect(backoffDelay(5, RETRY_BACKOFF, () => 0)).toBe(0);
  });
  it("reads seconds and dates, and ignores garbage and waits over 60 s", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs("61", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

// Timeouts and aborts need real sockets: a server that answers slowly or never finishes.
let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));
async function slowServer(behaviour: "headers-then-stall" | "never"): Promise<string> {
  server = createServer((_, res) => {
    if (behaviour === "never") return;
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"dock-statusId":');
  });
  server.closeAllConnections?.();
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("timeouts and aborts", () => {
  it("times out an answer that never comes", async () => {
    const baseUrl = await slowServer("never");
    const core = createPlatformApi(resolveOptions({ baseUrl, apiKey: KEY, timeoutMs: 150, maxRetries: 0 }));
    const error = await failure(getStatus(core));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(150);
    server!.closeAllConnections();
  });

  it("counts the body against the timeout: headers then a stalled body still time out", async () => {
    const baseUrl = await slowServer("headers-then-stall");
    const core = createPlatformApi(resolveOptions({ baseUrl, apiKey: KEY, timeoutMs: 150, maxRetries: 0 }));
    await expect(getStatus(core)).rejects.toBeInstanceOf(TimeoutError);
    server!.closeAllConnections();
  });

  it("honours the caller's AbortSignal promptly, without retrying", async () => {
    const baseUrl = await slowServer("never");
    const core = createPlatformApi(resolveOptions({ baseUrl, apiKey: KEY, timeoutMs: 10_000, maxRetries: 2 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    // The server never answers: only the abort can end the call, and an AbortError (not a
    // TimeoutError 10 s later) says it did.
    await expect(getStatus(core, controller.signal)).rejects.toBeInstanceOf(AbortError);
    server!.closeAllConnections();
  });

  it("rejects at once when the signal is already aborted, sending nothing", async () => {
    const { core, sent } = client(() => json(job));
    await expect(getStatus(core, AbortSignal.abort())).rejects.toBeInstanceOf(AbortError);
    expect(sent).toHaveLength(0);
  });
});

describe("redirects", () => {
  it("keeps the credential on a same-origin redirect", async () => {
    const { core, sent } = client((_, s) =>
      s.path.startsWith("/moved") ? json(job) : new Response(null, { status: 307, headers: { location: "/moved/ds-1" } }),
    );
    await getStatus(core);
    expect(sent.map((s) => s.headers["x-api-key"])).toEqual([KEY, KEY]);
  });

  it("drops every platform credential on a redirect to another origin", async () => {
    const { core, sent } = client((_, s) =>
      s.url.startsWith("http://elsewhere.invalid") ? json(job) : new Response(null, { status: 302, headers: { location: "http://elsewhere.invalid/x" } }),
    );
    await getStatus(core);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers).not.toHaveProperty("x-api-key");
    expect(sent[1]!.headers).not.toHaveProperty("auth");
  });

  it("replays the body on 307 and turns a POST into a GET on 303", async () => {
    const seen = client((_, _s, i) => (i === 0 ? new Response(null, { status: 307, headers: { location: "/again" } }) : json(job)));
    await deploy(seen.core);
    expect(seen.sent.map((s) => [s.method, s.body])).toEqual([
      ["POST", '{"name":"Toxicity"}'],
      ["POST", '{"name":"Toxicity"}'],
    ]);
    const other = client((_, _s, i) => (i === 0 ? new Response(null, { status: 303, headers: { location: "/result" } }) : json(job)));
    await deploy(other.core);
    expect(other.sent.map((s) => [s.method, s.body])).toEqual([
      ["POST", '{"name":"Toxicity"}'],
      ["GET", ""],
    ]);
  });
});

describe("the debug line per attempt", () => {
  it("names each attempt's operation, status and request id, and is built only while the logger has debug", async () => {
    const lines: [string, Record<string, unknown> | undefined][] = [];
    const logger: { warn: () => void; debug?: (message: string, fields?: Record<string, unknown>) => void } = { warn: () => {} };
    let answers = 0;
    const { fetch } = fakeFetch(() => json(job, { status: ++answers % 2 === 1 ? 503 : 200, headers: { "x-request-id": `req-${answers}` } }));
    const core = createPlatformApi(resolveOptions({ baseUrl: "http://127.0.0.1:9", apiKey: KEY, fetch, logger }), { random: () => 0.5, sleep: async () => {} });
    await getStatus(core);
    expect(lines).toEqual([]);
    // Asked on every attempt, not once: a debug method added later is used from then on.
    logger.debug = (message, fields) => void lines.push([message, fields]);
    await getStatus(core);
    expect(lines).toEqual([
      ["getDockStatus 503", expect.objectContaining({ operationId: "getDockStatus", method: "GET", status: 503, attempt: 1, requestId: "req-3" })],
      ["getDockStatus 200", expect.objectContaining({ operationId: "getDockStatus", method: "GET", status: 200, attempt: 2, requestId: "req-4" })],
    ]);
  });
});

describe("file bodies", () => {
  it("sends a multipart chunk once, with its length, and leaves repeating it to the chunk scheduler", async () => {
    const seen: Array<{ length?: string | undefined; chunked?: string | undefined }> = [];
    server = createServer((req, res) => {
      seen.push({ length: req.headers["content-length"], chunked: req.headers["transfer-encoding"] });
      req.resume().on("end", () => res.writeHead(503).end());
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const core = createPlatformApi(resolveOptions({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: KEY }), { sleep: async () => {} });
    const file = new File([new Uint8Array(4096)], "chunk-0");
    const error = await core.api
      .POST("/api/public/files/session/{sessionId}", { params: { path: { sessionId: "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c" } }, body: { file, chunkNumber: 0 } })
      .then(core.data)
      .catch((e: unknown) => e as Error & Record<string, unknown>);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
    expect(Number(seen[0]!.length)).toBeGreaterThan(4096);
    expect(seen[0]!.chunked).toBeUndefined();
  });
});
