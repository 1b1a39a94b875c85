// The public client over an injected fetch: each wrapper sends the request the spec describes,
// refuses bad input before sending, and returns normalised results with the raw one reachable.
import { describe, expect, it } from "vitest";
import { buildPlatformClient as createPlatformClient } from "../../src/wrappers/client.js";
import { and, eq, or } from "../../src/wrappers/listing/filters.js";
import { AbortError } from "../../src/kernel/errors.js";
import { fakeFetch, json, type Handler } from "../support/fake-fetch.js";
import { rejectedValidationError } from "../support/validation-issues.js";

const API_KEY = "key-0123456789abcdef";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
const CN = "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10";
const job = (extra: object = {}) => ({ "dock-statusId": "ds-1", jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS", ...extra });

function setup(handler: Handler = () => json(job())) {
  const { fetch, sent } = fakeFetch(handler);
  const client = createPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY, jwt: JWT, fetch }, { sleep: async () => {}, random: () => 0 });
  return { client, sent };
}
const deploySettings = {
  name: "support-model",
  hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 },
  deviceType: "g5.xlarge" as const,
};

describe("typed calls send what the spec describes", () => {
  it("connections: list with filters, get, create per provider, update", async () => {
    const { client, sent } = setup(() => json({ connections: [], total: 0, provider: "PROVIDER_ONE" }));
    await client.connections.list({ provider: "PROVIDER_TWO", status: "ACTIVE", limit: 5 });
    await client.connections.get(CN);
    await client.connections.create({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-new-key-value" } });
    await client.connections.update(CN, { fields: { API_KEY: "sk-rotated-value" } });
    expect(sent.map((s) => `${s.method} ${s.path}${new URL(s.url).search}`)).toEqual([
      "GET /api/public/connections?provider=PROVIDER_TWO&status=ACTIVE&limit=5",
      `GET /api/public/connections/${CN}`,
      "POST /api/public/connections",
      `PATCH /api/public/connections/${CN}`,
    ]);
    expect(JSON.parse(sent[3]!.body)).toEqual({ fields: { API_KEY: "sk-rotated-value" } });
  });

  it("updates a custom API connection with a partial body and replaces one whole (update-api-connection)", async () => {
    const { client, sent } = setup(() => json({ connectionId: CN, provider: "API", connectionName: "c", status: "FINALIZED", modifiedOn: "2025-04-03T09:12:44.102Z" }));
    await client.connections.update(CN, { connectionName: "renamed", llmFeatures: { streaming: false } });
    const finalized = { provider: "API" as const, connectionName: "c", endpointUrl: "https://x.invalid", mapProvider: "openAIModel" as const, status: "FINALIZED" as const };
    await client.connections.replace(CN, finalized);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`PATCH /api/public/connections/${CN}`, `PUT /api/public/connections/${CN}`]);
    expect(JSON.parse(sent[0]!.body)).toEqual({ connectionName: "renamed", llmFeatures: { streaming: false } });
    expect(JSON.parse(sent[1]!.body)).toEqual(finalized);
  });

  it("models: deploy with modelType and the table's spelling, undeploy; both normalised jobs", async () => {
    const { client, sent } = setup((_, s) => json(s.path.endsWith("undeploy") ? job({ action: "UNDEPLOY", status: "SUCCESS" }) : job()));
    const deployed = await client.models.deploy("cm-1", { ...deploySettings, isDeployedPreviously: true }, { modelType: "fineTune" });
    const undeployed = await client.models.undeploy("cm-1");
    expect(sent[0]!.url).toMatch(/\/api\/public\/models\/cm-1\/deploy\?modelType=fineTune$/);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ isDeployedPreviously: true });
    expect(deployed).toMatchObject({ dockStatusId: "ds-1", status: "IN_PROGRESS", raw: job() });
    expect(undeployed).toMatchObject({ dockStatusId: "ds-1", action: "UNDEPLOY", status: "SUCCESS" });
  });

  it("guardrails by name, tools deploy/undeploy/export/import", async () => {
    const { client, sent } = setup(() => json(job({ jobType: "TOOLS", toolId: "a-1", response: { downloadURL: " https://x.invalid/e.zip " } })));
    await client.guardrails.deploy("Ban topics");
    await client.guardrails.undeploy("Prompt injection");
    await client.tools.deploy("a-1", { isAsync: true });
    await client.tools.undeploy("a-1");
    const exported = await client.tools.export("a-1", { flowId: "flow-9" });
    await client.tools.import({ toolName: "t", toolDataFileId: "f1", flowDataFileId: "f2" });
    expect(sent.map((s) => `${s.method} ${s.path}${new URL(s.url).search} ${s.body}`)).toEqual([
      'POST /api/public/guardrails/deploy {"name":"Ban topics"}',
      'POST /api/public/guardrails/undeploy {"name":"Prompt injection"}',
      'POST /api/public/tools/a-1/deploy {"isAsync":true}',
      "POST /api/public/tools/a-1/undeploy ",
      "POST /api/public/tools/a-1/export?flowId=flow-9 ",
      'POST /api/public/tools/import {"toolName":"t","toolDataFileId":"f1","flowDataFileId":"f2"}',
    ]);
    expect(exported.downloadUrl).toBe("https://x.invalid/e.zip");
  });

  it("waits for a job when asked, through Get dock status", async () => {
    let polls = 0;
    const { client, sent } = setup((_, s) => {
      if (s.path.startsWith("/api/public/dock-status/")) return json({ _id: "ds-1", jobType: "GUARDRAILS", action: "DEPLOY", status: ++polls < 3 ? "IN_PROGRESS" : "SUCCESS" });
      return json(job({ jobType: "GUARDRAILS" }));
    });
    const done = await client.guardrails.deploy("Toxicity", { wait: { minDelayMs: 1, maxDelayMs: 2 } });
    expect(done.status).toBe("SUCCESS");
    expect(sent.map((s) => s.path)).toEqual(["/api/public/guardrails/deploy", ...Array(3).fill("/api/public/dock-status/ds-1")]);
  });

  it.each(["the call's signal", "the wait's own signal"] as const)("a wait with a signal of its own stops when %s aborts", async (which) => {
    const call = new AbortController();
    const own = new AbortController();
    const { client, sent } = setup((_, s) => {
      // The second poll aborts one of the two; the waiter must stop before a third.
      if (s.path.startsWith("/api/public/dock-status/") && sent.length === 3) (which === "the call's signal" ? call : own).abort("enough");
      return json(job({ jobType: "GUARDRAILS" }));
    });
    const error = await client.guardrails
      .deploy("Toxicity", { signal: call.signal, wait: { minDelayMs: 1, maxDelayMs: 2, signal: own.signal } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(sent.length).toBe(3);
  });

  it("chunks: list follows cursors with the filter tree, update, delete batched with summed totals", async () => {
    const pages = [
      { count: 2, chunks: [{ chunkId: "chk-1", pageNumber: "3" }, { chunkId: "chk-2" }], hasMore: true, nextCursor: "c1" },
      { count: 1, chunks: [{ chunkId: "chk-3", pageNumber: 4 }], hasMore: false, nextCursor: null },
    ];
    let page = 0;
    const { client, sent } = setup((_, s) => {
      if (s.path.endsWith("/chunk/list")) return json(pages[page++]);
      if (s.path.endsWith("/deleteChunksById")) {
        const ids = JSON.parse(s.body).chunkId as string[];
        return json({ Status: "Success", Data: { totalRequested: ids.length, totalDeleted: ids.length - 1, totalNotFound: 1 } });
      }
      return json({ status_code: 200, updated_documents: 1 });
    });
    const filters = and(or(eq("sourceName", "a.pdf"), eq("sourceName", "b.pdf")), eq("recordTitle", "Travel"));
    const chunks = [];
    for await (const chunk of client.chunks.list("st-1", { filters })) chunks.push(chunk);
    expect(chunks.map((c) => [c.chunkId, c.pageNumber])).toEqual([["chk-1", 3], ["chk-2", undefined], ["chk-3", 4]]);
    expect(JSON.parse(sent[0]!.body)).toEqual({ filters, enableFilters: true });
    expect(JSON.parse(sent[1]!.body)).toEqual({ filters, enableFilters: true, nextCursor: "c1" });
    expect(sent[0]!.headers.auth).toBe(JWT);

    await client.chunks.update("st-1", "chk-1", { chunkText: "new", pageNumber: 3 });
    const ids = Array.from({ length: 250 }, (_, i) => `chk-${i}`);
    const totals = await client.chunks.delete("st-1", ids);
    const deletes = sent.filter((s) => s.path.endsWith("/deleteChunksById"));
    expect(deletes.map((s) => JSON.parse(s.body).chunkId.length)).toEqual([100, 100, 50]);
    expect(totals).toMatchObject({ totalRequested: 250, totalDeleted: 247, totalNotFound: 3 });
  });

  it("attachments: multipart upload with uploadType runtime, delete with or without session fields", async () => {
    const { client, sent } = setup(() => json({ fileId: "f-1", fileName: "a.pdf", success: "true" }));
    await client.attachments.upload("app", "dev", { file: new Blob(["%PDF"]), fileName: "a.pdf", userReference: "user-42" });
    await client.attachments.delete("app", "dev", "f-1");
    await client.attachments.delete("app", "dev", "f-1", { sessionReference: "s-ref" });
    expect(sent[0]!.path).toBe("/api/v2/apps/app/environments/dev/attachments/upload");
    expect(sent[0]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]!.body).toMatch(/name="file"; filename="a.pdf"[\s\S]*%PDF[\s\S]*name="userReference"[\s\S]*user-42[\s\S]*name="uploadType"[\s\S]*runtime/);
    expect([sent[1]!.method, sent[1]!.body, sent[1]!.headers["content-type"]]).toEqual(["DELETE", "", undefined]);
    expect(sent[2]!.body).toMatch(/name="sessionReference"[\s\S]*s-ref/);
  });

  it("downloadExport fetches the address without any platform credential", async () => {
    const { client } = setup();
    const seen: Request[] = [];
    const download = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response("zip-bytes");
    };
    const response = await client.tools.downloadExport(
      { dockStatusId: "ds-1", status: "SUCCESS", downloadUrl: "https://files.invalid/e.zip", raw: {} },
      { fetch: download as typeof fetch },
    );
    expect(await response.text()).toBe("zip-bytes");
    expect([...seen[0]!.headers.keys()].filter((h) => ["x-api-key", "auth", "authorization"].includes(h))).toEqual([]);
  });
});

