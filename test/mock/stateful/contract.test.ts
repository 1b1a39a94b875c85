// The stateful mock refuses what Prism refuses, and says precisely why: 401 without the
// operation's own credential header, 422 naming each failing field and rule, 404/405 for paths
// and methods the spec lacks, 415 for a media type the operation does not take. Secrets never
// come back in clear, in answers or in the request log.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { API_KEY, call, eachTransport, fetchOf, JWT, upload, uploadParts, withMock } from "./helpers.js";
import type { Json } from "../../support/json.js";

/** The status line and body of a request whose target is written as given, as no URL class would. */
function rawTarget(url: string, target: string): Promise<{ status: string; body: Json }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(url);
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nx-api-key: ${API_KEY}\r\nConnection: close\r\n\r\n`));
    let text = "";
    socket.setEncoding("utf8").on("data", (piece: string) => (text += piece));
    socket.on("end", () => resolve({ status: text.slice(9, 12), body: JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) }));
    socket.on("error", reject);
  });
}

const DEPLOY = { name: "m", hyperParameters: { temperature: 1, maxTokens: 10, topP: 1, topK: 5 }, deviceType: "g5.xlarge" };

eachTransport(() => {
  describe("stateful mock: the spec is the contract", () => {
    it("answers 401 without the operation's own credential header, whatever the other one says", async () => {
      await withMock({}, async (mock) => {
        const noKey = await call(mock, "GET", "/api/public/connections", undefined, { "x-api-key": "" });
        expect(noKey.status).toBe(401);
        expect(noKey.body.errors[0]).toMatchObject({ code: 4002 });
        // The chunk operations take the JWT in `auth`; an x-api-key does not stand in for it.
        const wrongHeader = await fetchOf(mock)(`${mock.url}/api/public/bot/app/chunk/list`, { method: "POST", headers: { "x-api-key": API_KEY, "content-type": "application/json" }, body: "{}" });
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

    it("refuses a pair of fields the spec orders (x-ordered-fields) set the wrong way round", async () => {
      await withMock({ existing: "examples" }, async (mock) => {
        const path = "/api/public/models/cm-4e5f6a7b/deploy?modelType=openSource";
        const bad = await call(mock, "POST", path, { ...DEPLOY, scalingParameters: { minReplicas: 5, maxReplicas: 3 } });
        expect(bad.status).toBe(422);
        expect(bad.body.errors).toEqual([expect.objectContaining({ in: "body", field: "/scalingParameters/minReplicas", rule: "ordered" })]);
        // A break of the spec like any other: in the drift report too.
        expect(mock.driftReport().drifts).toEqual([
          expect.objectContaining({
            operationId: "deployModel",
            direction: "request",
            location: "body",
            pointer: "/scalingParameters/minReplicas",
            kind: "constraint",
          }),
        ]);
        const good = await call(mock, "POST", path, { ...DEPLOY, scalingParameters: { minReplicas: 3, maxReplicas: 3 } });
        expect(good.status).toBe(200);
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

    it("reads a number only as decimal digits, in a query and in a form", async () => {
      await withMock({}, async (mock) => {
        for (const limit of ["0x2", "2e0", "%202%20", "2.0", "+2"]) {
          expect((await call(mock, "GET", `/api/public/connections?limit=${limit}`)).body.errors[0], limit).toMatchObject({ in: "query", field: "/limit", rule: "type" });
        }
        const session = (await call(mock, "POST", "/api/public/files/session/start", { fileContext: "model", totalChunks: 2, fileExtension: "tar", fileName: "m.tar", fileSize: 2 })).body;
        for (const chunkNumber of ["0x1", "1e0", " 1 ", "01"]) {
          const refused = await upload(mock, `/api/public/files/session/${session.sessionId}`, { file: new Blob(["x"]), chunkNumber });
          expect(refused.status, chunkNumber).toBe(422);
          expect(refused.body.errors[0], chunkNumber).toMatchObject({ in: "body", field: "/chunkNumber", rule: "type" });
        }
        expect((await upload(mock, `/api/public/files/session/${session.sessionId}`, { file: new Blob(["x"]), chunkNumber: "1" })).status).toBe(200);
      });
    });

    it("refuses a form with a field sent twice or a part that names no field", async () => {
      await withMock({}, async (mock) => {
        const session = (await call(mock, "POST", "/api/public/files/session/start", { fileContext: "model", totalChunks: 2, fileExtension: "tar", fileName: "m.tar", fileSize: 2 })).body;
        const path = `/api/public/files/session/${session.sessionId}`;
        const field = (name: string, text: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], text });
        const file = (text: string) => ({ headers: ['Content-Disposition: form-data; name="file"; filename="chunk"', "Content-Type: application/octet-stream"], text });

        const twoNumbers = await uploadParts(mock, path, [field("chunkNumber", "0"), field("chunkNumber", "1"), file("x")]);
        expect(twoNumbers.status).toBe(422);
        expect(twoNumbers.body.errors[0]).toMatchObject({ in: "body", field: "/chunkNumber", rule: "duplicate" });
        const twoFiles = await uploadParts(mock, path, [field("chunkNumber", "0"), file("x"), file("y")]);
        expect(twoFiles.body.errors[0]).toMatchObject({ in: "body", field: "/file", rule: "duplicate" });
        const twoUploads = await uploadParts(mock, "/api/public/files", [field("fileContext", "bulkImport"), file("x"), file("y")]);
        expect(twoUploads.body.errors[0]).toMatchObject({ in: "body", field: "/file", rule: "duplicate" });
        const nameless = await uploadParts(mock, path, [field("chunkNumber", "0"), { headers: ["Content-Type: application/octet-stream"], text: "x" }]);
        expect(nameless.status).toBe(422);
        expect(nameless.body.errors[0]).toMatchObject({ in: "body", field: "", rule: "contentDisposition" });
        expect(nameless.body.errors[0].msg).toBe("part 2 has no Content-Disposition header naming its field");
        // Nothing of the refused forms was stored.
        expect((await call(mock, "POST", `${path}/complete`)).body.errors[0].msg).toMatch(/chunks 0, 1 of 2/);
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
        const text = await fetchOf(mock)(`${mock.url}/api/public/guardrails/deploy`, { method: "POST", headers: { "x-api-key": API_KEY, "content-type": "text/plain" }, body: "Toxicity" });
        expect(text.status).toBe(415);
      });
    });

    it("never sends or logs a secret in clear", async () => {
      await withMock({}, async (mock) => {
        const secret = "sk-live-0123456789abcdefghij";
        const headerSecret = "Bearer header-secret-0123456789";
        const created = await call(mock, "POST", "/api/public/connections", { provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: secret } });
        expect(created.body.fields.API_KEY).toBe("sk-l********************ghij");
        const custom = await call(mock, "POST", "/api/public/connections", {
          provider: "API",
          connectionName: "x",
          endpointUrl: "https://e.invalid",
          mapProvider: "openAIModel",
          headers: [{ key: "Authorization", value: headerSecret }],
        });
        const answers = JSON.stringify([
          created.body,
          custom.body,
          (await call(mock, "GET", `/api/public/connections/${custom.body.connectionId}`)).body,
          (await call(mock, "GET", "/api/public/connections")).body,
        ]);
        const logged = JSON.stringify(mock.requests()) + mock.output() + JSON.stringify((await fetchOf(mock)(`${mock.url}/__mock/requests`).then((r) => r.json())));
        for (const text of [answers, logged]) {
          expect(text).not.toContain(secret);
          expect(text).not.toContain("header-secret-0123456789");
          expect(text).not.toContain(API_KEY);
        }
        expect(custom.body.headers[0].value).toMatch(/^Bear\*+6789$/);
      });
    });
  });
});

// A request line's target as sent, which only a socket carries (a Request's URL is parsed first).
describe("request targets over HTTP", () => {
  it("reads odd request targets as the request's fault, and \"//x/...\" is not the path \"/...\"", async () => {
    await withMock(
      {},
      async (mock) => {
        expect(await rawTarget(mock.url, "//[")).toMatchObject({ status: "404", body: { fault: "request" } });
        expect((await rawTarget(mock.url, "//x/api/public/connections")).status).toBe("404");
        expect(await rawTarget(mock.url, "*")).toMatchObject({ status: "400", body: { fault: "request", errors: [{ rule: "target" }] } });
        expect((await rawTarget(mock.url, "http://elsewhere.invalid/api/public/connections")).status).toBe("200");
      },
      "http",
    );
  });
});
