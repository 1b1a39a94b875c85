// The standalone response validators generated for the stateful mock: one per documented JSON
// answer of every operation, no import of Ajv at run time, and the spec's own verdicts on the
// spec's examples and on answers that break it.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { responseValidators } from "../../src/generated/response-validators.js";
import { memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import { REPO_ROOT, deref, examplesOf, listOperations, loadSpec, operationAt } from "../../scripts/lib/spec.mjs";

const spec = loadSpec();

// Every (operation, status, example value) with a JSON schema in the spec.
function documentedAnswers() {
  return listOperations(spec).flatMap((op) =>
    Object.entries(recordOf(operationAt(spec, op).responses)).flatMap(([status, raw]) => {
      const media = memberAt(deref(spec, raw), "content", "application/json");
      if (!memberAt(media, "schema")) return [];
      return [{ operationId: op.operationId, status, examples: examplesOf(spec, media) }];
    }),
  );
}

describe("generated response validators", () => {
  it("import nothing at run time", () => {
    const source = readFileSync(resolve(REPO_ROOT, "src/generated/response-validators.js"), "utf8");
    expect(source).not.toMatch(/\brequire\(|^\s*import\s/m);
  });

  it("exist for exactly the documented JSON answers of every operation", () => {
    const expected = documentedAnswers().map(({ operationId, status }) => `${operationId}_${status}`);
    expect(Object.keys(responseValidators).sort()).toEqual(expected.sort());
    const operationsCovered = new Set(Object.keys(responseValidators).map((name) => name.slice(0, name.lastIndexOf("_"))));
    expect(operationsCovered.size).toBe(listOperations(spec).length);
  });

  it("accept every response example of the spec", () => {
    for (const { operationId, status, examples } of documentedAnswers()) {
      const validate = responseValidators[`${operationId}_${status}`]!;
      for (const { name, value } of examples) expect(validate(value), `${operationId} ${status} ${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("refuse answers that break the spec, naming the field and rule", () => {
    const job = responseValidators.deployModel_200!;
    expect(job({ jobType: "MODELS", action: "DEPLOY", status: "IN_PROGRESS" })).toBe(false);
    expect(job({ dockStatusId: "ds-1", jobType: "MODELS", action: "DEPLOY", status: "DONE" })).toBe(false);
    expect(job.errors).toContainEqual(expect.objectContaining({ instancePath: "/status", keyword: "enum" }));
    const connection = responseValidators.getConnection_200!;
    const good = { connectionId: "cn-1", connectionName: "n", provider: "API", status: "ACTIVE", createdOn: "2025-01-01T00:00:00.000Z", modifiedOn: "2025-01-01T00:00:00.000Z" };
    expect(connection(good)).toBe(true);
    expect(connection({ ...good, modifiedOn: "2025-02-30T00:00:00.000Z" })).toBe(false);
    expect(connection.errors).toContainEqual(expect.objectContaining({ instancePath: "/modifiedOn", keyword: "format" }));
    expect(responseValidators.listChunks_200!({ count: 0, chunks: [], hasMore: false })).toBe(false);
  });
});
