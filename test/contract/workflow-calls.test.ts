// One source of truth for the multi-step flows: the client's, the command line's and the MCP
// server's model import, deploy and undeploy with their waits, model export, tool import and
// import into a tool make the calls the matching workflow of openapi/platform.arazzo.yaml makes,
// in its order, as the stateful mock's request log shows them. The expected calls come from the
// document (operationIds, then method and path from the spec: scripts/lib/arazzo.mjs), never
// from a copy here, so a change to a flow on either side fails this test. An operation called
// several times in a row (chunks, polls) counts once, as the document fixes neither the size of
// a file nor the speed of a job.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callsAsRequests, fold, loadArazzo } from "../../scripts/lib/arazzo.mjs";
import { startMock, type LoggedRequest, type StatefulMockServer } from "../../src/mock/start-mock.js";
import { createPlatformClient } from "../../src/node.js";
import { cli, CREDENTIALS, shown } from "../cli/support/run-cli.js";
import { content, startHarness, text, type Harness } from "../mcp/support/harness.js";

const arazzo = loadArazzo();
const MODEL = "cm-4e5f6a7b";
const TOOL = "a-5e6f7a8b";
const CHUNK = 64 * 1024;
const WAIT = { minDelayMs: 5, maxDelayMs: 20, timeoutMs: 20_000 };
const DEPLOY = { name: "support-model", hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 }, deviceType: "g5.xlarge" as const };

/** A path template of the spec as a pattern for the paths the mock logged. */
const templatePattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);

/**
 * The calls the mock logged since `from` must be one of the workflow's ways through, each request
 * with the method and path its operation has in the spec.
 */
function expectWorkflowCalls(workflowId: string, logged: LoggedRequest[]): void {
  const ways = callsAsRequests(arazzo, workflowId) as Array<Array<{ operationId: string; method: string; path: string }>>;
  const made = fold(logged.map((r) => r.operationId ?? `${r.method} ${r.url}`));
  const way = ways.find((calls) => calls.map((c) => c.operationId).join(" ") === made.join(" "));
  expect(way, `${workflowId}: made ${made.join(", ")}; the document gives ${ways.map((w) => w.map((c) => c.operationId).join(", ")).join(" or ")}`).toBeDefined();
  for (const request of logged) {
    const call = way!.find((c) => c.operationId === request.operationId)!;
    expect(request.method, request.url).toBe(call.method);
    expect(new URL(request.url, "http://mock").pathname).toMatch(templatePattern(call.path));
  }
}