describe("bad input is refused before anything is sent", () => {
  const cases: Array<[string, (c: ReturnType<typeof setup>["client"]) => Promise<unknown>, string, string]> = [
    [
      "temperature 3",
      (c) =>
        c.models.deploy("cm-1", { ...deploySettings, hyperParameters: { ...deploySettings.hyperParameters, temperature: 3 } }, { modelType: "openSource" }),
      "hyperParameters.temperature",
      "maximum",
    ],
    [
      "topK 0",
      (c) => c.models.deploy("cm-1", { ...deploySettings, hyperParameters: { ...deploySettings.hyperParameters, topK: 0 } }, { modelType: "openSource" }),
      "hyperParameters.topK",
      "minimum",
    ],
    ["unknown guardrail", (c) => c.guardrails.deploy("Profanity" as never), "name", "enum"],
    ["model id without cm-", (c) => c.models.undeploy("4e5f"), "modelId", "pattern"],
    ["empty chunk id list", (c) => c.chunks.delete("st-1", []), "chunkId", "minItems"],
    [
      "PROVIDER_TWO without its fields",
      (c) =>
        c.connections.create({ provider: "PROVIDER_TWO", connectionName: "c", model: "m", modelType: "EASY_INTEGRATION", fields: { API_KEY: "k" } } as never),
      "fields.api_version",
      "required",
    ],
    ["unknown filter operand", async (c) => c.chunks.list("st-1", { filters: { operand: "xor", conditions: [eq("sourceName", "a")] } as never }), "filters.operand", "enum"],
  ];
  it.each(cases)("%s", async (_, act, field, rule) => {
    const { client, sent } = setup();
    const error = await rejectedValidationError(() => act(client));
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    expect(error.message).toContain(field);
    expect(sent).toHaveLength(0);
  });
});
