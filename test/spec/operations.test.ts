// The 25 operations come from two sources written by hand here, not read from the spec:
// the interface document's 20 endpoints and the public reference's five. The spec must hold
// exactly these, so an operation dropped, renamed or moved by an edit fails loudly.
import { describe, expect, it } from "vitest";
import { listOf, memberAt } from "../../scripts/lib/json-members.mjs";
import { listOperations, loadSpec, operationAt } from "../../scripts/lib/spec.mjs";
import { listAt } from "../support/json-reads.js";

const FROM_INTERFACE_DOCUMENT = [
  ["listConnections", "GET /api/public/connections", "apiKey"],
  ["getConnection", "GET /api/public/connections/{connectionId}", "apiKey"],
  ["createConnection", "POST /api/public/connections", "apiKey"],
  ["updateConnection", "PATCH /api/public/connections/{connectionId}", "apiKey"],
  ["listChunks", "POST /api/public/bot/{botId}/chunk/list", "jwtAuth"],
  ["updateChunk", "POST /api/public/bot/{botId}/chunk/{chunkId}", "jwtAuth"],
  ["deleteChunksById", "POST /api/public/bot/{botId}/search/deleteChunksById", "jwtAuth"],
  ["startImportSession", "POST /api/public/files/session/start", "apiKey"],
  ["uploadImportChunk", "POST /api/public/files/session/{sessionId}", "apiKey"],
  ["completeImportSession", "POST /api/public/files/session/{sessionId}/complete", "apiKey"],
  ["deployModel", "POST /api/public/models/{modelId}/deploy", "apiKey"],
  ["undeployModel", "POST /api/public/models/{modelId}/undeploy", "apiKey"],
  ["importTool", "POST /api/public/tools/import", "apiKey"],
  ["exportTool", "POST /api/public/tools/{toolId}/export", "apiKey"],
  ["deployTool", "POST /api/public/tools/{toolId}/deploy", "apiKey"],
  ["undeployTool", "POST /api/public/tools/{toolId}/undeploy", "apiKey"],
  ["deployGuardrail", "POST /api/public/guardrails/deploy", "apiKey"],
  ["undeployGuardrail", "POST /api/public/guardrails/undeploy", "apiKey"],
  ["uploadAttachment", "POST /api/v2/apps/{appId}/environments/{envName}/attachments/upload", "apiKey"],
  ["deleteAttachment", "DELETE /api/v2/apps/{appId}/environments/{envName}/attachments/{fileId}", "apiKey"],
] as const;

const FROM_PUBLIC_REFERENCE = [
  ["getDockStatus", "GET /api/public/dock-status/{dockStatusId}", "apiKey"],
  ["uploadFile", "POST /api/public/files", "apiKey"],
  ["replaceConnection", "PUT /api/public/connections/{connectionId}", "apiKey"],
  ["exportModel", "POST /api/public/models/{modelId}/export", "apiKey"],
  ["importIntoTool", "POST /api/public/tools/{toolId}/import", "apiKey"],
] as const;

const spec = loadSpec();
const operations = listOperations(spec);
const inSpec = operations.map((op) => [op.operationId, `${op.method.toUpperCase()} ${op.path}`, op.security.join(",")]);

describe("operations of the spec", () => {
  it("are exactly the document's 20 and the public reference's 5", () => {
    const expected = [...FROM_INTERFACE_DOCUMENT, ...FROM_PUBLIC_REFERENCE].map((row) => [...row]);
    expect(FROM_INTERFACE_DOCUMENT).toHaveLength(20);
    expect(inSpec.sort()).toEqual(expected.sort());
  });

  it("each name a single credential header, and only the chunk operations use the JWT", () => {
    for (const op of operations) {
      expect(op.securityRequirements, op.operationId).toHaveLength(1);
      expect(op.security, op.operationId).toHaveLength(1);
    }
    const jwtOperations = operations.filter((op) => op.security[0] === "jwtAuth").map((op) => op.operationId);
    expect(jwtOperations.sort()).toEqual(["deleteChunksById", "listChunks", "updateChunk"]);
    expect(memberAt(spec, "components", "securitySchemes")).toMatchObject({
      apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
      jwtAuth: { type: "apiKey", in: "header", name: "auth" },
    });
  });

  it("have a summary, a description, a tag and a 200 response each", () => {
    const tags = new Set(listAt(spec, "tags").map((t) => memberAt(t, "name")));
    for (const { path, method, operationId } of operations) {
      const op = operationAt(spec, { path, method });
      expect(op.summary, operationId).toBeTruthy();
      expect(op.description, operationId).toBeTruthy();
      expect(listAt(op, "tags").every((t) => tags.has(t)), operationId).toBe(true);
      expect(memberAt(op, "responses", "200"), operationId).toBeDefined();
    }
  });

  it("mark the public-reference operations with a public-reference record", () => {
    for (const [operationId] of FROM_PUBLIC_REFERENCE) {
      const op = operations.find((o) => o.operationId === operationId)!;
      const records = listOf(operationAt(spec, op)["x-discrepancies"]);
      expect(records.some((r) => memberAt(r, "source") === "public-reference"), operationId).toBe(true);
    }
  });

  it("serve the attachment operations under /api/v2 and everything else under /api/public", () => {
    for (const op of operations) {
      const prefix = op.tags.includes("Attachments") ? "/api/v2/" : "/api/public/";
      expect(op.path.startsWith(prefix), op.operationId).toBe(true);
    }
    expect(spec.servers).toEqual([
      expect.objectContaining({ url: "https://{host}", variables: { host: expect.objectContaining({ default: expect.any(String) }) } }),
    ]);
  });
});
