// The flows users run against the stateful mock, through the package's public client: each
// finishes, each leaves the state the next call sees, and each ends byte-exact. The same flows
// run again with faults on: the client's retries get through, and nothing is counted twice. All
// of it over both transports: the in-process mock's fetch and the HTTP mock.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, createPlatformClient, eq, ImportError, JobFailedError, or } from "../../src/node.js";
import { createStatefulMock, startMock, type InProcessMock, type StatefulMockServer } from "../../src/mock/start-mock.js";
import { chunkDigests, DEPLOY_SETTINGS, QUICK_WAIT, seededBytes, sha256, tempFile } from "./flow-helpers.js";

const API_KEY = "flow-api-key-0123456789";
const JWT = "flow.jwt.token";
const CHUNK = 64 * 1024;
const OPTIONS = { seed: 11, jobs: { polls: 2 }, chunkPageSize: 4, apiKey: API_KEY, jwt: JWT };

let mock: StatefulMockServer | InProcessMock;
afterEach(async () => {
  if (!("fetch" in mock)) await mock.stop();
});

const client = (maxRetries = 2) =>
  createPlatformClient({ baseUrl: mock.url, apiKey: API_KEY, jwt: JWT, maxRetries, ...("fetch" in mock ? { fetch: mock.fetch } : {}) });

// The model's export, downloaded: the mock lists each imported chunk's size and sha256.
async function exportedModel(modelId: string) {
  const platform = client();
  const job = await platform.models.export(modelId, { wait: QUICK_WAIT });
  return (await platform.tools.downloadExport(job)).json();
}

