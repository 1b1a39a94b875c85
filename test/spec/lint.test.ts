// The lint gate: both linters, with the project's own configuration, report nothing at all
// on the spec; and the house rules do fire on a spec that breaks them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { lintSpec } from "../../scripts/lib/lint.mjs";
import { loadSpec } from "../../scripts/lib/spec.mjs";
import { listAt, recordAt } from "../support/json-reads.js";
import { exampleRecord } from "../support/spec-members.js";

describe("lint gate", () => {
  it("redocly and spectral report zero errors and zero warnings on the spec", async () => {
    const result = await lintSpec();
    for (const report of result.reports) expect(report.problems, report.tool).toEqual([]);
    expect(result.reports.map((r: { tool: string }) => r.tool).sort()).toEqual(["redocly", "spectral"]);
    expect(result.ok).toBe(true);
  });

  it("fails a spec with a bad example, a missing summary and a malformed discrepancy record", async () => {
    const spec = loadSpec();
    exampleRecord(spec, "DeployGuardrail").name = "Profanity";
    delete recordAt(spec, "paths", "/api/public/guardrails/undeploy", "post").summary;
    delete recordAt(listAt(spec, "components", "schemas", "JobRecord", "x-discrepancies")[0]).decision;
    const dir = mkdtempSync(join(tmpdir(), "lint-"));
    const file = join(dir, "platform.yaml");
    writeFileSync(file, stringify(spec));
    const result = await lintSpec(file);
    expect(result.ok).toBe(false);
    const rules = result.reports.flatMap((r: { problems: Array<{ rule: string }> }) => r.problems.map((p) => p.rule));
    expect(rules).toEqual(expect.arrayContaining(["no-invalid-media-type-examples", "operation-summary-required", "discrepancy-schema"]));
  });

  // Each portability rule guards a class of legal OpenAPI that other generators or validators
  // read badly (issue: the spec, portable to any generator).
  it("fails a spec that other people's tools would read badly, naming each class", async () => {
    const spec = loadSpec();
    const listConnections = recordAt(spec, "paths", "/api/public/connections", "get");
    const responses = recordAt(listConnections, "responses");
    responses["4XX"] = recordAt(responses, "default");
    const schemas = recordAt(spec, "components", "schemas");
    recordAt(schemas, "CreateApiConnection", "properties").provider = { type: "string", const: "API" };
    recordAt(listAt(spec, "servers")[0], "variables", "host").description = "Host name.";
    spec.paths = { "x-discrepancies": listAt(spec, "info", "x-discrepancies"), ...recordAt(spec, "paths") };
    recordAt(spec, "paths", "/api/public/connections").get = { "x-retry-safe": true, ...listConnections };
    // Round 2 (issue 23): what 3.0 readers, mock generators, zod generators, Redocly join and
    // documentation generators read badly.
    spec["x-discrepancies"] = listAt(spec, "info", "x-discrepancies");
    recordAt(schemas, "ErrorDetail", "properties").code = { type: ["integer", "string"] };
    recordAt(schemas, "UploadFileForm", "properties").file = { type: "string", format: "binary" };
    recordAt(schemas, "ConnectionCreated").required = ["connectionId"];
    recordAt(spec, "components", "responses", "UndocumentedError").description = "Any other error status.\nWith a body of the same shape or none.";
    // spectral:oas runs with every rule on, not only its recommended set: two rules it adds.
    listAt(spec, "tags").reverse();
    recordAt(spec, "info").license = { name: "Apache 2.0", identifier: "Apache-2.0" };
    const dir = mkdtempSync(join(tmpdir(), "lint-"));
    const file = join(dir, "platform.yaml");
    writeFileSync(file, stringify(spec));
    const result = await lintSpec(file);
    const rules = new Set(result.reports.flatMap((r: { problems: Array<{ rule: string }> }) => r.problems.map((p) => p.rule)));
    for (const rule of [
      "portable-status-codes",
      "portable-no-const",
      "portable-server-variables",
      "portable-no-extension-in-paths",
      "extensions-last",
      "portable-no-root-extensions",
      "portable-type-lists",
      "portable-binary-content",
      "portable-allof-alone",
      "portable-response-description-one-line",
      "openapi-tags-alphabetical",
      "license-url",
    ]) {
      expect(rules, rule).toContain(rule);
    }
  });
});
