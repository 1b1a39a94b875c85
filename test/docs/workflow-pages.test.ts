// The workflows on the site (npm run docs): one page per workflow of openapi/platform.arazzo.yaml,
// generated from it at each build, with every step, the operation it calls, its inputs, outputs
// and failure actions; and every operation a workflow calls links those pages from the API
// reference. Derived from the document itself, so a workflow added there needs no change here.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadArazzo, workflowInputs, workflowsByOperation } from "../../scripts/lib/arazzo.mjs";
import { listOperations, loadSpec } from "../../scripts/lib/spec.mjs";
import { builtSite, type BuiltSite } from "./support/built-site.js";

const arazzo = loadArazzo();
type Step = { stepId: string; operationId: string; onFailure?: unknown[] };
const workflows = arazzo.workflows as Array<{ workflowId: string; summary: string; steps: Step[]; outputs?: Record<string, string> }>;

let built: BuiltSite;
const page = (sitePath: string) => readFileSync(join(built.site, sitePath), "utf8");
beforeAll(async () => {
  built = await builtSite();
}, 120_000);

describe("the workflow pages", () => {
  it("has one page per workflow, listed in the navigation and on the workflows' index", () => {
    const index = page("workflows/index.html");
    const landing = page("index.html");
    for (const { workflowId, summary } of workflows) {
      expect(existsSync(join(built.site, `workflows/${workflowId}.html`)), workflowId).toBe(true);
      expect(index).toContain(`href="${workflowId}.html"`);
      expect(index).toContain(summary);
      expect(landing).toContain(`href="workflows/${workflowId}.html"`);
    }
  });

  it("shows each step with the operation it calls, the inputs, the outputs and the failure actions", () => {
    const operations = new Map(listOperations(loadSpec()).map((op: { operationId: string; method: string; path: string }) => [op.operationId, op]));
    for (const workflow of workflows) {
      const html = page(`workflows/${workflow.workflowId}.html`);
      for (const step of workflow.steps) {
        const op = operations.get(step.operationId)!;
        expect(html, `${workflow.workflowId}.${step.stepId}`).toContain(`<code>${step.stepId}</code>`);
        expect(html).toContain(`<code>${step.operationId}</code>: ${op.method.toUpperCase()} <code>${op.path}</code>`);
      }
      for (const input of Object.keys(workflowInputs(arazzo, workflow.workflowId).properties)) expect(html, `${workflow.workflowId} input ${input}`).toContain(`<code>${input}</code>`);
      for (const output of Object.keys(workflow.outputs ?? {})) expect(html, `${workflow.workflowId} output ${output}`).toContain(`<code>${output}</code>`);
      if (workflow.steps.some((s) => s.onFailure?.length)) expect(html).toMatch(/retry every \d+ s|otherwise the workflow fails/);
    }
  });

  it("is linked from the API reference on every operation a workflow calls, and only there", () => {
    const reference = JSON.parse(page("reference/openapi.json"));
    const uses = workflowsByOperation(arazzo);
    for (const op of listOperations(reference) as Array<{ operationId: string; method: string; path: string }>) {
      const description: string = reference.paths[op.path][op.method].description;
      const ids = uses.get(op.operationId) ?? [];
      for (const id of ids) expect(description, op.operationId).toContain(`[${id}](../workflows/${id}.html)`);
      if (ids.length === 0) expect(description, op.operationId).not.toContain("../workflows/");
    }
  });
});
