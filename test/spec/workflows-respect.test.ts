// Redocly Respect runs every workflow of openapi/platform.arazzo.yaml against the stateful mock,
// for three seeds (the seed decides which spelling of the job id each answer carries, so between
// them both spellings reach the workflows), reading its --json-output. The mock's request log
// shows the calls in the order the document gives (scripts/lib/arazzo.mjs), and a job that fails
// fails its workflow.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { callSequence, callSequences, fold, loadArazzo } from "../../scripts/lib/arazzo.mjs";
import { listOf, memberAt } from "../../scripts/lib/json-members.mjs";
import { runRespect, workflowResults } from "../../scripts/lib/respect.mjs";
import { startMock, type StatefulMockServer } from "../../src/mock/start-mock.js";
import { listAt } from "../support/json-reads.js";

const API_KEY = "respect-test-api-key-5c1d";
const JWT = "respect.test.jwt";
// Things that exist before the run: the models and tools the spec's examples name.
const MODEL_ID = "cm-4e5f6a7b";
const BOT_ID = "st-0a1b2c3d";
const SEEDS = [1, 2, 3];

const arazzo = loadArazzo();
const workflowIds = listAt(arazzo, "workflows").map((w) => String(memberAt(w, "workflowId")));
const inputs = { apiKey: API_KEY, jwt: JWT, modelId: MODEL_ID, botId: BOT_ID };

type Results = ReturnType<typeof workflowResults>;
interface SeedRun {
  code: number | null;
  output: string;
  results: Results;
  log: unknown;
  calls: string[];
}

// Two chunks a page, so the chunk workflow has a cursor to follow.
const startStateful = (seed: number) => startMock({ stateful: true, seed, existing: "examples", chunkPageSize: 2, apiKey: API_KEY, jwt: JWT });

const runs = new Map<number, SeedRun>();
const mocks: StatefulMockServer[] = [];

beforeAll(async () => {
  await Promise.all(
    SEEDS.map(async (seed) => {
      const mock = await startStateful(seed);
      mocks.push(mock);
      const run = await runRespect({ server: mock.url, inputs });
      const calls = mock.requests().map((r) => r.operationId ?? `${r.method} ${r.url}`);
      runs.set(seed, { code: run.code, output: `${run.stdout}\n${run.stderr}`, results: workflowResults(run.log), log: run.log, calls });
    }),
  );
}, 240_000);

afterAll(async () => {
  await Promise.all(mocks.map((mock) => mock.stop()));
});

/** The key the job id came under in each answer that started a job, over all of a run's steps. */
function jobIdKeys(results: Results): string[] {
  return results.flatMap((w) =>
    w.steps.flatMap((s) => (s.body && typeof s.body === "object" ? ["dockStatusId", "dock-statusId"].filter((key) => key in (s.body as object)) : [])),
  );
}

describe.each(SEEDS)("redocly respect against the stateful mock, seed %i", (seed) => {
  it("passes every workflow, each step's last attempt green", () => {
    const run = runs.get(seed)!;
    expect(run.code, run.output).toBe(0);
    expect(run.results.map((w) => w.workflowId).sort()).toEqual([...workflowIds].sort());
    for (const workflow of run.results) {
      expect(workflow.status, workflow.workflowId).toBe("success");
      for (const step of workflow.steps) expect(step.failedChecks, `${workflow.workflowId}.${step.stepId}`).toEqual([]);
    }
  });

  it("makes the calls the document gives, in its order, each workflow one of its ways through", () => {
    const run = runs.get(seed)!;
    for (const workflow of run.results) {
      const made = fold(workflow.steps.map((step) => step.operationId!));
      expect(callSequences(arazzo, workflow.workflowId).map((calls: string[]) => calls.join(" ")), workflow.workflowId).toContain(made.join(" "));
    }
    // And the mock saw every one of them, in the same order (a workflow's dependencies run first).
    const byId = new Map(run.results.map((w) => [w.workflowId, fold(w.steps.map((s) => s.operationId!))]));
    const expected = listAt(arazzo, "workflows").flatMap((w) => [
      ...listOf(memberAt(w, "dependsOn")).flatMap((id) => callSequence(arazzo, String(id))),
      ...byId.get(String(memberAt(w, "workflowId")))!,
    ]);
    expect(fold(run.calls)).toEqual(fold(expected));
  });

  it("never writes the credentials in clear, in its output or its JSON log", () => {
    const run = runs.get(seed)!;
    const text = `${run.output}\n${JSON.stringify(run.log)}`;
    for (const secret of [API_KEY, JWT, "sk-example-provider-one-key", "sk-example-rotated-key"]) expect(text).not.toContain(secret);
  });
});

describe("the job id's two spellings", () => {
  it("both reach the workflows across the seeds, and the chunk workflow follows a cursor", () => {
    const keys = new Set(SEEDS.flatMap((seed) => jobIdKeys(runs.get(seed)!.results)));
    expect([...keys].sort()).toEqual(["dock-statusId", "dockStatusId"]);
    for (const seed of SEEDS) {
      const chunks = runs.get(seed)!.results.find((w) => w.workflowId === "chunkLifecycle")!;
      expect(chunks.steps.map((s) => s.stepId)).toEqual(["firstPage", "nextPage", "updateFirst", "deleteFirst"]);
    }
  });
});

describe("a failing job", () => {
  it("fails its workflow at the wait step, naming the failed success criterion", async () => {
    const mock = await startStateful(1);
    try {
      mock.failNextJob();
      const run = await runRespect({ server: mock.url, inputs, workflows: ["deployGuardrail"] });
      expect(run.code).not.toBe(0);
      const [workflow] = workflowResults(run.log);
      expect(workflow!.status).not.toBe("success");
      const wait = workflow!.steps.at(-1)!;
      expect(wait.stepId).toMatch(/^waitForDeploy/);
      expect((wait.body as { status?: string }).status).toBe("FAILED");
      expect(wait.failedChecks.map((c: { name: string }) => c.name)).toContain("success criteria check");
    } finally {
      await mock.stop();
    }
  }, 120_000);
});

// Prism answers each request alone from the spec's examples: a job never ends there, so only the
// workflows that wait for no job (no Get dock status call) can pass, and they must.
describe("redocly respect against Prism, the contract mock", () => {
  it("passes every workflow that waits for no job, every request valid against the spec", async () => {
    const stateless = workflowIds.filter((id) => !callSequence(arazzo, id).includes("getDockStatus"));
    expect(stateless.sort()).toEqual(["chunkLifecycle", "connectionLifecycle"]);
    // The run's one Prism on the spec (test/contract/global-setup.ts): Prism keeps nothing between requests.
    const run = await runRespect({ server: inject("prismUrl"), inputs, workflows: stateless });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const results = workflowResults(run.log);
    expect(results.map((w) => [w.workflowId, w.status]).sort()).toEqual(stateless.map((id) => [id, "success"]));
    for (const step of results.flatMap((w) => w.steps)) expect(step.statusCode, step.stepId).toBe(200);
  }, 120_000);
});
