// Mock servers other people build from the spec, unpatched: each must take every operation, and
// every answer it makes up from the schemas must be one the spec allows (checked against
// openapi/platform.yaml itself). They read the generated 3.0 rendering, as the README says
// mock tools should: msw's source takes the server URL literally (the 3.1 document's
// `https://{host}` gave it 0 handlers that match), openapi-backend validates the document with a
// 3.0 schema, and Mockoon builds date-times of its own unless a schema carries a 3.0 `example`.
// Each runs in this process through its Node API.
import ajvFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { installOnDemand, PORTABILITY_TOOLS } from "../../scripts/lib/on-demand-install.mjs";
import { openApi30Path } from "../../scripts/lib/openapi-3.0.mjs";
import { listOperations, loadSpec } from "../../scripts/lib/spec.mjs";
import { parametersOf, requestExamples, sampleRequest, VALID_PARAMS } from "../support/sample-requests.js";
import { answerCheck } from "./portability/answers.js";

// The tools are a folder of their own (test/spec/portability/package.json), installed here on first use.
await installOnDemand(PORTABILITY_TOOLS);
const { fromOpenApi, MockoonServer, OpenApiConverter, OpenAPIBackend, setupServer } = await import("./portability/tools.js");

const spec = loadSpec();
const operations = listOperations(spec);
const operationIds = operations.map((op) => op.operationId).sort();
const document30Text = readFileSync(openApi30Path(), "utf8");
const document30 = () => JSON.parse(document30Text);
const check = answerCheck(spec);
const everyOperation = Object.fromEntries(operationIds.map((id) => [id, "200, as the spec allows"]));

/** Asks `baseUrl` for every operation with the spec's own sample request; what came back, per operation. */
async function askEveryOperation(baseUrl: string): Promise<Record<string, string>> {
  const verdicts: Record<string, string> = {};
  for (const op of operations) {
    const { url, init } = sampleRequest(spec, op, baseUrl);
    const response = await fetch(url, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the check below says so
    }
    const problems = response.status === 200 ? check(op.operationId, 200, body) : [`status ${response.status}: ${text.slice(0, 200)}`];
    verdicts[op.operationId] = problems.length === 0 ? "200, as the spec allows" : problems.join("; ");
  }
  return verdicts;
}

describe("msw with @mswjs/source", () => {
  it("makes a handler for every operation, answering as the spec allows", async () => {
    const handlers = await fromOpenApi(document30());
    const server = setupServer(...handlers);
    // A request no handler takes is an error, not a pass-through to the network.
    server.listen({ onUnhandledRequest: "error" });
    try {
      expect(await askEveryOperation(document30().servers[0].url)).toEqual(everyOperation);
    } finally {
      server.close();
    }
  });
});

describe("openapi-backend", () => {
  // It validates the document when it loads it (with its own OpenAPI 3.0 schema) and compiles a
  // validator per operation; formats are checked as a user adds them, with ajv-formats.
  const backend = async () => {
    const api = new OpenAPIBackend({ definition: document30(), strict: true, customizeAjv: (ajv) => ajvFormats.default(ajv) as unknown as typeof ajv });
    await api.init();
    return api;
  };
  let loading: ReturnType<typeof backend> | undefined;
  const loaded = () => (loading ??= backend());

  it("loads the document and knows every operation", async () => {
    const api = await loaded();
    expect(api.getOperations().map((o) => o.operationId).sort()).toEqual(operationIds);
  });

  it("accepts each operation's sample request and refuses requests that break the spec", async () => {
    const api = await loaded();
    const verdicts: Record<string, unknown> = {};
    for (const op of operations) {
      const params = parametersOf(spec, op);
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(VALID_PARAMS[name]!));
      const query = Object.fromEntries(params.filter((p) => p.in === "query" && p.required).map((p) => [p.name, VALID_PARAMS[p.name]!]));
      const [example] = requestExamples(spec, op);
      const headers: Record<string, string> = example ? { "content-type": example.mediaType } : {};
      const result = api.validateRequest({ method: op.method, path, query, headers, body: example?.value }, op.operationId);
      verdicts[op.operationId] = result.valid || result.errors;
    }
    expect(verdicts).toEqual(Object.fromEntries(operationIds.map((id) => [id, true])));
    const deploy = { name: "m", hyperParameters: { temperature: 3, maxTokens: 1, topP: 1, topK: 1 }, deviceType: "g5.xlarge" };
    const json = { "content-type": "application/json" };
    expect(api.validateRequest({ method: "post", path: "/api/public/models/cm-1/deploy", query: { modelType: "openSource" }, headers: json, body: deploy }).valid).toBe(false);
    expect(api.validateRequest({ method: "put", path: `/api/public/connections/${VALID_PARAMS.connectionId}`, headers: json, body: { connectionName: "c" } }).valid).toBe(false);
  });

  it("mocks an answer the spec allows for every operation", async () => {
    const api = await loaded();
    const verdicts: Record<string, string> = {};
    for (const op of operations) {
      const { status, mock } = api.mockResponseForOperation(op.operationId);
      const problems = status === 200 ? check(op.operationId, 200, mock) : [`status ${status}`];
      verdicts[op.operationId] = problems.length === 0 ? "200, as the spec allows" : problems.join("; ");
    }
    expect(verdicts).toEqual(everyOperation);
  });
});

describe("Mockoon (what its command line's import and start do)", () => {
  it("imports every operation as a route, and serves answers the spec allows", async () => {
    const environment = await new OpenApiConverter().convertFromOpenAPI(document30Text);
    if (!environment) throw new Error("Mockoon converted nothing");
    expect(environment.routes.map((r: { method: string; endpoint: string }) => `${r.method} /${r.endpoint}`).sort()).toEqual(
      operations.map((op) => `${op.method} ${op.path.replace(/\{([^}]+)\}/g, ":$1")}`).sort(),
    );
    const server = new MockoonServer({ ...environment, port: 0, hostname: "127.0.0.1" } as typeof environment, { enableAdminApi: false });
    await new Promise<void>((started, failed) => {
      server.once("started", () => started());
      server.once("error", (code, error) => failed(error ?? new Error(code)));
      server.start();
    });
    try {
      const { port } = (server as unknown as { serverInstance: { address(): { port: number } } }).serverInstance.address();
      expect(await askEveryOperation(`http://127.0.0.1:${port}`)).toEqual(everyOperation);
    } finally {
      await new Promise<void>((stopped) => {
        server.once("stopped", () => stopped());
        server.stop();
      });
    }
  });
});
