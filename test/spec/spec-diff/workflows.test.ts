// The workflows a spec change reaches (spec-diff's `workflows`): for each corpus case that lists
// them by hand, the workflows of corpus/fixture.arazzo.yaml that call a changed operation, or one
// the head no longer has, must be exactly those; the markdown names them; and the real report
// names the real document's workflows.
import { describe, expect, it } from "vitest";
import { loadArazzo } from "../../../scripts/lib/arazzo.mjs";
import { diffSpecs } from "../../../scripts/lib/spec-diff/diff.mjs";
import { toMarkdown } from "../../../scripts/lib/spec-diff/format/markdown.mjs";
import { sideFromDocument } from "../../../scripts/lib/spec-diff/index.mjs";
import { loadSpec } from "../../../scripts/lib/spec.mjs";
import { recordAt } from "../../support/json-reads.js";
import { fixtureArazzo, loadCases, sidesOf } from "./corpus.js";

const cases = loadCases().filter((c) => c.workflows !== undefined);

describe("spec-diff: the workflows a change reaches", () => {
  it("has cases for a changed operation, a renamed one and changes across workflows", () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, corpusCase) => {
    const { base, head } = sidesOf(corpusCase);
    const report = diffSpecs(base, head, { arazzo: fixtureArazzo });
    type Workflow = { workflowId: string; level: string; operations: Array<{ operationId: string; level: string; changes: number; missing: boolean }> };
    const found = report.workflows!.map((w: Workflow) => ({
      workflowId: w.workflowId,
      level: w.level,
      operations: w.operations.map(({ operationId, level, missing }) => ({ operationId, level, missing })),
    }));
    expect(found, `${corpusCase.file}: ${corpusCase.title}`).toEqual(corpusCase.workflows);
    for (const op of report.workflows!.flatMap((w: { operations: Array<{ changes: number; missing: boolean }> }) => w.operations)) {
      if (!op.missing) expect(op.changes).toBeGreaterThan(0);
    }
  });

  it("names them in the markdown, a missing operation as a flow that cannot run", () => {
    const renamed = cases.find((c) => c.name === "workflow-operation-renamed")!;
    const { base, head } = sidesOf(renamed);
    const markdown = toMarkdown(diffSpecs(base, head, { arazzo: fixtureArazzo }));
    expect(markdown).toContain("### Workflows that call a changed operation");
    expect(markdown).toContain("| `deployModel` | `deployModel` | **missing from the head spec: the workflow cannot run** |");
    // Without an Arazzo document, the report has no workflows part at all.
    expect(diffSpecs(base, head)).not.toHaveProperty("workflows");
  });

  it("reports the platform's own workflows that call an operation of the spec that changed", () => {
    const spec = loadSpec();
    recordAt(spec, "paths", "/api/public/dock-status/{dockStatusId}", "get").summary = "Read a job's status";
    const base = sideFromDocument(loadSpec(), { file: "platform.yaml", label: "base" });
    const head = sideFromDocument(spec, { file: "platform.head.yaml", label: "head" });
    const report = diffSpecs(base, head, { arazzo: loadArazzo() });
    expect(report.changes.map((c: { rule: string }) => c.rule)).toEqual(["documentation-changed"]);
    const waiting = report
      .workflows!.filter((w: { operations: Array<{ operationId: string }> }) => w.operations.some((op) => op.operationId === "getDockStatus"))
      .map((w: { workflowId: string }) => w.workflowId);
    // Every workflow that waits for a job polls Get dock status.
    expect(waiting.sort()).toEqual(["deployGuardrail", "deployModel", "exportModel", "importIntoTool", "importModel", "importTool", "undeployGuardrail", "undeployModel"]);
  });
});
