// Each known discrepancy of the interface document: its record exists where it applies,
// and the modelling decision the record states really holds in the schemas. A record added
// to the spec without a check here fails the first test, so no decision goes unverified.
import { describe, expect, it } from "vitest";
import { listOf, memberAt } from "../../scripts/lib/json-members.mjs";
import type { JsonValue } from "../../scripts/lib/json-types.js";
import { SPEC_ID, collectDiscrepancies, createSpecAjv, listOperations, loadSpec, operationAt } from "../../scripts/lib/spec.mjs";
import { listAt, recordAt } from "../support/json-reads.js";
import { exampleValue } from "../support/spec-members.js";

const spec = loadSpec();
const ajv = createSpecAjv(spec);
const records = collectDiscrepancies(spec);
const operations = listOperations(spec);

const schema = (name: string) => ajv.getSchema(`${SPEC_ID}#/components/schemas/${name}`) ?? ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/${name}` });
const valid = (name: string, value: unknown) => schema(name)(value) as boolean;
const operation = (id: string) => {
  const op = operations.find((o) => o.operationId === id)!;
  return operationAt(spec, op);
};
const exampleNames = (id: string) => Object.keys(recordAt(operation(id), "responses", "200", "content", "application/json", "examples"));
/** The components.parameters entry a `$ref` names. */
const parameterOf = (ref: JsonValue) => recordAt(spec, "components", "parameters", String(memberAt(ref, "$ref")).split("/").pop()!);

const job = { jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" };
const deploy = { name: "m", hyperParameters: { temperature: 1, maxTokens: 10, topP: 0.5, topK: 5 }, deviceType: "g5.xlarge" };

// id -> where the record must sit (JSON pointer of its holder) and a check of its decision.
const DECISIONS: Record<string, { at: string; holds: () => void }> = {
  "job-id-spelling": {
    at: "/components/schemas/JobRecord",
    holds: () => {
      expect(valid("JobRecord", { ...job, dockStatusId: "ds-1" })).toBe(true);
      expect(valid("JobRecord", { ...job, "dock-statusId": "ds-1" })).toBe(true);
      expect(valid("JobRecord", { ...job, dockStatusId: "ds-1", "dock-statusId": "ds-1" })).toBe(true);
      expect(valid("JobRecord", job)).toBe(false);
      expect(valid("JobRecord", { ...job, _id: "ds-1" })).toBe(false);
    },
  },
  "download-url-case": {
    at: "/components/schemas/JobResult",
    holds: () => {
      expect(valid("JobResult", { downloadUrl: "https://x.invalid/a" })).toBe(true);
      expect(valid("JobResult", { downloadURL: " https://x.invalid/a " })).toBe(true);
      expect(valid("JobRecord", { ...job, dockStatusId: "ds-1", response: { downloadURL: "u" } })).toBe(true);
    },
  },
  "delete-chunks-status-case": {
    at: "/components/schemas/DeleteChunksResult",
    holds: () => {
      const Data = { totalRequested: 1, totalDeleted: 1, totalNotFound: 0 };
      expect(valid("DeleteChunksResult", { Status: "Success", Data })).toBe(true);
      expect(valid("DeleteChunksResult", { status: "Success", Data })).toBe(true);
      expect(valid("DeleteChunksResult", { Data })).toBe(false);
    },
  },
  "is-deployed-previously-spelling": {
    at: "/components/schemas/DeployModelRequest",
    holds: () => {
      expect(valid("DeployModelRequest", { ...deploy, isDeployedPreviously: true })).toBe(true);
      expect(valid("DeployModelRequest", { ...deploy, isDeployedPreviouly: true })).toBe(true);
      expect(valid("DeployModelRequest", { ...deploy, isDeployedPreviously: true, isDeployedPreviouly: true })).toBe(false);
    },
  },
  "page-number-type": {
    at: "/components/schemas/UpdateChunkRequest",
    holds: () => {
      expect(valid("UpdateChunkRequest", { pageNumber: 3 })).toBe(true);
      expect(valid("UpdateChunkRequest", { pageNumber: "3" })).toBe(true);
      expect(valid("UpdateChunkRequest", { pageNumber: "three" })).toBe(false);
      expect(valid("UpdateChunkRequest", { pageNumber: 2.5 })).toBe(false);
      expect(valid("Chunk", { chunkId: "chk-1", pageNumber: "3" })).toBe(true);
      expect(valid("Chunk", { chunkId: "chk-1", pageNumber: 3 })).toBe(true);
    },
  },
  "guardrail-response-field": {
    at: "/paths/~1api~1public~1models~1{modelId}~1deploy/post",
    holds: () => {
      expect(valid("JobRecord", { ...job, jobType: "GUARDRAILS", dockStatusId: "ds-1", guardrail: "Toxicity" })).toBe(true);
      expect(valid("JobRecord", { ...job, jobType: "GUARDRAILS", dockStatusId: "ds-1", modelId: "cm-1" })).toBe(true);
      expect(exampleNames("deployGuardrail")).toEqual(expect.arrayContaining(["guardrailDeployed", "guardrailDeployedTableField"]));
    },
  },
  "guardrail-undeploy-sample": {
    at: "/paths/~1api~1public~1guardrails~1undeploy/post",
    holds: () => {
      const [first, ...rest] = exampleNames("undeployGuardrail");
      expect(exampleValue(spec, "GuardrailUndeployed")).toMatchObject({ action: "UNDEPLOY", jobType: "GUARDRAILS" });
      expect(first).toBe("guardrailUndeployed");
      expect(rest).toContain("guardrailUndeployedVendorSample");
      const vendor = exampleValue(spec, "GuardrailUndeployedVendorSample");
      expect(vendor).toMatchObject({ action: "DEPLOY", toolId: expect.stringMatching(/^a-/) });
      expect(valid("JobRecord", vendor)).toBe(true);
    },
  },
  "import-complete-action": {
    at: "/paths/~1api~1public~1files~1session~1{sessionId}~1complete/post",
    holds: () => {
      expect(exampleNames("completeImportSession")[0]).toBe("importCompleted");
      expect(exampleValue(spec, "ImportCompleted")).toMatchObject({ action: "IMPORT" });
      const vendor = exampleValue(spec, "ImportCompletedVendorSample");
      expect(vendor).toMatchObject({ action: "EXPORT", jobType: "MODELS" });
      expect(valid("ImportCompletion", vendor)).toBe(true);
    },
  },
  "bulk-import-complete-response": {
    at: "/paths/~1api~1public~1files~1session~1{sessionId}~1complete/post",
    holds: () => {
      expect(valid("ImportCompletion", { url: "https://x.invalid/f", fileId: "abc" })).toBe(true);
      expect(valid("ImportCompletion", { url: "https://x.invalid/f" })).toBe(false);
    },
  },
  "delete-chunks-chunkid-required": {
    at: "/paths/~1api~1public~1bot~1{botId}~1search~1deleteChunksById/post",
    holds: () => {
      expect(valid("DeleteChunksRequest", {})).toBe(false);
      expect(valid("DeleteChunksRequest", { chunkId: [] })).toBe(false);
      expect(valid("DeleteChunksRequest", { chunkId: ["1234"] })).toBe(false);
      expect(valid("DeleteChunksRequest", { chunkId: ["chk-1"] })).toBe(true);
      expect(exampleValue(spec, "DeleteChunksMissingIds")).toEqual({ message: "One or more chunkIds don't exist" });
      const responses = recordAt(operation("deleteChunksById"), "responses");
      expect(Object.keys(responses).sort()).toEqual(["200", "400", "401", "404", "500", "default"]);
      expect(memberAt(responses, "400", "content", "application/json", "examples", "deleteChunksMissingIds", "$ref")).toBe("#/components/examples/DeleteChunksMissingIds");
    },
  },
  "delete-attachment-multipart": {
    at: "/paths/~1api~1v2~1apps~1{appId}~1environments~1{envName}~1attachments~1{fileId}/delete",
    holds: () => {
      const body = recordAt(operation("deleteAttachment"), "requestBody");
      expect(body.required).toBe(false);
      expect(Object.keys(recordAt(body, "content"))[0]).toBe("multipart/form-data");
      expect(valid("DeleteAttachmentSession", {})).toBe(true);
      expect(valid("DeleteAttachmentSession", { sessionReference: "r" })).toBe(true);
      expect(valid("DeleteAttachmentSession", { session: "r" })).toBe(false);
    },
  },
  "delete-attachment-json-body": {
    at: "/paths/~1api~1v2~1apps~1{appId}~1environments~1{envName}~1attachments~1{fileId}/delete",
    holds: () => {
      const content = recordAt(operation("deleteAttachment"), "requestBody", "content");
      expect(Object.keys(content)).toEqual(["multipart/form-data", "application/json"]);
      expect(memberAt(content, "application/json", "schema")).toEqual(memberAt(content, "multipart/form-data", "schema"));
    },
  },
  "attachments-api-v2-prefix": {
    at: "/tags/0",
    holds: () => {
      const attachmentPaths = operations.filter((o) => o.tags.includes("Attachments")).map((o) => o.path);
      expect(attachmentPaths).toHaveLength(2);
      for (const path of attachmentPaths) expect(path).toMatch(/^\/api\/v2\/apps\/\{appId\}\/environments\/\{envName\}\/attachments\//);
    },
  },
  "path-parameter-notation": {
    at: "/info",
    holds: () => {
      for (const { path, operationId, method } of operations) {
        expect(path, operationId).not.toMatch(/[:<>]/);
        const declared = [...listOf(memberAt(spec, "paths", path, "parameters")), ...listOf(memberAt(spec, "paths", path, method, "parameters"))]
          .map(parameterOf)
          .filter((p) => p.in === "path")
          .map((p) => p.name);
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        expect(declared.sort(), operationId).toEqual(templated.sort());
      }
    },
  },
  "path-parameter-names": {
    at: "/info",
    holds: () => {
      for (const op of operations.filter((o) => o.tags.includes("Chunks"))) expect(op.path).toMatch(/^\/api\/public\/bot\/\{botId\}\//);
      expect(JSON.stringify(Object.keys(recordAt(spec, "paths")))).not.toMatch(/AppId|AppID|EnvName/);
    },
  },
  "export-flow-id-name": {
    at: "/paths/~1api~1public~1tools~1{toolId}~1export/post",
    holds: () => {
      const params = listAt(operation("exportTool"), "parameters").map(parameterOf);
      expect(params).toEqual([expect.objectContaining({ name: "flowId", in: "query", required: true })]);
    },
  },
  "chunk-update-semantics": {
    at: "/paths/~1api~1public~1bot~1{botId}~1chunk~1{chunkId}/post",
    holds: () => {
      expect(valid("UpdateChunkRequest", { chunkTitle: "only the title" })).toBe(true);
      expect(valid("UpdateChunkRequest", {})).toBe(false);
      expect(valid("UpdateChunkRequest", { chunkContent: "not updatable" })).toBe(false);
    },
  },
  "deploy-optimization-empty-strings": {
    at: "/components/schemas/OptimizationInfo",
    holds: () => {
      expect(valid("OptimizationInfo", { optimizationType: "", quantizationType: "" })).toBe(true);
      expect(valid("OptimizationInfo", { optimizationType: "vllm", quantizationType: "int8_float16" })).toBe(true);
      expect(valid("OptimizationInfo", { optimizationType: "tensorrt" })).toBe(false);
      expect(memberAt(exampleValue(spec, "DeployModelVendorSample"), "optimizationInfo")).toEqual({ optimizationType: "", quantizationType: "" });
    },
  },
  "dock-status-from-public-reference": {
    at: "/paths/~1api~1public~1dock-status~1{dockStatusId}/get",
    holds: () => {
      expect(valid("DockStatusRecord", { ...job, _id: "ds-1" })).toBe(true);
      expect(valid("DockStatusRecord", { ...job, "dock-statusId": "ds-1" })).toBe(true);
      expect(valid("DockStatusRecord", job)).toBe(false);
      expect(valid("DockStatusRecord", { ...job, _id: "ds-1", percentageComplete: 100, response: { downloadUrl: "u" } })).toBe(true);
    },
  },
  "upload-file-from-public-reference": {
    at: "/paths/~1api~1public~1files/post",
    holds: () => {
      expect(valid("UploadFileForm", { file: "bytes", fileContext: "bulkImport" })).toBe(true);
      expect(valid("UploadFileForm", { file: "bytes" })).toBe(false);
      expect(valid("UploadedFile", { url: "u", fileId: "f" })).toBe(true);
    },
  },
  "error-body-shape-unknown": {
    at: "/components/responses/UndocumentedError",
    holds: () => {
      for (const op of operations) {
        const responses = recordAt(operationAt(spec, op), "responses");
        const namesResource = op.path.includes("{");
        const expected = ["200", "400", "401", ...(namesResource ? ["404"] : []), "500", "default"];
        expect(Object.keys(responses), op.operationId).toEqual(expected);
        expect(memberAt(responses, "default", "$ref"), op.operationId).toBe("#/components/responses/UndocumentedError");
        for (const [status, name] of [["401", "Unauthorized"], ["404", "NotFound"], ["500", "InternalServerError"]] as const) {
          if (responses[status]) expect(memberAt(responses, status, "$ref"), `${op.operationId} ${status}`).toBe(`#/components/responses/${name}`);
        }
      }
    },
  },
  "error-body-envelope": {
    at: "/components/schemas/ErrorBody",
    holds: () => {
      expect(valid("ErrorBody", { errors: [{ msg: "Invalid API key", code: 4002 }] })).toBe(true);
      expect(valid("ErrorBody", { message: "Unauthorized" })).toBe(true);
      expect(valid("ErrorBody", { anything: 1 })).toBe(true);
      expect(valid("ErrorBody", { errors: [{ msg: 4002 }] })).toBe(false);
    },
  },
  "custom-api-connection": {
    at: "/components/schemas/CreateConnectionRequest",
    holds: () => {
      const base = { provider: "API", connectionName: "c", endpointUrl: "https://x.invalid" };
      expect(valid("CreateConnectionRequest", { ...base, payload: {}, outputPath: "a.b" })).toBe(true);
      expect(valid("CreateConnectionRequest", { ...base, mapProvider: "openAIModel" })).toBe(true);
      expect(valid("CreateConnectionRequest", { provider: "API", connectionName: "c", fields: { BASE_URL: "u", API_KEY: "k" } })).toBe(true);
      // a mandatory property missing, and the two types mixed
      expect(valid("CreateConnectionRequest", { ...base, payload: {} })).toBe(false);
      expect(valid("CreateConnectionRequest", { ...base, payload: {}, outputPath: "a", mapProvider: "openAIModel" })).toBe(false);
      expect(recordAt(spec, "components", "schemas", "CreateConnectionRequest").discriminator).toBeUndefined();
    },
  },
  "io-mapping-name": {
    at: "/components/schemas/CreateCustomExistingConnection",
    holds: () => {
      const base = { provider: "API", connectionName: "c", endpointUrl: "https://x.invalid", mapProvider: "geminiModel" };
      expect(valid("CreateCustomExistingConnection", { ...base, IOMappings: ["textToText"] })).toBe(true);
      expect(valid("CreateCustomExistingConnection", { ...base, fields: { IOMapping: "textToText" } })).toBe(true);
      expect(valid("CreateCustomExistingConnection", base)).toBe(true);
      expect(valid("CreateCustomExistingConnection", { ...base, IOMappings: ["speechToMusic"] })).toBe(false);
    },
  },
  "custom-connection-status": {
    at: "/components/schemas/ConnectionStatusRead",
    holds: () => {
      for (const status of ["ACTIVE", "INACTIVE", "DRAFT", "FINALIZED"]) expect(valid("ConnectionStatusRead", status)).toBe(true);
      expect(valid("CustomConnectionStatus", "ACTIVE")).toBe(false);
      expect(memberAt(spec, "components", "schemas", "ConnectionStatus", "enum")).toEqual(["ACTIVE", "INACTIVE"]);
    },
  },
  "update-api-connection": {
    at: "/paths/~1api~1public~1connections~1{connectionId}/put",
    holds: () => {
      expect(valid("UpdateConnectionRequest", { fields: { API_KEY: "k" } })).toBe(true);
      expect(valid("UpdateConnectionRequest", { connectionName: "renamed" })).toBe(true);
      expect(valid("UpdateConnectionRequest", {})).toBe(false);
      expect(valid("UpdateConnectionRequest", { provider: "API" })).toBe(false);
      expect(memberAt(spec, "paths", "/api/public/connections/{connectionId}", "put", "operationId")).toBe("replaceConnection");
      expect(valid("ReplaceConnectionRequest", { provider: "API", connectionName: "c", endpointUrl: "u", mapProvider: "openAIModel", status: "FINALIZED" })).toBe(true);
      expect(valid("ReplaceConnectionRequest", { connectionName: "c" })).toBe(false);
    },
  },
  "delete-chunks-not-found-ids": {
    at: "/components/schemas/DeleteChunksTotals",
    holds: () => {
      const Data = { totalRequested: 2, totalDeleted: 1, totalNotFound: 1 };
      expect(valid("DeleteChunksResult", { Status: "Success", Data })).toBe(true);
      expect(valid("DeleteChunksResult", { Status: "Success", Data: { ...Data, notFoundChunkIds: ["chk-2"] } })).toBe(true);
    },
  },
  "model-export-from-public-reference": {
    at: "/paths/~1api~1public~1models~1{modelId}~1export/post",
    holds: () => {
      expect(operation("exportModel").requestBody).toBeUndefined();
      const done = exampleValue(spec, "DockStatusModelExportDone");
      expect(memberAt(done, "response", "downloadUrl")).toMatch(/^ https:/);
      expect(done).not.toHaveProperty("dockStatusId");
      expect(done).not.toHaveProperty("dock-statusId");
      // The export's own answer takes the reference's sample: the id under `_id` alone.
      const answer = recordAt(operation("exportModel"), "responses", "200", "content", "application/json");
      expect(memberAt(answer, "examples", "modelExportedVendorSample", "$ref")).toBe("#/components/examples/DockStatusModelExportDone");
      const exportAnswer = ajv.compile({ $ref: `${SPEC_ID}#/paths/~1api~1public~1models~1{modelId}~1export/post/responses/200/content/application~1json/schema` });
      expect(exportAnswer(done)).toBe(true);
      expect(exportAnswer({ ...job, action: "EXPORT", dockStatusId: "ds-1" })).toBe(true);
      expect(exportAnswer({ ...job, action: "EXPORT" })).toBe(false);
    },
  },
  "replace-connection-without-provider": {
    at: "/components/schemas/ReplaceConnectionRequest",
    holds: () => {
      const base = { connectionName: "c", endpointUrl: "https://x.invalid" };
      const defaultType = { ...base, payload: {}, outputPath: "a.b" };
      const existingType = { ...base, mapProvider: "openAIModel" };
      for (const body of [defaultType, existingType]) {
        expect(valid("ReplaceConnectionRequest", body)).toBe(true);
        expect(valid("ReplaceConnectionRequest", { ...body, provider: "API" })).toBe(true);
        expect(valid("ReplaceConnectionRequest", { ...body, provider: "PROVIDER_ONE" })).toBe(false);
        // A new connection still names its provider.
        expect(valid("CreateConnectionRequest", body)).toBe(false);
      }
      expect(valid("ReplaceConnectionRequest", { ...defaultType, mapProvider: "openAIModel" })).toBe(false);
      // The two replace shapes are the create shapes with `provider` no longer required: the copies
      // may not drift apart.
      const schemas = recordAt(spec, "components", "schemas");
      for (const type of ["Default", "Existing"]) {
        const { title: createTitle, description: _c, required: createRequired, "x-discrepancies": _r, ...create } = recordAt(schemas, `CreateCustom${type}Connection`);
        const { title: replaceTitle, description: _d, required: replaceRequired, ...replace } = recordAt(schemas, `ReplaceCustom${type}Connection`);
        expect(replace).toEqual(create);
        expect(replaceRequired).toEqual(listAt(createRequired).filter((key) => key !== "provider"));
        expect(replaceTitle).toBe(`${createTitle} (replace)`);
      }
      for (const name of ["ReplaceCustomDefaultConnectionVendorSample", "ReplaceCustomExistingConnectionVendorSample"]) {
        expect(exampleValue(spec, name)).not.toHaveProperty("provider");
        expect(valid("ReplaceConnectionRequest", exampleValue(spec, name))).toBe(true);
      }
    },
  },
  "tool-import-into-existing": {
    at: "/paths/~1api~1public~1tools~1{toolId}~1import/post",
    holds: () => {
      const files = { toolDataFileId: "a", flowDataFileId: "b", envVariablesFileId: "c" };
      expect(valid("ImportIntoToolRequest", files)).toBe(true);
      expect(valid("ImportIntoToolRequest", { toolDataFileId: "a", flowDataFileId: "b" })).toBe(false);
      expect(valid("ImportIntoToolRequest", { ...files, toolName: "t" })).toBe(false);
      expect(valid("ImportToolRequest", { toolDataFileId: "a", flowDataFileId: "b", toolName: "t" })).toBe(true);
    },
  },
};

describe("known discrepancies", () => {
  it("are each recorded once, and every record has a decision check here", () => {
    const ids = records.map((r: { record: { id: string } }) => r.record.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(DECISIONS).sort());
  });

  it.each(Object.entries(DECISIONS))("%s: recorded where it applies, and its decision holds", (id, { at, holds }) => {
    const found = records.find((r: { record: { id: string } }) => r.record.id === id);
    expect(found?.pointer).toBe(at);
    for (const name of found!.record.examples ?? []) expect(recordAt(spec, "components", "examples"), name).toHaveProperty(name);
    holds();
  });

  it("keep every vendor sample verbatim as a named example that validates", () => {
    const vendorExamples = records.flatMap((r: { record: { examples?: string[] } }) => r.record.examples ?? []);
    expect(vendorExamples.length).toBeGreaterThanOrEqual(8);
    const used = JSON.stringify([spec.paths, memberAt(spec, "components", "responses")]);
    for (const name of vendorExamples) expect(used, name).toContain(`#/components/examples/${name}"`);
  });
});