describe.each(["in-process", "http"] as const)("over %s", (transport) => {
  beforeEach(async () => {
    mock = transport === "http" ? await startMock({ stateful: true, ...OPTIONS }) : createStatefulMock(OPTIONS);
  });

  describe.each([
    ["without faults", false],
    ["with faults on", true],
  ])("stateful mock flows through the client, %s", (_label, faults) => {
    beforeEach(() => {
      if (!faults) return;
      // Faults where the client may repeat a call (reads, chunk uploads, dock status, undeploys),
      // both before the request takes effect and after it (the answer lost on the way back).
      mock.inject({ operation: "uploadImportChunk", kind: "reset", rate: 0.25, after: true });
      mock.inject({ operation: "uploadImportChunk", kind: "503", rate: 0.15 });
      mock.inject({ operation: "getDockStatus", kind: "429", rate: 0.3, retryAfterSeconds: 0 });
      mock.inject({ operation: "getDockStatus", kind: "reset", rate: 0.1 });
      mock.inject({ operation: "listConnections", kind: "500", nth: 1 });
      mock.inject({ operation: "getConnection", kind: "reset", nth: 1, after: true });
      mock.inject({ operation: "listChunks", kind: "503", rate: 0.3 });
      mock.inject({ operation: "undeployModel", kind: "reset", nth: 1, after: true });
      mock.inject({ operation: "getDockStatus", kind: "slow", rate: 0.1, slowMs: 50 });
    });

    it("imports, waits, deploys, waits and undeploys a model, byte-exact", async () => {
      const bytes = seededBytes(10 * CHUNK + 123, 1);
      const file = tempFile("support-model.tar", bytes);
      try {
        const platform = client(6);
        const { modelId, job } = await platform.models.import({ source: file.path, chunkSize: CHUNK, concurrency: 4, wait: QUICK_WAIT });
        expect(job.status).toBe("SUCCESS");
        const deployed = await platform.models.deploy(modelId!, DEPLOY_SETTINGS, { modelType: "openSource", wait: QUICK_WAIT });
        expect(deployed).toMatchObject({ status: "SUCCESS", action: "DEPLOY", modelId });
        const undeployed = await platform.models.undeploy(modelId!, { wait: QUICK_WAIT });
        expect(undeployed.status).toBe("SUCCESS");
        // Ready again: a second deploy starts, which a model still deployed would refuse.
        expect((await platform.models.deploy(modelId!, DEPLOY_SETTINGS, { modelType: "openSource" })).status).toBe("IN_PROGRESS");

        const manifest = await exportedModel(modelId!);
        expect(manifest).toMatchObject({ modelId, fileName: "support-model.tar", fileSize: bytes.length });
        expect(manifest.chunks).toEqual(chunkDigests(bytes, CHUNK));
        expect(mock.state().models).toBe(1);
      } finally {
        file.remove();
      }
    });

    it("resumes an import that stopped part-way, uploading only the missing chunks", async () => {
      const bytes = seededBytes(6 * CHUNK, 2);
      // Every chunk upload after the second fails, more often than the client's retries allow.
      const failing = mock.inject({ operation: "uploadImportChunk", kind: "500", nth: Array.from({ length: 100 }, (_, i) => i + 3) });
      const platform = client(2);
      const error = await platform.models
        .import({ source: new Blob([new Uint8Array(bytes)]), fileName: "m.tar", chunkSize: CHUNK, concurrency: 1 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportError);
      mock.removeFault(failing);
      const resumed = await platform.models.resumeImport((error as ImportError).state as never, {
        source: new Blob([new Uint8Array(bytes)]),
        wait: QUICK_WAIT,
      });
      expect(resumed.job.status).toBe("SUCCESS");
      // The resume sent only what was missing: chunks 0 and 1 went through once, before the fault.
      const uploads = mock.requests({ operationId: "uploadImportChunk" }).filter((r) => r.status === 200 && !r.fault);
      const numbers = uploads.map((r) => (r.body as { chunkNumber: number }).chunkNumber);
      expect(numbers.filter((n) => n === 0 || n === 1).length).toBeLessThanOrEqual(faults ? 4 : 2);
      expect((await exportedModel(resumed.modelId!)).chunks).toEqual(chunkDigests(bytes, CHUNK));
    });

    it("creates a connection, lists it, updates it and reads it back, masked", async () => {
      const platform = client();
      const created = await platform.connections.create({
        provider: "PROVIDER_ONE",
        connectionName: "Support assistant",
        model: "model-large-2",
        fields: { API_KEY: "sk-provider-key-0123456789" },
      });
      const listed = await platform.connections.list({ provider: "PROVIDER_ONE", status: "ACTIVE" });
      expect(listed.total).toBe(1);
      expect(listed.connections[0]!.connectionId).toBe(created.connectionId);
      await platform.connections.update(created.connectionId, { fields: { API_KEY: "sk-rotated-key-abcdefghij" } });
      const read = await platform.connections.get(created.connectionId);
      expect(read.fields).toEqual({ API_KEY: "sk-r********************ghij" });
      expect(JSON.stringify(mock.requests())).not.toContain("sk-rotated-key-abcdefghij");
      expect((await platform.connections.list()).total).toBe(1); // created once, whatever was retried
    });

    it("saves a custom API connection as a draft, renames it, finalizes it and reads it back", async () => {
      const platform = client();
      const headers = [{ key: "Authorization", value: "Bearer custom-secret-0123456789" }];
      const draft = await platform.connections.create({
        provider: "API",
        connectionName: "Summariser",
        endpointUrl: "https://llm.invalid/v1",
        payload: { input: "{{prompt}}" },
        outputPath: "result.text",
        headers,
        status: "DRAFT",
      });
      expect(draft.status).toBe("DRAFT");
      await platform.connections.update(draft.connectionId, { connectionName: "Summariser (staging)" });
      const final = await platform.connections.replace(draft.connectionId, {
        provider: "API",
        connectionName: "Summariser",
        endpointUrl: "https://llm.invalid/v2",
        payload: {},
        outputPath: "text",
        headers,
        status: "FINALIZED",
      });
      expect(final).toMatchObject({ status: "FINALIZED", endpointUrl: "https://llm.invalid/v2" });
      const read = await platform.connections.get(draft.connectionId);
      expect(read).toMatchObject({ connectionName: "Summariser", status: "FINALIZED", headers: [{ key: "Authorization", value: "Bear********************6789" }] });
      expect(JSON.stringify(mock.requests())).not.toContain("custom-secret-0123456789");
    });

    it("seeds chunks, filters, pages, deletes and lists what is left", async () => {
      const seed = Array.from({ length: 11 }, (_, i) => ({
        chunkId: `chk-flow-${i}`,
        chunkText: `text ${i}`,
        sourceName: i % 2 === 0 ? "handbook.pdf" : "faq.pdf",
        recordTitle: i % 3 === 0 ? "Travel policy" : "Expense policy",
        pageNumber: String(i),
      }));
      mock.seedChunks(seed);
      const platform = client(4);
      const filters = and(or(eq("sourceName", "handbook.pdf"), eq("sourceName", "faq.pdf")), eq("recordTitle", "Expense policy"));
      const expected = seed.filter((c) => c.recordTitle === "Expense policy").map((c) => c.chunkId);
      const listed: string[] = [];
      for await (const chunk of platform.chunks.list("app-1", { filters })) {
        listed.push(chunk.chunkId);
        expect(typeof chunk.pageNumber).toBe("number");
      }
      expect(listed).toEqual(expected); // 7 chunks over two pages of 4, each once
      const totals = await platform.chunks.delete("app-1", [...listed.slice(0, 3), "chk-never-there"]);
      expect(totals).toMatchObject({ totalRequested: 4, totalDeleted: 3, totalNotFound: 1 });
      const left: string[] = [];
      for await (const chunk of platform.chunks.list("app-1")) left.push(chunk.chunkId);
      expect(left).toEqual(seed.map((c) => c.chunkId).filter((id) => !listed.slice(0, 3).includes(id)));
    });

    it("uploads files, imports a tool from them, exports it and downloads the export, byte-exact", async () => {
      const platform = client();
      const toolData = seededBytes(5000, 3);
      const flowData = Buffer.from(JSON.stringify({ flow: "order lookup" }));
      const job = await platform.tools.importFromFiles({
        toolName: "Order lookup",
        toolData: { source: new Blob([new Uint8Array(toolData)]), fileName: "tool-data.json" },
        flowData: { source: new Blob([new Uint8Array(flowData)]), fileName: "flow-data.json" },
        wait: QUICK_WAIT,
      });
      expect(job.status).toBe("SUCCESS");
      const exported = await platform.tools.export(job.toolId!, { flowId: "flow-1", wait: QUICK_WAIT });
      expect(exported.downloadUrl).toMatch(new RegExp(`^${mock.url}/__mock/downloads/ds-`));
      const first = await (await platform.tools.downloadExport(exported)).text();
      const again = await (await platform.tools.downloadExport(exported)).text();
      expect(again).toBe(first);
      const manifest = JSON.parse(first);
      expect(manifest.files.toolData).toMatchObject({ fileName: "tool-data.json", size: toolData.length, sha256: sha256(toolData) });
      expect(manifest.files.flowData).toMatchObject({ size: flowData.length, sha256: sha256(flowData) });
      expect(mock.state()).toMatchObject({ files: 2, tools: 1 });
      await expect(
        platform.tools.import({ toolDataFileId: "000000000000000000000000", flowDataFileId: "000000000000000000000000", toolName: "x" }),
      ).rejects.toMatchObject({ status: 400 });
    });

    it("reports a job the scenario made fail", async () => {
      mock.failNextJob();
      await expect(client().tools.deploy("a-none", { isAsync: true })).rejects.toMatchObject({ status: 404 });
      await expect(client().guardrails.deploy("Toxicity", { wait: QUICK_WAIT })).rejects.toBeInstanceOf(JobFailedError);
    });
  });
});
