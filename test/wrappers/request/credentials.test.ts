// Per-operation credentials: each operation of the generated table sends its own header and
// only that one; a missing credential stops the call before anything is sent.
import { describe, expect, it } from "vitest";
import { operations, type OperationId } from "../../../src/generated/operations.js";
import { createCore } from "../../../src/wrappers/core.js";
import { ConfigurationError } from "../../../src/wrappers/errors.js";
import { fakeFetch, json } from "../../support/fake-fetch.js";

const API_KEY = "key-0123456789abcdef";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";

// The chunk operations per the interface document's authentication table: written here, not
// read from the generated table under test.
const JWT_OPERATIONS = new Set(["listChunks", "updateChunk", "deleteChunksById"]);

function rawCall(core: ReturnType<typeof createCore>, operationId: OperationId) {
  const info = operations[operationId];
  const send = (core.raw as unknown as Record<string, Function>)[info.method.toUpperCase()]!;
  return send(info.path, { params: { path: new Proxy({}, { get: () => "x" }) }, body: info.requestBody?.mediaTypes[0] === "application/json" ? {} : undefined }) as Promise<unknown>;
}

describe("credential header per operation", () => {
  it.each(Object.keys(operations) as OperationId[])("%s sends exactly its own credential", async (operationId) => {
    const { fetch, sent } = fakeFetch(() => json({}));
    const core = createCore({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT, fetch });
    await rawCall(core, operationId);
    expect(sent).toHaveLength(1);
    const headers = sent[0]!.headers;
    if (JWT_OPERATIONS.has(operationId)) {
      expect(headers.auth).toBe(JWT);
      expect(headers).not.toHaveProperty("x-api-key");
    } else {
      expect(headers["x-api-key"]).toBe(API_KEY);
      expect(headers).not.toHaveProperty("auth");
    }
  });

  it("drops a credential header a caller smuggled in per request", async () => {
    const { fetch, sent } = fakeFetch(() => json({ connections: [], total: 0 }));
    const core = createCore({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT, fetch });
    await core.raw.GET("/api/public/connections", { headers: { auth: "smuggled-token-value" } });
    expect(sent[0]!.headers).not.toHaveProperty("auth");
    expect(sent[0]!.headers["x-api-key"]).toBe(API_KEY);
  });

  it("calls a jwt function before each chunk request", async () => {
    const { fetch, sent } = fakeFetch(() => json({ count: 0, chunks: [], hasMore: false, nextCursor: null }));
    let n = 0;
    const core = createCore({ baseUrl: "http://127.0.0.1:9", jwt: async () => `token-number-${++n}`, fetch });
    await core.call("listChunks", { path: { botId: "st-1" }, body: {} });
    await core.call("listChunks", { path: { botId: "st-1" }, body: {} });
    expect(sent.map((s) => s.headers.auth)).toEqual(["token-number-1", "token-number-2"]);
  });

  it("refuses an x-api-key operation without apiKey, naming the option, and sends nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const core = createCore({ baseUrl: "http://127.0.0.1:9", jwt: JWT, fetch });
    const error = await core.call("getDockStatus", { path: { dockStatusId: "ds-1" } }).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.option).toBe("apiKey");
    expect(error.message).toContain("x-api-key");
    expect(sent).toHaveLength(0);
  });

  it("refuses a chunk operation without jwt, naming the option, and sends nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const core = createCore({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch });
    const error = await core.call("deleteChunksById", { path: { botId: "st-1" }, body: { chunkId: ["chk-1"] } }).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.option).toBe("jwt");
    expect(sent).toHaveLength(0);
  });

  it("refuses a jwt function that returns nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const core = createCore({ baseUrl: "http://127.0.0.1:9", jwt: async () => "", fetch });
    await expect(core.call("listChunks", { path: { botId: "st-1" }, body: {} })).rejects.toMatchObject({ option: "jwt" });
    expect(sent).toHaveLength(0);
  });
});
