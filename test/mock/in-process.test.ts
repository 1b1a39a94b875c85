// createStatefulMock: the stateful mock with no socket. Built at once from checked options, it
// answers the client through its `fetch`, frameworks through `handle`, imitates what only a
// socket does (a reset connection, a slow body) as a fetch caller sees it, and puts the same
// state behind a socket with listen(). The stateful mock's own tests run over both transports
// (test/mock/stateful, eachTransport); these are what only the in-process mock has.
import { describe, expect, it } from "vitest";
import { createPlatformClient, ValidationError } from "../../src/index.js";
import { createStatefulMock } from "../../src/mock/start-mock.js";

const KEY = "in-process-key-0123456789";

describe("createStatefulMock", () => {
  it("refuses bad options with a ValidationError naming every field and its rule", () => {
    let error: unknown;
    try {
      createStatefulMock({ port: 8080, seed: -1, jobs: { pols: 2 }, faults: [{ kind: "teapot", nth: 1 }], corsOrigins: ["http://x.example/path"] } as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const { issues, message } = error as ValidationError;
    expect(issues.map(({ field, rule }) => [field, rule])).toEqual([
      ["port", "unknownOption"],
      ["jobs.pols", "unknownOption"],
      ["faults[0]", "faultRule"],
      ["seed", "range"],
      ["corsOrigins", "origin"],
    ]);
    expect(message).toMatch(/^createStatefulMock: port is not an option of the in-process mock, which opens no port: give it to listen\(\{ port, host \}\); jobs\.pols is not an option; did you mean jobs\.polls\?; faults\[0\]\.kind must be one of /);
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
    const created = await mock.handle(new Request(`${mock.url}/api/public/connections`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-0123456789abcdefgh" } }) }));
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
    const answer = await mock.fetch(`${mock.url}/api/public/guardrails/deploy`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json", "content-length": String(1024 * 1024 + 1) }, body: endless(), duplex: "half" } as RequestInit);
    expect(answer.status).toBe(413);
    expect(pulled).toBeLessThan(3);
    // No length given: read until it passes the limit (17 pieces of 64 KiB), and no further.
    pulled = 0;
    const chunked = await mock.fetch(`${mock.url}/api/public/guardrails/deploy`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: endless(), duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });

  it("puts the same state behind a socket with listen(), and refuses a bad address by field", async () => {
    const mock = createStatefulMock();
    await expect(mock.listen({ port: 70000, hots: "x" } as never)).rejects.toMatchObject({ name: "ValidationError", issues: [{ field: "hots", rule: "unknownOption" }, { field: "port", rule: "range" }] });
    const server = await mock.listen({ port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await mock.fetch("/api/public/connections", { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-0123456789abcdefgh" } }) });
      const overHttp = await (await fetch(`${server.url}/api/public/connections`, { headers: { "x-api-key": KEY } })).json();
      expect(overHttp.total).toBe(1);
      expect(mock.requests().map((r) => r.operationId)).toEqual(["createConnection", "listConnections"]);
      server.reset();
      expect(mock.state().connections).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
