// The stateful mock refuses what Prism refuses, and says precisely why: 401 without the
// operation's own credential header, 422 naming each failing field and rule, 404/405 for paths
// and methods the spec lacks, 415 for a media type the operation does not take. Secrets never
// come back in clear, in answers or in the request log.
import { describe, expect, it } from "vitest";
import { API_KEY, call, JWT, upload, withMock } from "./helpers.js";

const DEPLOY = { name: "m", hyperParameters: { temperature: 1, maxTokens: 10, topP: 1, topK: 5 }, deviceType: "g5.xlarge" };

describe("stateful mock: the spec is the contract", () => {
  it("answers 401 without the operation's own credential header, whatever the other one says", async () => {
    await withMock({}, async (mock) => {
      const noKey = await call(mock, "GET", "/api/public/connections", undefined, { "x-api-key": "" });
      expect(noKey.status).toBe(401);
      expect(noKey.body.errors[0]).toMatchObject({ code: 4002 });
      // The chunk operations take the JWT in `auth`; an x-api-key does not stand in for it.
      const wrongHeader = await fetch(`${mock.url}/api/public/bot/app/chunk/list`, { method: "POST", headers: { "x-api-key": API_KEY, "content-type": "application/json" }, body: "{}" });
      expect(wrongHeader.status).toBe(401);
      expect(await wrongHeader.json()).toMatchObject({ message: "Unauthorized" });
    });
  });

  it("enforces exact credentials when started with them", async () => {
    await withMock({ apiKey: API_KEY, jwt: JWT }, async (mock) => {
      expect((await call(mock, "GET", "/api/public/connections")).status).toBe(200);
      expect((await call(mock, "GET", "/api/public/connections", undefined, { "x-api-key": "another-key" })).status).toBe(401);
      expect((await call(mock, "POST", "/api/public/bot/a/chunk/list", {}, { auth: "other.jwt.value" })).status).toBe(401);
    });
  });

  it("answers 422 naming every failing field and rule, and blames the request", async () => {
    await withMock({}, async (mock) => {
      const bad = await call(mock, "POST", "/api/public/models/nope/deploy?modelType=closed", { ...DEPLOY, hyperParameters: { ...DEPLOY.hyperParameters, temperature: 3 }, extra: 1 });
      expect(bad.status).toBe(422);
      expect(bad.headers.get("content-type")).toBe("application/problem+json");
      expect(bad.body.fault).toBe("request");
      const fields = bad.body.errors.map((e: { in: string; field: string; rule: string }) => `${e.in} ${e.field} ${e.rule}`);
      expect(fields).toEqual(expect.arrayContaining(["path /modelId pattern", "query /modelType enum", "body /hyperParameters/temperature maximum", "body /extra additionalProperties"]));
    });
  });

  it("reads query and multipart text as the types the spec asks for", async () => {
    await withMock({}, async (mock) => {
      expect((await call(mock, "GET", "/api/public/connections?limit=2")).status).toBe(200);
      expect((await call(mock, "GET", "/api/public/connections?limit=two")).body.errors[0]).toMatchObject({ in: "query", field: "/limit", rule: "type" });
      const session = (await call(mock, "POST", "/api/public/files/session/start", { fileContext: "model", totalChunks: 1, fileExtension: "tar", fileName: "m.tar", fileSize: 1 })).body;
      const bad = await upload(mock, `/api/public/files/session/${session.sessionId}`, { file: new Blob(["x"]), chunkNumber: "-1" });
      expect(bad.body.errors[0]).toMatchObject({ in: "body", field: "/chunkNumber", rule: "minimum" });
      const missing = await upload(mock, `/api/public/files/session/${session.sessionId}`, { chunkNumber: "0" });
      expect(missing.body.errors[0]).toMatchObject({ in: "body", field: "/file", rule: "required" });
    });
  });

  it("refuses unknown paths, wrong methods, missing bodies, bad JSON and foreign media types", async () => {
    await withMock({}, async (mock) => {
      expect((await call(mock, "GET", "/api/public/nothing")).status).toBe(404);
      const wrongMethod = await call(mock, "DELETE", "/api/public/connections");
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
      expect((await call(mock, "POST", "/api/public/guardrails/deploy")).body.errors[0]).toMatchObject({ in: "body", rule: "required" });
      expect((await call(mock, "POST", "/api/public/guardrails/deploy", "{not json")).body.errors[0]).toMatchObject({ rule: "json" });
      const text = await fetch(`${mock.url}/api/public/guardrails/deploy`, { method: "POST", headers: { "x-api-key": API_KEY, "content-type": "text/plain" }, body: "Toxicity" });
      expect(text.status).toBe(415);
    });
  });

  it("never sends or logs a secret in clear", async () => {
    await withMock({}, async (mock) => {
      const secret = "sk-live-0123456789abcdefghij";
      const headerSecret = "Bearer header-secret-0123456789";
      const created = await call(mock, "POST", "/api/public/connections", { provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: secret } });
      expect(created.body.fields.API_KEY).toBe("sk-l********************ghij");
      const custom = await call(mock, "POST", "/api/public/connections", { provider: "API", connectionName: "x", endpointUrl: "https://e.invalid", mapProvider: "openAIModel", headers: [{ key: "Authorization", value: headerSecret }] });
      const answers = JSON.stringify([created.body, custom.body, (await call(mock, "GET", `/api/public/connections/${custom.body.connectionId}`)).body, (await call(mock, "GET", "/api/public/connections")).body]);
      const logged = JSON.stringify(mock.requests()) + mock.output() + JSON.stringify((await fetch(`${mock.url}/__mock/requests`).then((r) => r.json())));
      for (const text of [answers, logged]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain("header-secret-0123456789");
        expect(text).not.toContain(API_KEY);
      }
      expect(custom.body.headers[0].value).toMatch(/^Bear\*+6789$/);
    });
  });
});
