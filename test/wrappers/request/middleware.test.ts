// One middleware registered with client.use sees every request the client makes, whatever
// produced it: a wrapper call, each page of a listing, each chunk of an import, the waiter's
// polls, a file upload. It runs after the boundary (it never sees a request the spec refuses)
// and before the credential (it never sees a secret).
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { buildPlatformClient } from "../../../src/wrappers/client.js";
import { ValidationError } from "../../../src/kernel/errors.js";
import { fakeFetch, json, type Sent } from "../../support/fake-fetch.js";

const API_KEY = "key-0123456789abcdef";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
const CN = "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10";
const SESSION = "9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c";

// A service that answers each operation of the flow, pages with distinct cursors, and a deploy
// job that finishes on its second poll.
function service() {
  let polls = 0;
  return (_request: Request, sent: Sent) => {
    const { method, path } = sent;
    if (method === "POST" && path === "/api/public/connections") {
      return json({ connectionId: CN, connectionName: "c", provider: "PROVIDER_ONE", status: "ACTIVE", createdOn: "2025-01-01T00:00:00.000Z" });
    }
    if (path.endsWith("/chunk/list")) {
      const cursor = JSON.parse(sent.body).nextCursor as string | undefined;
      const page = cursor === undefined ? 1 : Number(cursor.slice(1));
      return json({ count: 1, chunks: [{ chunkId: `chk-${page}` }], hasMore: page < 3, nextCursor: page < 3 ? `p${page + 1}` : null });
    }
    if (path === "/api/public/files/session/start") return json({ sessionId: SESSION, expirationDate: "2099-01-01T00:00:00.000Z", modelId: "cm-1" });
    if (path === `/api/public/files/session/${SESSION}`) return json({ chunkNumber: 0, sessionId: SESSION });
    if (path.endsWith("/complete")) return json({ dockStatusId: "ds-import", jobType: "MODELS", action: "IMPORT", status: "IN_PROGRESS" });
    if (path.endsWith("/deploy")) return json({ "dock-statusId": "ds-deploy", jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" });
    if (path === "/api/public/dock-status/ds-deploy") return json({ _id: "ds-deploy", jobType: "MODELS", action: "DEPLOY", status: ++polls >= 2 ? "SUCCESS" : "IN_PROGRESS" });
    if (path.endsWith("/attachments/upload")) return json({ fileId: "f-1", fileName: "a.txt" });
    return json({ message: `unexpected ${method} ${path}` }, { status: 500 });
  };
}

describe("client.use", () => {
  it("one middleware sees every request of a full flow, each carrying the header it added", async () => {
    const { fetch, sent } = fakeFetch(service());
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT, fetch }, { sleep: async () => {}, random: () => 0 });
    const seen: Array<{ route: string; credentials: string[] }> = [];
    const tracing: Middleware = {
      onRequest({ request, schemaPath }) {
        seen.push({ route: `${request.method} ${schemaPath}`, credentials: ["x-api-key", "auth"].filter((h) => request.headers.has(h)) });
        request.headers.set("x-trace-id", `trace-${seen.length}`);
        return request;
      },
    };
    client.use(tracing);

    await client.connections.create({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-provider-key" } });
    const chunks = await client.chunks.list("st-1").toArray();
    await client.models.import({ source: new Blob([new Uint8Array(10)]), fileName: "m.tar", chunkSize: 4 });
    await client.models.deploy(
      "cm-1",
      { name: "m", hyperParameters: { temperature: 1, maxTokens: 1, topP: 1, topK: 1 }, deviceType: "g5.xlarge" },
      { modelType: "openSource", wait: { minDelayMs: 0, maxDelayMs: 0 } },
    );
    await client.attachments.upload("app-1", "dev", { file: new File(["x"], "a.txt"), userReference: "u" });

    expect(chunks.map((c) => c.chunkId)).toEqual(["chk-1", "chk-2", "chk-3"]);
    const routes = [
      "POST /api/public/connections",
      "POST /api/public/bot/{botId}/chunk/list",
      "POST /api/public/bot/{botId}/chunk/list",
      "POST /api/public/bot/{botId}/chunk/list",
      "POST /api/public/files/session/start",
      "POST /api/public/files/session/{sessionId}",
      "POST /api/public/files/session/{sessionId}",
      "POST /api/public/files/session/{sessionId}",
      "POST /api/public/files/session/{sessionId}/complete",
      "POST /api/public/models/{modelId}/deploy",
      "GET /api/public/dock-status/{dockStatusId}",
      "GET /api/public/dock-status/{dockStatusId}",
      "POST /api/v2/apps/{appId}/environments/{envName}/attachments/upload",
    ];
    // The import's three chunks may go out in any order; everything else in order.
    expect(seen.map((s) => s.route)).toEqual(routes);
    // Every request on the wire carries the middleware's header, and it saw no credential.
    expect(sent).toHaveLength(routes.length);
    expect(sent.map((s) => s.headers["x-trace-id"]).sort()).toEqual(routes.map((_, i) => `trace-${i + 1}`).sort());
    expect(seen.filter((s) => s.credentials.length > 0)).toEqual([]);
    // While the credential itself still went out, on the operation's own header.
    expect(sent.every((s) => (s.path.includes("/bot/") ? s.headers.auth === JWT : s.headers["x-api-key"] === API_KEY))).toBe(true);
  });

  it("sees no request the spec refuses, and stops seeing requests once ejected", async () => {
    const { fetch, sent } = fakeFetch(() => json({ connections: [], total: 0 }));
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch });
    const seen: string[] = [];
    const tracing: Middleware = { onRequest: ({ schemaPath }) => void seen.push(schemaPath) };
    client.use(tracing);
    await expect(client.connections.get("..")).rejects.toBeInstanceOf(ValidationError);
    await client.connections.list();
    client.eject(tracing);
    await client.connections.list();
    expect(seen).toEqual(["/api/public/connections"]);
    expect(sent).toHaveLength(2);
  });

  it("is the same openapi-fetch client as raw: a middleware added through raw.use runs before the credential too", async () => {
    const { fetch, sent } = fakeFetch(() => json({ connections: [], total: 0 }));
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, fetch });
    let sawKey: boolean | undefined;
    client.raw.use({
      onRequest: ({ request }) => {
        sawKey = request.headers.has("x-api-key");
      },
    });
    const { data } = await client.raw.GET("/api/public/connections");
    expect(data).toEqual({ connections: [], total: 0 });
    expect(sawKey).toBe(false);
    expect(sent[0]!.headers["x-api-key"]).toBe(API_KEY);
  });

  it("refuses something that is not a middleware, naming it", () => {
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY });
    expect(() => client.use({ onrequest: () => undefined } as never)).toThrow(/middleware\[0\] must be an object with onRequest, onResponse or onError/);
  });
});
