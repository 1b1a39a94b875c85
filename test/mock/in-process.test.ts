// createStatefulMock: the stateful mock with no socket. Built at once from checked options, it
// answers the client through its `fetch`, frameworks through `handle`, imitates what only a
// socket does (a reset connection, a slow body) as a fetch caller sees it, and puts the same
// state behind a socket with listen(). The stateful mock's own tests run over both transports
// (test/mock/stateful, eachTransport); these are what only the in-process mock has.
import { describe, expect, it } from "vitest";
import { createPlatformClient } from "../../src/index.js";
import { createStatefulMock, type InProcessMock } from "../../src/mock/start-mock.js";
import { pairsOf, rejectedValidationError, validationErrorOf } from "../support/validation-issues.js";

const KEY = "in-process-key-0123456789";

describe("createStatefulMock", () => {
  it("refuses bad options with a ValidationError naming every field and its rule", () => {
    const error = validationErrorOf(() =>
      createStatefulMock({ port: 8080, seed: -1, jobs: { pols: 2 }, faults: [{ kind: "teapot", nth: 1 }], corsOrigins: ["http://x.example/path"] } as never),
    );
    expect(pairsOf(error)).toEqual([
      ["port", "unknownOption"],
      ["jobs.pols", "unknownOption"],
      ["faults[0].kind", "enum"],
      ["seed", "range"],
      ["corsOrigins[0]", "origin"],
    ]);
    expect(error.message).toMatch(/^createStatefulMock: port is not an option of the in-process mock, which opens no port: give it to listen\(\{ port, host \}\); jobs\.pols is not an option; did you mean jobs\.polls\?; faults\[0\]\.kind must be one of /);
  });

  it("answers the client through its fetch, with a URL no resolver answers", async () => {
    const mock = createStatefulMock({ jobs: { polls: 1 } });
    expect(mock.url).toMatch(/^http:\/\/stateful-mock-\d+\.invalid$/);
    const client = createPlatformClient({ baseUrl: mock.url, apiKey: KEY, fetch: mock.fetch });
    const job = await client.guardrails.deploy("Toxicity", { wait: { minDelayMs: 1 } });
    expect(job.status).toBe("SUCCESS");
    expect(mock.state().deployedGuardrails).toEqual(["Toxicity"]);
    expect(mock.requests().map((r) => r.operationId)[0]).toBe("deployGuardrail");
  });

  it("is the same mock through handle(), and reads a bare path under its url", async () => {
    const mock = createStatefulMock();
    const created = await mock.handle(
      new Request(`${mock.url}/api/public/connections`, {
        method: "POST",
        headers: { "x-api-key": KEY, "content-type": "application/json" },
        body: JSON.stringify({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-0123456789abcdefgh" } }),
      }),
    );
    expect(created.status).toBe(200);
    const listed = await (await mock.fetch("/api/public/connections", { headers: { "x-api-key": KEY } })).json();
    expect(listed.total).toBe(1);
    expect((await mock.handle(new Request(`${mock.url}/api/public/connections`))).status).toBe(401);
  });

  it("answers a reset fault as a dropped connection: Response.error() from handle, TypeError: fetch failed from fetch", async () => {
    const mock = createStatefulMock({ faults: [{ operation: "listConnections", kind: "reset", nth: [1, 2] }] });
    const request = () => new Request(`${mock.url}/api/public/connections`, { headers: { "x-api-key": KEY } });
    expect((await mock.handle(request())).type).toBe("error");
    const failure = await mock.fetch(request()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: "fetch failed", cause: { message: expect.stringMatching(/reset the connection/) } });
    expect((await mock.fetch(request())).status).toBe(200);
  });

  it("stalls a slow body, which the call's signal aborts mid-body as a fetch's would", async () => {
    const mock = createStatefulMock({ faults: [{ kind: "slow", nth: 1, slowMs: 60_000 }] });
    const controller = new AbortController();
    const response = await mock.fetch(`${mock.url}/api/public/connections`, { headers: { "x-api-key": KEY }, signal: controller.signal });
    expect(response.status).toBe(200);
    const text = response.text();
    controller.abort(new Error("body timeout"));
    await expect(text).rejects.toThrow("body timeout");
  });

  it("answers 413 to a JSON body over the limit without reading a body that never ends", async () => {
    const mock = createStatefulMock();
    let pulled = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        },
      });
    const answer = await mock.fetch(`${mock.url}/api/public/guardrails/deploy`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json", "content-length": String(1024 * 1024 + 1) },
      body: endless(),
      duplex: "half",
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(pulled).toBeLessThan(3);
    // No length given: read until it passes the limit (17 pieces of 64 KiB), and no further.
    pulled = 0;
    const chunked = await mock.fetch(`${mock.url}/api/public/guardrails/deploy`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: endless(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });

  it("reads a fetch's init as a Request would: headers of any spelling, text, bytes or a Blob", async () => {
    const json = JSON.stringify({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-0123456789abcdefgh" } });
    const inits: RequestInit[] = [
      { headers: { "X-Api-Key": KEY } },
      { headers: { "x-api-key": ` ${KEY} ` } },
      { headers: { "x-api-key": "" } },
      { headers: [["x-api-key", KEY]] },
      { headers: new Headers({ "x-api-key": KEY }) },
      { method: "post", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: json },
      { method: "POST", headers: { "x-api-key": KEY }, body: json },
      { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: new TextEncoder().encode(json) },
      { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: new TextEncoder().encode(json).buffer },
      { method: "POST", headers: { "x-api-key": KEY }, body: new Blob([json], { type: "application/json" }) },
      { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: "{" },
      { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: "" },
    ];
    const answers = async (send: (mock: InProcessMock, url: string, init: RequestInit) => Promise<Response>) => {
      const mock = createStatefulMock({ seed: 7 });
      const got = [];
      for (const init of inits) {
        const response = await send(mock, `${mock.url}/api/public/connections`, init);
        got.push({ status: response.status, body: (await response.text()).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "(time)") });
      }
      return { got, log: mock.output().replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "(time)"), requests: mock.requests().map((r) => ({ ...r, at: "", durationMs: 0 })) };
    };
    const viaFetch = await answers((mock, url, init) => mock.fetch(url, init));
    const viaRequest = await answers((mock, url, init) => mock.handle(new Request(url, init)));
    expect(viaFetch).toEqual(viaRequest);
    expect(viaFetch.got.map((a) => a.status)).toEqual([200, 200, 401, 200, 200, 200, 415, 200, 200, 200, 422, 422]);
  });

  it("puts the same state behind a socket with listen(), and refuses a bad address by field", async () => {
    const mock = createStatefulMock();
    const refused = await rejectedValidationError(mock.listen({ port: 70000, hots: "x" } as never));
    expect(refused.name).toBe("ValidationError");
    expect(pairsOf(refused)).toEqual([
      ["hots", "unknownOption"],
      ["port", "range"],
    ]);
    const server = await mock.listen({ port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await mock.fetch("/api/public/connections", {
        method: "POST",
        headers: { "x-api-key": KEY, "content-type": "application/json" },
        body: JSON.stringify({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-0123456789abcdefgh" } }),
      });
      const overHttp = await (await fetch(`${server.url}/api/public/connections`, { headers: { "x-api-key": KEY } })).json();
      expect(overHttp.total).toBe(1);
      expect(mock.requests().map((r) => r.operationId)).toEqual(["createConnection", "listConnections"]);
      server.reset();
      expect(mock.state().connections).toBe(0);
    } finally {
      await server.stop();
    }
  });

  describe("the client's own calls", () => {
    const DIRECT = Symbol.for("@platform/management-client/direct-exchange");
    // The exchange that may answer text; DIRECT alone is what a client from an older copy reads (bytes).
    const DIRECT_TEXT = Symbol.for("@platform/management-client/direct-exchange/text");
    // The client's calls through mock.fetch skip the Request and Response (the direct exchange);
    // a fetch that wraps mock.fetch hides that, so the client reads Responses. Both must agree.
    const outcome = (call: Promise<unknown>) =>
      call.then(
        (value) => ({ value }),
        (error: { name?: string; message?: string; status?: number }) => ({ error: error.name, message: error.message, status: error.status }),
      );
    const pieces = (texts: string[]) => new Blob(texts).stream();
    async function scenario(fetch: typeof globalThis.fetch, mock: InProcessMock) {
      const client = (options: Record<string, unknown> = {}) => createPlatformClient({ baseUrl: mock.url, apiKey: KEY, fetch, maxRetries: 0, ...options });
      const created = (await client().connections.create({
        provider: "PROVIDER_ONE",
        connectionName: "c",
        model: "m",
        fields: { API_KEY: "sk-0123456789abcdefgh" },
      })) as { connectionId: string };
      const id = created.connectionId;
      const results: unknown[] = [
        created,
        await outcome(client().connections.get(id)),
        await outcome(client().connections.list()),
        await outcome(client().connections.get("cn-00000000-0000-4000-8000-000000000000")),
        await outcome(client().connections.get("not-an-id")),
      ];
      // 429 with Retry-After 0 on the first call, then the answer: retried once.
      mock.inject({ operation: "getConnection", kind: "429", nth: 1, retryAfterSeconds: 0 });
      results.push(await outcome(client({ maxRetries: 1 }).connections.get(id)));
      mock.clearFaults();
      mock.inject({ operation: "getConnection", kind: "reset", nth: 1 });
      results.push(await outcome(client().connections.get(id)));
      mock.clearFaults();
      mock.inject({ operation: "getConnection", kind: "slow", nth: 1, slowMs: 5_000 });
      results.push(await outcome(client({ timeoutMs: 200 }).connections.get(id)));
      mock.clearFaults();
      results.push(await outcome(client({ maxResponseBytes: 64 }).connections.get(id)));
      results.push(await outcome(client().connections.get(id, { signal: AbortSignal.abort(new Error("stop")) })));
      // Uploads: a Blob in one chunk, then a stream in three whose second chunk's connection
      // drops once (the client sends it again).
      results.push(await outcome(client().models.import({ source: new Blob(["model bytes"]), fileName: "blob.tar", wait: { minDelayMs: 1 } })));
      mock.inject({ operation: "uploadImportChunk", kind: "reset", nth: 2 });
      const stream = { stream: pieces(["0123456", "789ab", "cdef"]), size: 16 };
      results.push(await outcome(client({ maxRetries: 1 }).models.import({ source: stream, fileName: "stream.tar", chunkSize: 6, wait: { minDelayMs: 1 } })));
      // Bodies too: an upload's part is logged as its size and digest.
      const log = mock.requests().map(({ method, url, operationId, status, fault, body }) => ({ method, url, operationId, status, fault, body }));
      // The two mocks run one after the other: only their clocks differ.
      return JSON.parse(JSON.stringify({ results, log }).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "(time)")) as { results: Array<{ error?: string }>; log: typeof log };
    }

    it("skip the Request and the Response of a fetch, and get the answers a fetch gives, faults included", async () => {
      let fetched = 0;
      const counting = (mock: InProcessMock, keys: symbol[]) =>
        Object.assign(
          (input: RequestInfo | URL, init?: RequestInit) => {
            fetched++;
            return mock.fetch(input, init);
          },
          Object.fromEntries(keys.map((key) => [key, (mock.fetch as unknown as Record<symbol, unknown>)[key]])),
        );
      const direct = createStatefulMock({ seed: 3 });
      const viaDirect = await scenario(counting(direct, [DIRECT, DIRECT_TEXT]), direct);
      const bytesOnly = createStatefulMock({ seed: 3 });
      const viaBytes = await scenario(counting(bytesOnly, [DIRECT]), bytesOnly);
      expect(fetched).toBe(0);
      const wrapped = createStatefulMock({ seed: 3 });
      const viaResponses = await scenario((input, init) => wrapped.fetch(input, init), wrapped);
      expect(viaDirect).toEqual(viaResponses);
      expect(viaBytes).toEqual(viaResponses);
      // What the answers were, so that agreeing on nothing would not pass.
      expect(viaDirect.results.slice(1).map((r) => r.error ?? "ok")).toEqual([
        "ok", "ok", "NotFoundError", "ValidationError", "ok", "ConnectionError", "TimeoutError", "ResponseTooLargeError", "AbortError", "ok", "ok",
      ]);
      expect(viaDirect.log.filter((e) => e.fault).map((e) => e.fault!.kind)).toEqual(["429", "reset", "slow", "reset"]);
      const chunks = viaDirect.log
        .filter((e) => e.operationId === "uploadImportChunk" && e.status === 200)
        .map((e) => (e.body as { file: { size: number; sha256: string } }).file);
      const digest = async (text: string) =>
        [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, "0")).join("");
      // The chunk sent again arrives after the last one.
      const sent = ["model bytes", "012345", "cdef", "6789ab"];
      expect(chunks).toEqual(await Promise.all(sent.map(async (text) => ({ fileName: "blob", contentType: "application/octet-stream", size: text.length, sha256: await digest(text) }))));
    });

    it("answer bytes under the older key, for a client from an older copy of the package, and text under the newer", async () => {
      const mock = createStatefulMock();
      const request = { url: "/api/public/connections", method: "GET", headers: { "x-api-key": KEY }, body: undefined };
      const signal = { aborted: false, reason: undefined, addEventListener() {}, removeEventListener() {}, throwIfAborted() {} };
      type Answer = { status: number; body: unknown; headers: { get(n: string): string | null } };
      type Exchange = (r: typeof request, s: typeof signal, max: number) => Promise<Answer>;
      const exchange = (key: symbol) => (mock.fetch as unknown as Record<symbol, Exchange>)[key]!(request, signal, 1_000_000);
      const [bytes, text] = await Promise.all([exchange(DIRECT), exchange(DIRECT_TEXT)]);
      expect(bytes.body).toBeInstanceOf(Uint8Array);
      expect(typeof text.body).toBe("string");
      expect(new TextDecoder().decode(bytes.body as Uint8Array)).toBe(text.body);
      const length = String((bytes.body as Uint8Array).length);
      expect([bytes.status, bytes.headers.get("content-length"), text.headers.get("content-length")]).toEqual([200, length, length]);
    });

    it("hand over an answer as text whose length, and size limit, count its UTF-8 bytes", async () => {
      const mock = createStatefulMock();
      const name = "Größe 😀 日本";
      const seen: Array<{ length: string | null; bytes: number }> = [];
      const client = (options: Record<string, unknown> = {}) => {
        const made = createPlatformClient({ baseUrl: mock.url, apiKey: KEY, fetch: mock.fetch, maxRetries: 0, ...options });
        made.use({
          async onResponse({ response }) {
            seen.push({ length: response.headers.get("content-length"), bytes: (await response.clone().arrayBuffer()).byteLength });
          },
        });
        return made;
      };
      const { connectionId } = (await client().connections.create({ provider: "PROVIDER_ONE", connectionName: name, model: "m", fields: { API_KEY: "sk-0123456789abcdefgh" } })) as {
        connectionId: string;
      };
      seen.length = 0;
      expect(await client().connections.get(connectionId)).toMatchObject({ connectionName: name });
      // What a Response of the same answer says, read apart from the client.
      const response = await mock.fetch(`/api/public/connections/${connectionId}`, { headers: { "x-api-key": KEY } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes)).toContain(name);
      expect(seen).toEqual([{ length: String(bytes.length), bytes: bytes.length }]);
      // More characters than the limit allows bytes for only once they are counted as UTF-8.
      const text = new TextDecoder().decode(bytes);
      expect(text.length).toBeLessThan(bytes.length);
      await expect(client({ maxResponseBytes: text.length }).connections.get(connectionId)).rejects.toMatchObject({ name: "ResponseTooLargeError" });
      await expect(client({ maxResponseBytes: bytes.length }).connections.get(connectionId)).resolves.toMatchObject({ connectionName: name });
    });
  });
});
