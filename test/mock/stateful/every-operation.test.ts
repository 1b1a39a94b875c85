// Every operation of the spec, called on the stateful mock with a valid request, answers with a
// body that the spec's own response validator accepts, checked here apart from the mock's check.
// The list of calls must cover the spec's operations exactly, so a new operation fails this test
// until it is exercised.
import { describe, expect, it } from "vitest";
import { operations, type OperationId } from "../../../src/generated/operations.js";
import { responseValidators } from "../../../src/generated/response-validators.js";
import { call, eachTransport, upload, withMock, type Raw } from "./helpers.js";

const jobId = (body: Record<string, string>) => body.dockStatusId ?? body["dock-statusId"]!;

eachTransport(() => {
  describe("every operation on the stateful mock", () => {
    it("answers every operation with a body its response schema accepts", async () => {
      await withMock({ jobs: { polls: 0 } }, async (mock) => {
        const seen = new Map<OperationId, Raw>();
        const record = async (operationId: OperationId, raw: Promise<Raw>) => {
          const answer = await raw;
          expect(answer.status, `${operationId}: ${JSON.stringify(answer.body)}`).toBe(200);
          seen.set(operationId, answer);
          return answer.body;
        };

        const created = await record("createConnection", call(mock, "POST", "/api/public/connections", {
          provider: "API", connectionName: "Custom", endpointUrl: "https://llm.invalid/v1", payload: { input: "{{prompt}}" }, outputPath: "result.text", status: "DRAFT",
          headers: [{ key: "Authorization", value: "Bearer secret-header-value-123" }],
        }));
        const connectionPath = `/api/public/connections/${created.connectionId}`;
        await record("listConnections", call(mock, "GET", "/api/public/connections?provider=API&status=ACTIVE&limit=5"));
        await record("getConnection", call(mock, "GET", connectionPath));
        await record("updateConnection", call(mock, "PATCH", connectionPath, { connectionName: "Renamed" }));
        await record(
          "replaceConnection",
          call(mock, "PUT", connectionPath, {
            provider: "API",
            connectionName: "Final",
            endpointUrl: "https://llm.invalid/v2",
            payload: {},
            outputPath: "text",
            status: "FINALIZED",
          }),
        );

        const page = await record("listChunks", call(mock, "POST", "/api/public/bot/app-1/chunk/list", {}));
        await record("updateChunk", call(mock, "POST", `/api/public/bot/app-1/chunk/${page.chunks[0].chunkId}`, { chunkText: "new", pageNumber: "7" }));
        await record("deleteChunksById", call(mock, "POST", "/api/public/bot/app-1/search/deleteChunksById", { chunkId: [page.chunks[1].chunkId, "chk-missing"] }));

        const session = await record(
          "startImportSession",
          call(mock, "POST", "/api/public/files/session/start", { fileContext: "model", totalChunks: 1, fileExtension: "tar", fileName: "m.tar", fileSize: 3 }),
        );
        await record("uploadImportChunk", upload(mock, `/api/public/files/session/${session.sessionId}`, { file: new Blob(["abc"]), chunkNumber: "0" }));
        const imported = await record("completeImportSession", call(mock, "POST", `/api/public/files/session/${session.sessionId}/complete`));
        await record("getDockStatus", call(mock, "GET", `/api/public/dock-status/${jobId(imported)}`));
        const modelId = session.modelId;
        await record(
          "deployModel",
          call(mock, "POST", `/api/public/models/${modelId}/deploy?modelType=openSource`, {
            name: "m",
            hyperParameters: { temperature: 1, maxTokens: 10, topP: 1, topK: 5 },
            deviceType: "g5.xlarge",
          }),
        );
        await record("undeployModel", call(mock, "POST", `/api/public/models/${modelId}/undeploy`));
        await record("exportModel", call(mock, "POST", `/api/public/models/${modelId}/export`));

        const toolData = await record("uploadFile", upload(mock, "/api/public/files", { file: new Blob(["{}"]), fileContext: "bulkImport" }));
        const ids = { toolDataFileId: toolData.fileId, flowDataFileId: toolData.fileId, envVariablesFileId: toolData.fileId };
        const tool = await record("importTool", call(mock, "POST", "/api/public/tools/import", { ...ids, toolName: "Lookup" }));
        await call(mock, "GET", `/api/public/dock-status/${jobId(tool)}`);
        await record("importIntoTool", call(mock, "POST", `/api/public/tools/${tool.toolId}/import`, ids));
        await record("exportTool", call(mock, "POST", `/api/public/tools/${tool.toolId}/export?flowId=flow-1`));
        await record("deployTool", call(mock, "POST", `/api/public/tools/${tool.toolId}/deploy`, { isAsync: false }));
        await record("undeployTool", call(mock, "POST", `/api/public/tools/${tool.toolId}/undeploy`));

        await record("deployGuardrail", call(mock, "POST", "/api/public/guardrails/deploy", { name: "Toxicity" }));
        await record("undeployGuardrail", call(mock, "POST", "/api/public/guardrails/undeploy", { name: "Toxicity" }));

        const attachment = await record("uploadAttachment", upload(mock, "/api/v2/apps/app-1/environments/dev/attachments/upload", { file: new File(["%PDF"], "a.pdf"), userReference: "u-1", uploadType: "runtime" }));
        await record("deleteAttachment", call(mock, "DELETE", `/api/v2/apps/app-1/environments/dev/attachments/${attachment.fileId}`, { sessionId: "s-1" }));

        expect([...seen.keys()].sort()).toEqual(Object.keys(operations).sort());
        for (const [operationId, answer] of seen) {
          const validate = responseValidators[`${operationId}_${answer.status}`]!;
          expect(validate(answer.body), `${operationId}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      });
    });

    it("answers each documented error status with a body its schema accepts", async () => {
      await withMock({}, async (mock) => {
        const errors: Array<[OperationId, Raw]> = [
          ["getConnection", await call(mock, "GET", "/api/public/connections/cn-00000000-0000-4000-8000-000000000000")],
          [
            "deployModel",
            await call(mock, "POST", "/api/public/models/cm-nothing/deploy?modelType=openSource", {
              name: "m",
              hyperParameters: { temperature: 1, maxTokens: 10, topP: 1, topK: 5 },
              deviceType: "g5.xlarge",
            }),
          ],
          ["updateChunk", await call(mock, "POST", "/api/public/bot/app/chunk/chk-none", { chunkText: "x" })],
          ["importTool", await call(mock, "POST", "/api/public/tools/import", { toolDataFileId: "nope", flowDataFileId: "nope", toolName: "t" })],
          ["getDockStatus", await call(mock, "GET", "/api/public/dock-status/ds-unknown", undefined, { "x-api-key": "" })],
        ];
        for (const [operationId, answer] of errors) {
          expect(answer.status).toBeGreaterThanOrEqual(400);
          const validate = responseValidators[`${operationId}_${answer.status}`] ?? responseValidators[`${operationId}_default`]!;
          expect(validate(answer.body), `${operationId} ${answer.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      });
    });
  });
});
