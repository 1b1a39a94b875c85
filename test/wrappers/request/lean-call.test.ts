// The lean path of a call (src/wrappers/request/lean-call.ts) stands in for openapi-fetch's
// coreFetch while the caller has registered no middleware: every request it sends and every
// result it gives must be the ones openapi-fetch gives. A client with a pass-through middleware
// of the caller's (which sends every call through openapi-fetch) is the reference.
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { buildPlatformClient } from "../../../src/wrappers/client.js";
import { leanTakes } from "../../../src/wrappers/request/lean-call.js";
import { fakeFetch, json, type Sent } from "../../support/fake-fetch.js";

const API_KEY = "key-0123456789abcdef";
const CN = "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10";
const CONNECTION = { connectionId: CN, connectionName: "c", provider: "PROVIDER_ONE", status: "ACTIVE", createdOn: "2025-01-01T00:00:00.000Z" };

// One answer per request, in order: JSON, empty 204, JSON error, text error, empty 200, empty error.
function answers(_request: Request, sent: Sent, index: number): Response {
  switch (index % 7) {
    case 0:
      return json(CONNECTION);
    case 1:
      return new Response(null, { status: 204 });
    case 2:
      return json({ message: `no connection at ${sent.path}` }, { status: 404 });
    case 3:
      return new Response("upstream broke", { status: 502, headers: { "x-request-id": "req-1" } });
    case 4:
      return new Response("", { status: 200, headers: { "content-length": "0" } });
    case 5:
      return new Response(null, { status: 503 });
    default:
      return json({ count: 1, connections: [CONNECTION] });
  }
}

async function session(passThrough: boolean) {
  const { fetch, sent } = fakeFetch(answers);
  const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9/", apiKey: API_KEY, fetch, maxRetries: 0 });
  const middleware: Middleware = { onRequest: ({ request }) => request };
  if (passThrough) client.use(middleware);
  const raw = client.raw;
  const results: unknown[] = [];
  const record = async (call: Promise<{ data?: unknown; error?: unknown; response: Response }>) => {
    const result = await call;
    const { data, error, response } = result;
    // Which of data and error is there, even when undefined.
    results.push({ keys: Object.keys(result), data, error, status: response.status, contentType: response.headers.get("content-type") });
  };
  for (let round = 0; round < 2; round++) {
    await record(raw.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId: CN } } }));
    await record(raw.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId: CN } } }));
    await record(raw.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId: CN } } }));
    await record(raw.GET("/api/public/connections", { params: { query: { provider: "PROVIDER_ONE", limit: 5 } } }));
    await record(raw.POST("/api/public/connections", { body: { provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-provider-0123" } } }));
    await record(raw.GET("/api/public/connections"));
    await record(raw.GET("/api/public/connections"));
  }
  // The wrappers' own errors and data, from the same answers.
  const outcome = (call: Promise<unknown>) => call.then((value) => ({ value }), (error: Error & { status?: number }) => ({ error: error.name, status: error.status, message: error.message }));
  for (let i = 0; i < 7; i++) results.push(await outcome(client.connections.get(CN)));
  if (passThrough) client.eject(middleware);
  return { results, sent: sent.map(({ method, url, headers, body }) => ({ method, url, headers, body })) };
}

describe("the lean path of a call", () => {
  it("sends the requests and gives the results openapi-fetch does", async () => {
    const lean = await session(false);
    const reference = await session(true);
    expect(lean).toEqual(reference);
    // What they agree on, so that agreeing on nothing would not pass.
    expect(lean.sent[0]).toEqual({ method: "GET", url: `http://127.0.0.1:9/api/public/connections/${CN}`, headers: { "user-agent": expect.any(String), "x-api-key": API_KEY }, body: "" });
    expect(lean.sent[3]!.url).toBe("http://127.0.0.1:9/api/public/connections?provider=PROVIDER_ONE&limit=5");
    expect(lean.sent[4]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(lean.sent[4]!.body)).toMatchObject({ connectionName: "c" });
    expect(lean.results.slice(0, 7)).toEqual([
      { keys: ["data", "response"], data: CONNECTION, status: 200, contentType: "application/json" },
      { keys: ["data", "response"], status: 204, contentType: null },
      { keys: ["error", "response"], error: { message: `no connection at /api/public/connections/${CN}` }, status: 404, contentType: "application/json" },
      { keys: ["error", "response"], error: "upstream broke", status: 502, contentType: "text/plain;charset=UTF-8" },
      { keys: ["data", "response"], status: 200, contentType: "text/plain;charset=UTF-8" },
      { keys: ["error", "response"], status: 503, contentType: null },
      { keys: ["data", "response"], data: { count: 1, connections: [CONNECTION] }, status: 200, contentType: "application/json" },
    ]);
    expect((lean.results.slice(14) as Array<{ error?: string }>).map((r) => r.error ?? "ok")).toEqual([
      "ok", "UnexpectedResponseError", "NotFoundError", "InternalServerError", "UnexpectedResponseError", "InternalServerError", "ok",
    ]);
  });

  it("is taken only for what openapi-fetch would handle no differently", () => {
    expect(leanTakes(undefined)).toBe(true);
    expect(leanTakes({ params: { path: { connectionId: CN }, query: { limit: 1 } }, body: {}, signal: undefined })).toBe(true);
    expect(leanTakes({ headers: { "x-trace": "1" } })).toBe(false);
    expect(leanTakes({ parseAs: "text" })).toBe(false);
    expect(leanTakes({ params: { header: { "x-trace": "1" } } })).toBe(false);
    expect(leanTakes({ bodySerializer: (body: unknown) => body })).toBe(false);
    expect(leanTakes({ params: null })).toBe(false);
  });
});