let mock: StatefulMockServer;
let work: string;
beforeAll(async () => {
  // The credentials the command line's harness hands its processes, so all three surfaces pass.
  mock = await startMock({ stateful: true, seed: 5, existing: "examples", jobs: { polls: 1 }, apiKey: CREDENTIALS.PLATFORM_API_KEY, jwt: CREDENTIALS.PLATFORM_JWT });
  work = mkdtempSync(join(tmpdir(), "workflow-calls-"));
  writeFileSync(join(work, "model.tar"), Buffer.alloc(3 * CHUNK + 5, 3));
  writeFileSync(join(work, "tool.json"), JSON.stringify({ name: "support-tool" }));
  writeFileSync(join(work, "flow.json"), JSON.stringify({ nodes: [] }));
  writeFileSync(join(work, "env.json"), JSON.stringify({ REGION: "eu" }));
});
beforeEach(() => mock.reset());
afterAll(async () => {
  await mock.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("the client's flows make the workflows' calls", () => {
  const platform = () => createPlatformClient({ baseUrl: mock.url, apiKey: CREDENTIALS.PLATFORM_API_KEY, jwt: CREDENTIALS.PLATFORM_JWT });

  it("importModel, deployModel, undeployModel, exportModel", async () => {
    const { modelId } = await platform().models.import({ source: join(work, "model.tar"), chunkSize: CHUNK, concurrency: 1, wait: WAIT });
    expectWorkflowCalls("importModel", mock.requests());
    mock.clearRequests();
    await platform().models.deploy(modelId!, DEPLOY, { modelType: "openSource", wait: WAIT });
    expectWorkflowCalls("deployModel", mock.requests());
    mock.clearRequests();
    await platform().models.undeploy(modelId!, { wait: WAIT });
    expectWorkflowCalls("undeployModel", mock.requests());
    mock.clearRequests();
    await platform().models.export(modelId!, { wait: WAIT });
    expectWorkflowCalls("exportModel", mock.requests());
  });

  it("importTool, importIntoTool", async () => {
    const files = { toolData: { source: join(work, "tool.json") }, flowData: { source: join(work, "flow.json") }, envVariables: { source: join(work, "env.json") } };
    const job = await platform().tools.importFromFiles({ toolName: "support-tool", ...files, wait: WAIT });
    expectWorkflowCalls("importTool", mock.requests());
    mock.clearRequests();
    await platform().tools.importInto(job.toolId!, files, { wait: WAIT });
    expectWorkflowCalls("importIntoTool", mock.requests());
  });
});

describe("the command line's flows make the workflows' calls", () => {
  const run = async (args: string[]) => {
    const out = await cli(args, { cwd: work, env: { PLATFORM_BASE_URL: mock.url } });
    expect(out.code, shown(out)).toBe(0);
  };

  it("models import, deploy, undeploy and export, each waiting", async () => {
    await run(["models", "import", "model.tar", "--chunk-size", `${CHUNK}`, "--wait", "--poll-interval", "20ms", "--json"]);
    expectWorkflowCalls("importModel", mock.requests());
    mock.clearRequests();
    await run([
      "models", "deploy", MODEL, "--model-type", "openSource", "--name", "support", "--device-type", "g5.xlarge", "--temperature", "0.7", "--max-tokens", "256",
      "--top-p", "0.9", "--top-k", "40", "--wait", "--poll-interval", "20ms", "--json",
    ]);
    expectWorkflowCalls("deployModel", mock.requests());
    mock.clearRequests();
    await run(["models", "undeploy", MODEL, "--yes", "--json"]);
    expectWorkflowCalls("undeployModel", mock.requests());
    mock.clearRequests();
    await run(["models", "export", MODEL, "--wait", "--poll-interval", "20ms", "--json"]);
    expectWorkflowCalls("exportModel", mock.requests());
  }, 120_000);

  it("tools import and import-into, from files", async () => {
    await run([
      "tools", "import", "--name", "support-tool", "--tool-data", "tool.json", "--flow-data", "flow.json", "--env-variables", "env.json", "--wait",
      "--poll-interval", "20ms", "--json",
    ]);
    expectWorkflowCalls("importTool", mock.requests());
    mock.clearRequests();
    await run([
      "tools", "import-into", TOOL, "--tool-data", "tool.json", "--flow-data", "flow.json", "--env-variables", "env.json", "--wait", "--poll-interval", "20ms",
      "--json",
    ]);
    expectWorkflowCalls("importIntoTool", mock.requests());
  }, 120_000);
});

describe("the MCP server's tools make the workflows' calls", () => {
  let h: Harness;
  beforeEach(async () => {
    // The harness's own client credentials are its own; this mock takes the command line's.
    h = await startHarness({ sharedMock: mock as never, client: { apiKey: CREDENTIALS.PLATFORM_API_KEY, jwt: CREDENTIALS.PLATFORM_JWT } });
  });
  afterEach(() => h.close());

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await h.call(name, args);
    expect(result.isError, text(result)).toBeFalsy();
    return content(result);
  };

  it("import_model, deploy_model, undeploy, export_model", async () => {
    await call("import_model", { path: join(work, "model.tar"), chunkSize: CHUNK, concurrency: 1 });
    expectWorkflowCalls("importModel", mock.requests());
    mock.clearRequests();
    await call("deploy_model", { modelId: MODEL, modelType: "openSource", ...DEPLOY });
    expectWorkflowCalls("deployModel", mock.requests());
    mock.clearRequests();
    await call("undeploy", { modelId: MODEL, confirm: true });
    expectWorkflowCalls("undeployModel", mock.requests());
    mock.clearRequests();
    await call("export_model", { modelId: MODEL });
    expectWorkflowCalls("exportModel", mock.requests());
  });

  it("import_tool, new and into an existing tool", async () => {
    const paths = { toolDataPath: join(work, "tool.json"), flowDataPath: join(work, "flow.json"), envVariablesPath: join(work, "env.json") };
    await call("import_tool", { toolName: "support-tool", ...paths });
    expectWorkflowCalls("importTool", mock.requests());
    mock.clearRequests();
    await call("import_tool", { toolId: TOOL, ...paths });
    expectWorkflowCalls("importIntoTool", mock.requests());
  });
});
