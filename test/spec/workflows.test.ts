// The Arazzo document (openapi/platform.arazzo.yaml) against the spec it is written on: every
// operation it names exists, its fixtures are what its steps declare, every job a step starts is
// waited for under both spellings of the job id, and both linters pass it (and fail a broken one).
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { arazzoPath, callSequence, loadArazzo, operationSteps } from "../../scripts/lib/arazzo.mjs";
import { listOf, memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import type { JsonValue } from "../../scripts/lib/json-types.js";
import { lintWorkflows } from "../../scripts/lib/lint.mjs";
import { deref, listOperations, loadSpec, operationAt } from "../../scripts/lib/spec.mjs";
import { listAt, recordAt } from "../support/json-reads.js";

const arazzo = loadArazzo();
const spec = loadSpec();
const operations = new Map(listOperations(spec).map((op: { operationId: string; method: string; path: string }) => [op.operationId, op]));
const workflows = listAt(arazzo, "workflows").map((workflow) => recordAt(workflow));

/** The component schema names a 200 answer of an operation may be: its schema's, or one of its anyOf/oneOf branches'. */
function answerSchemas(operationId: string): string[] {
  const op = operations.get(operationId)!;
  const response = deref(spec, recordAt(operationAt(spec, op), "responses", "200"));
  const schema = memberAt(response, "content", "application/json", "schema") ?? {};
  const name = (node: JsonValue) => {
    const ref = memberAt(node, "$ref");
    return typeof ref === "string" ? ref.split("/").pop() : undefined;
  };
  const branches = [...listOf(memberAt(deref(spec, schema), "anyOf")), ...listOf(memberAt(deref(spec, schema), "oneOf"))];
  return [schema, ...branches].map(name).filter((n): n is string => n !== undefined);
}
// The operations whose answer is a job record: the id under either spelling (or `_id`).
const startsJob = (operationId: string) => operationId !== "getDockStatus" && answerSchemas(operationId).some((name) => name === "JobRecord" || name === "DockStatusRecord");

const fixtureOf = (value: unknown) => (typeof value === "string" ? /^\$file\('(.+)'\)$/.exec(value)?.[1] : undefined);

describe("the Arazzo document", () => {
  it("names only operations the spec has, and calls every job-starting flow the issue lists", () => {
    const named = workflows.flatMap((w) => operationSteps(w).map((s) => s.operationId));
    expect(named.filter((id) => !operations.has(id))).toEqual([]);
    const expected = [
      "startImportSession", "uploadImportChunk", "completeImportSession", "deployModel", "undeployModel", "exportModel", "uploadFile", "importTool",
      "importIntoTool", "deployGuardrail", "undeployGuardrail", "createConnection", "getConnection", "updateConnection", "listConnections", "listChunks",
      "updateChunk", "deleteChunksById", "getDockStatus",
    ];
    for (const id of expected) {
      expect(named, id).toContain(id);
    }
  });

  it("declares the size and chunk count of the fixtures it uploads, which are small files beside it", () => {
    const base = dirname(arazzoPath());
    for (const workflow of workflows) {
      for (const step of listAt(workflow, "steps")) {
        for (const value of Object.values(recordOf(memberAt(step, "requestBody", "payload")))) {
          const file = fixtureOf(value);
          if (file) expect(statSync(resolve(base, file)).size, `${workflow.workflowId}.${memberAt(step, "stepId")}: ${file}`).toBeLessThan(1024);
        }
      }
    }
    const importSteps = listAt(workflows.find((w) => w.workflowId === "importModel"), "steps");
    const start = recordAt(importSteps.find((s) => memberAt(s, "operationId") === "startImportSession"), "requestBody", "payload");
    const uploads = importSteps.filter((s) => memberAt(s, "operationId") === "uploadImportChunk");
    expect(uploads.map((s) => memberAt(s, "requestBody", "payload", "chunkNumber"))).toEqual([...Array(Number(start.totalChunks)).keys()]);
    const bytes = uploads.reduce((sum: number, s) => sum + readFileSync(resolve(base, fixtureOf(memberAt(s, "requestBody", "payload", "file"))!)).length, 0);
    expect(start.fileSize).toBe(bytes);
  });

  it("waits for every job it starts under both spellings of the job id, each branch reading its own", () => {
    let jobs = 0;
    for (const workflow of workflows) {
      const steps = listAt(workflow, "steps");
      for (const step of steps.filter((s) => { const id = memberAt(s, "operationId"); return typeof id === "string" && startsJob(id); })) {
        jobs++;
        const stepId = memberAt(step, "stepId");
        const gotos = listOf(memberAt(step, "onSuccess")).filter((a) => memberAt(a, "type") === "goto");
        for (const spelling of ["dockStatusId", "dock-statusId"]) {
          const branch = gotos.find((a) => listOf(memberAt(a, "criteria")).some((c) => memberAt(c, "condition") === `$response.body#/${spelling} != null`));
          expect(branch, `${workflow.workflowId}.${stepId} has no branch for ${spelling}`).toBeDefined();
          const target = steps.find((s) => memberAt(s, "stepId") === memberAt(branch, "stepId"));
          expect(memberAt(target, "operationId")).toBe("getDockStatus");
          const pathParameter = listOf(memberAt(target, "parameters")).find((p) => memberAt(p, "in") === "path");
          expect(memberAt(pathParameter, "value")).toBe(`$steps.${stepId}.outputs.job.${spelling}`);
        }
      }
    }
    // Model import, deploy, undeploy and export; tool import and import into a tool; guardrail deploy and undeploy.
    expect(jobs).toBe(8);
  });

  it("makes the same calls on every branch of every workflow", () => {
    for (const workflow of workflows) expect(callSequence(arazzo, String(workflow.workflowId)).length, String(workflow.workflowId)).toBeGreaterThan(1);
    expect(callSequence(arazzo, "importModel")).toEqual(["startImportSession", "uploadImportChunk", "completeImportSession", "getDockStatus"]);
  });
});

describe("lint gate on the Arazzo document", () => {
  it("redocly and spectral:arazzo report zero errors and zero warnings", async () => {
    const result = await lintWorkflows();
    for (const report of result.reports) expect(report.problems, report.tool).toEqual([]);
    expect(result.reports.map((r: { tool: string }) => r.tool).sort()).toEqual(["redocly", "spectral"]);
    expect(result.ok).toBe(true);
  });

  it("fails a document whose step reads an output no step has", async () => {
    const broken = loadArazzo();
    const step = listAt(listAt(broken, "workflows")[0], "steps")[1];
    recordAt(listAt(step, "parameters")[1]).value = "$steps.noSuchStep.outputs.sessionId";
    const dir = mkdtempSync(join(tmpdir(), "arazzo-lint-"));
    // Beside a copy of the spec, since the document names it by a relative path.
    writeFileSync(join(dir, "platform.yaml"), readFileSync(resolve(dirname(arazzoPath()), "platform.yaml")));
    const file = join(dir, "platform.arazzo.yaml");
    writeFileSync(file, stringify(broken));
    const result = await lintWorkflows(file);
    expect(result.ok).toBe(false);
    const rules = result.reports.flatMap((r: { problems: Array<{ rule: string }> }) => r.problems.map((p) => p.rule));
    expect(rules).toEqual(expect.arrayContaining(["outputs-defined", "arazzo-step-parameters-validation"]));
  });
});
