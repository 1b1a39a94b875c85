// The state behind each resource: what one call leaves, the next one sees.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, eachTransport, fetchOf, upload, withMock } from "./helpers.js";

const jobId = (body: Record<string, string>) => body.dockStatusId ?? body["dock-statusId"]!;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const START = { fileContext: "model", totalChunks: 3, fileExtension: "tar", fileName: "m.tar", fileSize: 9 };

eachTransport(() => {
  describe("connections", () => {
    it("lists what was created, filtered by provider and status and cut by limit, and keeps updates", async () => {
      await withMock({}, async (mock) => {
        const one = (
          await call(mock, "POST", "/api/public/connections", {
            provider: "PROVIDER_ONE",
            connectionName: "one",
            model: "m",
            fields: { API_KEY: "sk-one-0123456789abcdef" },
          })
        ).body;
        await call(mock, "POST", "/api/public/connections", {
          provider: "PROVIDER_THREE",
          connectionName: "three",
          model: "m",
          modelType: "EASY_INTEGRATION",
          fields: { API_KEY: "sk-three-0123456789abcdef" },
        });
        await call(mock, "POST", "/api/public/connections", { provider: "API", connectionName: "draft", endpointUrl: "https://e.invalid", mapProvider: "geminiModel", status: "DRAFT" });
        expect((await call(mock, "GET", "/api/public/connections")).body.total).toBe(3);
        const active = (await call(mock, "GET", "/api/public/connections?status=ACTIVE&limit=1")).body;
        expect(active).toMatchObject({ total: 2, connections: [{ connectionName: "one" }] });
        expect(active.connections[0].fields).toBeUndefined();
        expect((await call(mock, "GET", "/api/public/connections?provider=PROVIDER_THREE")).body.connections.map((c: { connectionName: string }) => c.connectionName)).toEqual(["three"]);

        const updated = (await call(mock, "PATCH", `/api/public/connections/${one.connectionId}`, { fields: { API_KEY: "sk-rotated-abcdefghijklmnop" } })).body;
        expect(updated.fields.API_KEY).toBe("sk-r********************mnop");
        expect((await call(mock, "GET", `/api/public/connections/${one.connectionId}`)).body.fields.API_KEY).toBe("sk-r********************mnop");
        // A partial custom update of a provider connection is what the service refuses.
        expect((await call(mock, "PATCH", `/api/public/connections/${one.connectionId}`, { connectionName: "x" })).status).toBe(400);
        expect(
          (
            await call(mock, "PUT", `/api/public/connections/${one.connectionId}`, {
              provider: "API",
              connectionName: "x",
              endpointUrl: "https://e.invalid",
              mapProvider: "openAIModel",
            })
          ).status,
        ).toBe(400);
      });
    });

    it("finalizes a draft custom connection with PUT and clears what the replacement leaves out", async () => {
      await withMock({}, async (mock) => {
        const draft = (
          await call(mock, "POST", "/api/public/connections", {
            provider: "API",
            connectionName: "d",
            endpointUrl: "https://e.invalid",
            mapProvider: "openAIModel",
            bodyTab: "json",
            status: "DRAFT",
          })
        ).body;
        const final = (
          await call(mock, "PUT", `/api/public/connections/${draft.connectionId}`, {
            provider: "API",
            connectionName: "d",
            endpointUrl: "https://f.invalid",
            mapProvider: "openAIModel",
            status: "FINALIZED",
          })
        ).body;
        expect(final).toMatchObject({ status: "FINALIZED", endpointUrl: "https://f.invalid" });
        const read = (await call(mock, "GET", `/api/public/connections/${draft.connectionId}`)).body;
        expect(read.bodyTab).toBeUndefined();
        expect(read.createdOn).toBe(draft.createdOn);
      });
    });

    it("replaces a custom connection sent without its provider, which stays API", async () => {
      await withMock({}, async (mock) => {
        const draft = (
          await call(mock, "POST", "/api/public/connections", {
            provider: "API",
            connectionName: "d",
            endpointUrl: "https://e.invalid",
            payload: {},
            outputPath: "text",
            status: "DRAFT",
          })
        ).body;
        const replaced = await call(mock, "PUT", `/api/public/connections/${draft.connectionId}`, {
          connectionName: "d2",
          endpointUrl: "https://f.invalid",
          payload: { q: "{{prompt}}" },
          outputPath: "text",
          status: "FINALIZED",
        });
        expect(replaced.status).toBe(200);
        expect(replaced.body).toMatchObject({ provider: "API", connectionName: "d2", status: "FINALIZED" });
        expect((await call(mock, "GET", `/api/public/connections/${draft.connectionId}`)).body.provider).toBe("API");
      });
    });
  });

  describe("chunks", () => {
    const FILTER = {
      operand: "and",
      conditions: [
        { operand: "or", conditions: [{ key: "sourceName", op: "equals", value: "handbook.pdf" }, { key: "sourceName", op: "equals", value: "faq.pdf" }] },
        { operand: "or", conditions: [{ key: "recordTitle", op: "equals", value: "Travel policy" }, { key: "recordTitle", op: "equals", value: "Expense policy" }] },
      ],
    };

    it("filters with the and/or tree, pages with real cursors both ways, and sees deletions", async () => {
      await withMock({ chunkPageSize: 2 }, async (mock) => {
        const list = (body: object) => call(mock, "POST", "/api/public/bot/app/chunk/list", body);
        const first = (await list({ filters: FILTER, enableFilters: true })).body;
        expect(first).toMatchObject({ count: 2, hasMore: true, prevCursor: null });
        const second = (await list({ filters: FILTER, enableFilters: true, nextCursor: first.nextCursor })).body;
        const third = (await list({ filters: FILTER, enableFilters: true, nextCursor: second.nextCursor })).body;
        expect(third).toMatchObject({ count: 1, hasMore: false, nextCursor: null });
        const ids = [...first.chunks, ...second.chunks, ...third.chunks].map((c: { chunkId: string }) => c.chunkId);
        expect(new Set(ids).size).toBe(5); // the "Security" chunk is filtered out
        expect((await list({ filters: FILTER, enableFilters: true, prevCursor: second.prevCursor })).body.chunks).toEqual(first.chunks);
        // Without enableFilters the filter is not applied, as the document says.
        expect((await list({ filters: FILTER })).body.hasMore).toBe(true);
        // A cursor of other filters is refused, not misread.
        expect((await list({ nextCursor: first.nextCursor })).status).toBe(400);

        const deleted = (await call(mock, "POST", "/api/public/bot/app/search/deleteChunksById", { chunkId: [ids[2], ids[3], "chk-nope", ids[2]] })).body;
        expect(deleted).toEqual({ Status: "Success", Data: { totalRequested: 3, totalDeleted: 2, totalNotFound: 1, notFoundChunkIds: ["chk-nope"] } });
        // The cursor after the first page still leads on, past the deleted chunks.
        const after = (await list({ filters: FILTER, enableFilters: true, nextCursor: first.nextCursor })).body;
        expect(after.chunks.map((c: { chunkId: string }) => c.chunkId)).toEqual([ids[4]]);
        // The document's own answer to a delete without ids.
        expect(await call(mock, "POST", "/api/public/bot/app/search/deleteChunksById", {})).toMatchObject({ status: 400, body: { message: "One or more chunkIds don't exist" } });
        expect((await call(mock, "POST", "/api/public/bot/app/search/deleteChunksById", { chunkId: ["bad-id"] })).status).toBe(422);
        // Another application starts from the seed.
        expect((await call(mock, "POST", "/api/public/bot/other/chunk/list", { filters: FILTER, enableFilters: true })).body.hasMore).toBe(true);
      });
    });

    it("seeds from the caller's chunks and updates them, a missing field keeping its value", async () => {
      await withMock({ chunks: [{ chunkId: "chk-a", chunkText: "x", chunkTitle: "t", pageNumber: 1 }] }, async (mock) => {
        await call(mock, "POST", "/api/public/bot/app/chunk/chk-a", { chunkText: "y", pageNumber: "4" });
        const [chunk] = (await call(mock, "POST", "/api/public/bot/app/chunk/list", {})).body.chunks;
        expect(chunk).toMatchObject({ _id: "chk-a", chunkId: "chk-a", chunkText: "y", chunkTitle: "t", pageNumber: 4 });
      });
    });
  });

  describe("import sessions", () => {
    it("completes once chunks 0..n-1 are in and add up to fileSize, a re-sent chunk replacing the first", async () => {
      await withMock({}, async (mock) => {
        const session = (await call(mock, "POST", "/api/public/files/session/start", START)).body;
        const path = `/api/public/files/session/${session.sessionId}`;
        await upload(mock, path, { file: new Blob(["aaa"]), chunkNumber: "0" });
        await upload(mock, path, { file: new Blob(["ccc"]), chunkNumber: "2" });
        const early = await call(mock, "POST", `${path}/complete`);
        expect(early.status).toBe(400);
        expect(early.body.errors[0].msg).toMatch(/chunks 1 of 3/);
        await upload(mock, path, { file: new Blob(["bbbb"]), chunkNumber: "1" });
        expect((await call(mock, "POST", `${path}/complete`)).body.errors[0].msg).toMatch(/10 bytes but fileSize is 9/);
        await upload(mock, path, { file: new Blob(["bbb"]), chunkNumber: "1" });
        expect((await upload(mock, path, { file: new Blob(["x"]), chunkNumber: "3" })).status).toBe(400);
        const done = await call(mock, "POST", `${path}/complete`);
        expect(done.body).toMatchObject({ modelId: session.modelId, jobType: "MODELS", action: "IMPORT", status: "IN_PROGRESS" });
        expect((await call(mock, "POST", `${path}/complete`)).status).toBe(400);
      });
    });

    it("refuses a totalChunks over the mock's limit, and completes a session at the limit without counting every chunk", async () => {
      await withMock({}, async (mock) => {
        const refused = await call(mock, "POST", "/api/public/files/session/start", { ...START, totalChunks: 1e9 });
        expect(refused.status).toBe(400);
        expect(refused.body.errors[0].msg).toBe("totalChunks 1000000000 is over this mock's limit of 100000 chunks per session");
        expect(mock.state().importSessions).toBe(0);
        const largest = (await call(mock, "POST", "/api/public/files/session/start", { ...START, totalChunks: 100_000 })).body;
        const early = await call(mock, "POST", `/api/public/files/session/${largest.sessionId}/complete`);
        expect(early.body.errors[0].msg).toMatch(/^Import is incomplete: chunks 0, 1, .*\(100000 in all\) of 100000/);
      });
    });

    it("enforces expiry at expirationDate", async () => {
      await withMock({ sessionTtlMs: 60_000 }, async (mock) => {
        const session = (await call(mock, "POST", "/api/public/files/session/start", START)).body;
        expect(Date.parse(session.expirationDate) - Date.now()).toBeGreaterThan(50_000);
        expect(mock.expireSession(session.sessionId)).toBe(1);
        const refused = await upload(mock, `/api/public/files/session/${session.sessionId}`, { file: new Blob(["aaa"]), chunkNumber: "0" });
        expect(refused.status).toBe(400);
        expect(refused.body.errors[0].msg).toMatch(/expired/);
        expect((await call(mock, "POST", "/api/public/files/session/00000000-0000-4000-8000-000000000000/complete")).status).toBe(404);
      });
    });

    it("answers a bulkImport session with a file id that tool import takes", async () => {
      await withMock({ jobs: { polls: 0 } }, async (mock) => {
        const session = (await call(mock, "POST", "/api/public/files/session/start", { ...START, fileContext: "bulkImport", totalChunks: 1, fileSize: 2 })).body;
        expect(session.modelId).toBeUndefined();
        await upload(mock, `/api/public/files/session/${session.sessionId}`, { file: new Blob(["{}"]), chunkNumber: "0" });
        const file = (await call(mock, "POST", `/api/public/files/session/${session.sessionId}/complete`)).body;
        expect(file.fileId).toMatch(/^[0-9a-f]{24}$/);
        expect((await call(mock, "POST", "/api/public/tools/import", { toolDataFileId: file.fileId, flowDataFileId: file.fileId, toolName: "t" })).status).toBe(200);
      });
    });
  });

  describe("jobs", () => {
    async function importedModel(mock: Parameters<Parameters<typeof withMock>[1]>[0]) {
      const session = (await call(mock, "POST", "/api/public/files/session/start", { ...START, totalChunks: 1, fileSize: 3 })).body;
      await upload(mock, `/api/public/files/session/${session.sessionId}`, { file: new Blob(["abc"]), chunkNumber: "0" });
      const job = (await call(mock, "POST", `/api/public/files/session/${session.sessionId}/complete`)).body;
      return { modelId: session.modelId as string, job: jobId(job) };
    }
    const DEPLOY = { name: "m", hyperParameters: { temperature: 1, maxTokens: 10, topP: 1, topK: 5 }, deviceType: "g5.xlarge" };

    it("advance after the configured polls, and only an imported model deploys", async () => {
      await withMock({ jobs: { polls: 2 } }, async (mock) => {
        const { modelId, job } = await importedModel(mock);
        const deploy = (path: string) => call(mock, "POST", path, DEPLOY);
        expect((await deploy(`/api/public/models/cm-never-imported/deploy?modelType=openSource`)).status).toBe(404);
        expect((await deploy(`/api/public/models/${modelId}/deploy?modelType=openSource`)).body.errors[0].msg).toMatch(/Ready to Deploy/);
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await call(mock, "GET", `/api/public/dock-status/${job}`)).body.status);
        expect(statuses).toEqual(["IN_PROGRESS", "IN_PROGRESS", "SUCCESS"]);
        expect((await deploy(`/api/public/models/${modelId}/deploy?modelType=openSource`)).body.status).toBe("IN_PROGRESS");
      });
    });

    it("advance once the configured milliseconds have passed, whatever the polls", async () => {
      await withMock({ jobs: { ms: 60_000 } }, async (mock) => {
        const { job } = await importedModel(mock);
        for (let i = 0; i < 3; i++) expect((await call(mock, "GET", `/api/public/dock-status/${job}`)).body.status).toBe("IN_PROGRESS");
        // No sleeping in a unit test: a zero wait means the job's time has come.
        mock.setJobTiming({ ms: 0 });
        expect((await call(mock, "GET", `/api/public/dock-status/${job}`)).body.status).toBe("SUCCESS");
      });
    });

    it("mix both spellings of the job id, the same way for the same seed", async () => {
      const spellings = async (seed: number) =>
        withMock({ seed }, async (mock) => {
          const keys = [];
          for (let i = 0; i < 12; i++) {
            const body = (await call(mock, "POST", "/api/public/guardrails/undeploy", { name: "Toxicity" })).body;
            keys.push("dockStatusId" in body ? "dockStatusId" : "dock-statusId");
          }
          return keys;
        });
      const first = await spellings(7);
      expect(new Set(first)).toEqual(new Set(["dockStatusId", "dock-statusId"]));
      expect(await spellings(7)).toEqual(first);
    });

    it("fail on demand and answer a guardrail deployed twice as the service would", async () => {
      await withMock({ jobs: { polls: 0 } }, async (mock) => {
        mock.failNextJob();
        const { job } = await importedModel(mock);
        expect((await call(mock, "GET", `/api/public/dock-status/${job}`)).body.status).toBe("FAILED");
        expect((await call(mock, "POST", "/api/public/guardrails/deploy", { name: "Relevance" })).body.status).toBe("SUCCESS");
        const twice = await call(mock, "POST", "/api/public/guardrails/deploy", { name: "Relevance" });
        expect(twice.status).toBe(400);
        expect(twice.body.errors[0].msg).toBe("Guardrail Relevance is already deployed");
      });
    });
  });

  describe("files, tools and attachments", () => {
    it("import a tool only from uploaded ids, export it to a download the mock serves, and keep digests", async () => {
      await withMock({ jobs: { polls: 0 } }, async (mock) => {
        const file = (await upload(mock, "/api/public/files", { file: new Blob(["tool data"]), fileContext: "bulkImport" })).body;
        expect(
          (await call(mock, "POST", "/api/public/tools/import", { toolDataFileId: file.fileId, flowDataFileId: "000000000000000000000000", toolName: "t" }))
            .body.errors[0].msg,
        ).toMatch(/flowDataFileId/);
        const tool = (await call(mock, "POST", "/api/public/tools/import", { toolDataFileId: file.fileId, flowDataFileId: file.fileId, toolName: "t" })).body;
        expect((await call(mock, "POST", `/api/public/tools/${tool.toolId}/export?flowId=f`)).status).toBe(400); // still importing
        await call(mock, "GET", `/api/public/dock-status/${jobId(tool)}`);
        const exported = (await call(mock, "POST", `/api/public/tools/${tool.toolId}/export?flowId=f`)).body;
        expect(exported.response.downloadUrl).toBe(`${mock.url}/__mock/downloads/${jobId(exported)}`);
        expect((await fetchOf(mock)(exported.response.downloadUrl)).status).toBe(409);
        const done = (await call(mock, "GET", `/api/public/dock-status/${jobId(exported)}`)).body;
        expect(done).toMatchObject({ status: "SUCCESS", percentageComplete: 100 });
        const manifest = await (await fetchOf(mock)(done.response.downloadUrl)).json();
        expect(manifest.files.toolData).toMatchObject({ size: 9, sha256: sha256("tool data") });
        expect((await call(mock, "POST", `/api/public/tools/${tool.toolId}/deploy`, { isAsync: true })).body.status).toBe("IN_PROGRESS");
        expect((await call(mock, "POST", "/api/public/tools/a-unknown/deploy", { isAsync: false })).status).toBe(404);
      });
    });

    it("upload and delete attachments per app and environment", async () => {
      await withMock({}, async (mock) => {
        const base = "/api/v2/apps/app/environments/dev/attachments";
        const stored = (await upload(mock, `${base}/upload`, { file: new File(["%PDF-1.7"], "invoice.pdf"), userReference: "u-42", uploadType: "runtime" })).body;
        expect(stored).toMatchObject({ fileName: "invoice.pdf", filePath: "attachments/u-42/invoice.pdf", fileSize: 8, mimeType: "application/pdf", extension: "pdf" });
        expect((await call(mock, "DELETE", `/api/v2/apps/app/environments/prod/attachments/${stored.fileId}`)).status).toBe(404);
        expect((await call(mock, "DELETE", `${base}/${stored.fileId}`)).body).toEqual({ message: "File deleted successfully", success: "true", fileId: stored.fileId });
        expect((await call(mock, "DELETE", `${base}/${stored.fileId}`)).status).toBe(404);
      });
    });
  });
});
