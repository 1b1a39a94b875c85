// Per-operation credentials: each operation of the generated table sends its own header and
// only that one; a missing credential stops the call before anything is sent.
import { describe, expect, it } from "vitest";
import { operations, type OperationId } from "../../../src/generated/operations.js";
import { buildPlatformClient } from "../../../src/wrappers/client.js";
import { exampleCall } from "../../support/raw-calls.js";
import { ConfigurationError } from "../../../src/kernel/errors.js";
import { fakeFetch, json } from "../../support/fake-fetch.js";
import { rejectedValidationError } from "../../support/validation-issues.js";

const API_KEY = "key-0123456789abcdef";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";

// The chunk operations per the interface document's authentication table: written here, not
// read from the generated table under test.
const JWT_OPERATIONS = new Set(["listChunks", "updateChunk", "deleteChunksById"]);

const createCore = (options: Parameters<typeof buildPlatformClient>[0]) => buildPlatformClient(options);
const rawCall = (core: ReturnType<typeof createCore>, operationId: OperationId) => exampleCall(core.raw, operationId);
const listChunks = (core: ReturnType<typeof createCore>) => core.raw.POST("/api/public/bot/{botId}/chunk/list", { params: { path: { botId: "st-1" } }, body: {} });

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
    await listChunks(core);
    await listChunks(core);
    expect(sent.map((s) => s.headers.auth)).toEqual(["token-number-1", "token-number-2"]);
  });

  it("refuses an x-api-key operation without apiKey, naming the option, and sends nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const core = createCore({ baseUrl: "http://127.0.0.1:9", jwt: JWT, fetch });
    const error = await rejectedValidationError(core.jobs.get("ds-1"), ConfigurationError);
    expect(error.option).toBe("apiKey");
    expect(error.message).toContain("x-api-key");
    expect(sent).toHaveLength(0);
  });

  it("refuses a chunk operation without jwt, naming the option, and sends nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const core = createCore({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch });
    const error = await rejectedValidationError(core.chunks.delete("st-1", ["chk-1"]), ConfigurationError);
    expect(error.option).toBe("jwt");
    expect(sent).toHaveLength(0);
  });

  it("refuses a jwt function that returns nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const core = createCore({ baseUrl: "http://127.0.0.1:9", jwt: async () => "", fetch });
    await expect(listChunks(core)).rejects.toMatchObject({ option: "jwt" });
    expect(sent).toHaveLength(0);
  });
});
