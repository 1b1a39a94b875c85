// The standalone request validators generated from the spec: one per operation part, no
// import of Ajv at run time, and the same verdicts as the spec's schemas on the spec's
// own examples and on requests that break it.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import * as validators from "../../src/generated/validators.js";
import { requestValidators } from "../../src/generated/validators.js";
import type { JsonRecord } from "../../scripts/lib/json-types.js";
import { REPO_ROOT, listOperations, loadSpec } from "../../scripts/lib/spec.mjs";
import { renderValidators } from "../../scripts/lib/validators.mjs";
import { parametersOf, requestExamples, VALID_PARAMS } from "../support/sample-requests.js";

const spec = loadSpec();
const table = requestValidators as unknown as Record<string, ((v: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string }> | null }>;
const binaryAsBlob = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "file" ? new Blob([String(v)]) : v]));

describe("generated request validators", () => {
  it("import nothing at run time", () => {
    const source = readFileSync(resolve(REPO_ROOT, "src/generated/validators.js"), "utf8");
    expect(source).not.toMatch(/\brequire\(|^\s*import\s/m);
  });

  it("exist for every operation's path, query and body exactly where the spec has them", () => {
    const expected = listOperations(spec).flatMap((op) => {
      const params = parametersOf(spec, op);
      return [
        ...(params.some((p) => p.in === "path") ? [`${op.operationId}_path`] : []),
        ...(params.some((p) => p.in === "query") ? [`${op.operationId}_query`] : []),
        ...(op.requestBody ? [`${op.operationId}_body`] : []),
      ];
    });
    expect(Object.keys(table).sort()).toEqual(expected.sort());
    // The table holds the very functions the module exports by name; the other exports are the
    // per-shape validators of the bodies that are one of several shapes.
    const { requestValidators: _table, bodyVariants, ...named } = validators;
    const variantNames = Object.entries(bodyVariants).flatMap(([op, list]) => (list ?? []).map((_, i) => `${op}_body_${i}`));
    expect(Object.keys(named).sort()).toEqual([...Object.keys(table), ...variantNames].sort());
    expect(Object.keys(bodyVariants).sort()).toEqual(["createConnection", "replaceConnection", "updateConnection"]);
  });

  it("accept every request example of the spec (a Blob standing in for each file)", () => {
    for (const op of listOperations(spec)) {
      for (const example of requestExamples(spec, op)) {
        const value = example.mediaType === "multipart/form-data" ? binaryAsBlob(example.value) : example.value;
        const validate = table[`${op.operationId}_body`]!;
        expect(validate(value), `${op.operationId}/${example.name} ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });

  it("accept valid parameters and refuse ids without their prefix", () => {
    expect(table.getConnection_path!({ connectionId: VALID_PARAMS.connectionId })).toBe(true);
    expect(table.getConnection_path!({ connectionId: "7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10" })).toBe(false);
    expect(table.deployModel_path!({ modelId: "4e5f" })).toBe(false);
    expect(table.getDockStatus_path!({ dockStatusId: "" })).toBe(false);
    expect(table.deployModel_query!({ modelType: "openSource" })).toBe(true);
    expect(table.deployModel_query!({ modelType: "closedSource" })).toBe(false);
    expect(table.exportTool_query!({})).toBe(false);
    expect(table.listConnections_query!({ provider: "PROVIDER_ONE", status: "ACTIVE", limit: 10 })).toBe(true);
    expect(table.listConnections_query!({ limit: 0 })).toBe(false);
  });

  it("name the field of a broken body, the wrong connection fields among them", () => {
    const deploy = table.deployModel_body!;
    expect(deploy({ name: "m", hyperParameters: { temperature: 2.5, maxTokens: 10, topP: 0.5, topK: 5 }, deviceType: "g5.xlarge" })).toBe(false);
    expect(deploy.errors).toEqual([expect.objectContaining({ instancePath: "/hyperParameters/temperature", keyword: "maximum" })]);
    const create = table.createConnection_body!;
    expect(create({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { BASE_URL: "u", API_KEY: "k" } })).toBe(false);
    // No discriminator (three shapes share provider API): every branch reports, the PROVIDER_ONE one among them.
    expect(create.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ instancePath: "/fields", keyword: "additionalProperties", params: { additionalProperty: "BASE_URL" } }),
      ]),
    );
    expect(table.uploadImportChunk_body!({ file: new Blob(["x"]), chunkNumber: -1 })).toBe(false);
  });

  it("mark exactly the reads, the chunk upload, the full replace and the undeploys as safe to retry", () => {
    const safe = Object.entries(operations).filter(([, info]) => info.retrySafe).map(([id]) => id);
    expect(safe.sort()).toEqual(
      ["listConnections", "getConnection", "replaceConnection", "listChunks", "getDockStatus", "uploadImportChunk", "undeployModel", "undeployTool", "undeployGuardrail"].sort(),
    );
  });
});

describe("the request validators' generator", () => {
  const withOperation = (operation: JsonRecord) => ({
    spec: { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { "/things/{id}": { post: { operationId: "makeThing", responses: {}, ...operation } } } },
    file: "src/generated/validators.js",
  });

  it("stops at a parameter without a schema or a request body without a media type, naming the operation", () => {
    const schemaless = withOperation({ parameters: [{ name: "id", in: "path", required: true }] });
    expect(() => renderValidators(schemaless)).toThrow("makeThing: the path parameter id has no schema");
    expect(() => renderValidators(withOperation({ requestBody: { content: {} } }))).toThrow("makeThing: the request body has no media type");
  });
});
