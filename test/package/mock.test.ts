// The mock as other people's test suites use it, from the installed package: the startMock()
// helper of the "./mock" entry and the platform-mock executable, both starting Prism on the spec
// that ships in the package, on a free localhost port, and stopping it; then the stateful mock
// (startMock({ stateful: true }) and platform-mock --stateful) running a user's flows in a
// project without Prism.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess as run } from "../../scripts/lib/process-run.mjs";
import { installedPackageDir, installPackedPackage, installPackedPackageWithout, type InstalledPackage } from "./installed-package.js";

const LONG = 240_000;

// A user's test helper: two mocks at once (each on its own free port), a call through the client.
const MOCK_USER = `
import { startMock, PACKAGED_SPEC } from "@platform/management-client/mock";
import { createPlatformClient } from "@platform/management-client";

const [first, second] = await Promise.all([startMock(), startMock()]);
try {
  const client = createPlatformClient({ baseUrl: first.url, apiKey: "mock-user-key" });
  const job = await client.guardrails.deploy("Toxicity");
  console.log(JSON.stringify({ urls: [first.url, second.url], pids: [first.pid, second.pid], spec: PACKAGED_SPEC, status: job.status, dockStatusId: job.dockStatusId }));
} finally {
  await Promise.all([first.stop(), second.stop()]);
}
`;

// A user's flows against the stateful mock, through the installed client: started in-process,
// or the one at MOCK_URL (platform-mock --stateful). Faults are switched on over the admin
// endpoint for the second pass. Prints what a test checks.
const STATEFUL_USER = `
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { startMock } from "@platform/management-client/mock";
import { and, createPlatformClient, eq } from "@platform/management-client/node";

const mock = process.env.MOCK_URL ? { url: process.env.MOCK_URL, stop: async () => {} } : await startMock({ stateful: true, jobs: { polls: 1 } });
const admin = (method, path, body) => fetch(mock.url + "/__mock/" + path, { method, body: body && JSON.stringify(body) }).then((r) => r.json());
const wait = { minDelayMs: 5, maxDelayMs: 20, timeoutMs: 20000 };
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const results = [];
try {
  for (const faults of [false, true]) {
    await admin("POST", "reset");
    if (faults) {
      await admin("POST", "faults", { operation: "uploadImportChunk", kind: "reset", rate: 0.3, after: true });
      await admin("POST", "faults", { operation: "getDockStatus", kind: "503", rate: 0.3 });
      await admin("POST", "faults", { operation: "listChunks", kind: "429", rate: 0.3, retryAfterSeconds: 0 });
    }
    const client = createPlatformClient({ baseUrl: mock.url, apiKey: "user-key", jwt: "user.jwt", maxRetries: 6 });
    const bytes = Buffer.alloc(300000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    writeFileSync("model.tar", bytes);
    const { modelId, job } = await client.models.import({ source: "model.tar", chunkSize: 65536, wait });
    const deployed = await client.models.deploy(modelId, { name: "m", hyperParameters: { temperature: 1, maxTokens: 10, topP: 1, topK: 5 }, deviceType: "g5.xlarge" }, { modelType: "openSource", wait });
    const undeployed = await client.models.undeploy(modelId, { wait });
    const created = await client.connections.create({ provider: "PROVIDER_ONE", connectionName: "c", model: "m", fields: { API_KEY: "sk-user-secret-0123456789" } });
    await client.connections.update(created.connectionId, { fields: { API_KEY: "sk-user-rotated-0123456789" } });
    const connection = await client.connections.get(created.connectionId);
    const listed = [];
    for await (const chunk of client.chunks.list("app", { filters: and(eq("sourceName", "handbook.pdf")) })) listed.push(chunk.chunkId);
    const totals = await client.chunks.delete("app", listed);
    const toolData = Buffer.from("tool data bytes");
    const tool = await client.tools.importFromFiles({ toolName: "t", toolData: { source: new Blob([toolData]), fileName: "tool.json" }, flowData: { source: new Blob(["{}"]), fileName: "flow.json" }, wait });
    const exported = await client.tools.export(tool.toolId, { flowId: "f", wait });
    const manifest = await (await client.tools.downloadExport(exported)).json();
    const state = await admin("GET", "state");
    results.push({ faults, importStatus: job.status, deployed: deployed.status, undeployed: undeployed.status, apiKey: connection.fields.API_KEY, listed: listed.length, totals, toolDataOk: manifest.files.toolData.sha256 === sha256(toolData), connections: state.connections, models: state.models });
  }
} finally {
  await mock.stop();
}
console.log(JSON.stringify(results));
`;

function checkStatefulResults(stdout: string) {
  const results = JSON.parse(stdout.trim().split("\n").at(-1)!);
  expect(results).toHaveLength(2);
  for (const result of results) {
    expect(result).toMatchObject({
      importStatus: "SUCCESS",
      deployed: "SUCCESS",
      undeployed: "SUCCESS",
      apiKey: "sk-u********************6789",
      listed: 3,
      toolDataOk: true,
      connections: 1,
      models: 1,
    });
    expect(result.totals).toMatchObject({ totalRequested: 3, totalDeleted: 3, totalNotFound: 0 });
  }
}

let installed: InstalledPackage;
let withoutPrism: InstalledPackage;
const bin = (project = installed) => join(project.project, "node_modules/.bin/platform-mock");

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Starts the executable and resolves with its URL once it prints "Mock server: <url>".
function startBin(args: string[], project = installed) {
  const child = spawn(bin(project), args, { cwd: project.project, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const url = new Promise<string>((resolveUrl, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /^Mock server: (http:\/\/\S+)/.exec(line);
      if (match) resolveUrl(match[1]!);
    });
    void exited.then((code) => reject(new Error(`platform-mock exited (${code}) before listening:\n${stderr}`)));
  });
  return { child, exited, url };
}

beforeAll(async () => {
  [installed, withoutPrism] = await Promise.all([installPackedPackage(), installPackedPackageWithout(["@stoplight/prism-cli"])]);
}, LONG);
afterAll(() => {
  for (const project of [installed, withoutPrism]) if (project) rmSync(project.scratch, { recursive: true, force: true });
});

describe("startMock() from the installed package", () => {
  it("serves the packaged spec on free localhost ports and stops Prism", async () => {
    writeFileSync(join(installed.project, "mock-user.mjs"), MOCK_USER);
    const result = await run(process.execPath, ["mock-user.mjs"], { cwd: installed.project });
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout.trim());
    expect(printed.spec).toBe(join(installedPackageDir(installed), "openapi/platform.yaml"));
    expect(printed.urls).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)]);
    expect(printed.urls[0]).not.toBe(printed.urls[1]);
    expect(printed.status).toEqual(expect.any(String));
    expect(printed.dockStatusId).toEqual(expect.any(String));
    for (const pid of printed.pids) expect(isRunning(pid), `Prism ${pid} still running`).toBe(false);
  }, LONG);
});

describe("the platform-mock executable", () => {
  it("serves the spec until SIGTERM, then exits 0 and leaves nothing listening", async () => {
    const mock = startBin(["--port", "0"]);
    const url = await mock.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/api/public/guardrails/deploy`, {
      method: "POST",
      headers: { "x-api-key": "bin-user-key", "content-type": "application/json" },
      body: JSON.stringify({ name: "Toxicity" }),
    });
    expect(response.status).toBe(200);
    // The mock validates requests against the spec: an unknown guardrail is refused, with the
    // 400 the operation declares (Prism answers 422 only where an operation declares no 400).
    const refused = await fetch(`${url}/api/public/guardrails/deploy`, {
      method: "POST",
      headers: { "x-api-key": "bin-user-key", "content-type": "application/json" },
      body: JSON.stringify({ name: "Profanity" }),
    });
    // Prism answers with the operation's own declared 400 (every operation declares one).
    expect(refused.status).toBe(400);
    mock.child.kill("SIGTERM");
    expect(await mock.exited).toBe(0);
    await expect(fetch(`${url}/api/public/guardrails/deploy`, { method: "POST" })).rejects.toThrow();
  }, LONG);

  it("rejects a bad port with its usage", async () => {
    const result = await run(bin(), ["--port", "abc"], { cwd: installed.project });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not a port: abc[\s\S]*usage: platform-mock/);
  }, LONG);

  it("says how to install Prism when the project lacks it", async () => {
    const result = await run(bin(withoutPrism), ["--port", "0"], { cwd: withoutPrism.project });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("npm install --save-dev @stoplight/prism-cli@5");
  }, LONG);
});

// A project without Prism: the stateful mock needs none.
describe("the stateful mock from the installed package, without Prism", () => {
  it("runs a user's flows with startMock({ stateful: true }), with and without faults", async () => {
    writeFileSync(join(withoutPrism.project, "stateful-user.mjs"), STATEFUL_USER);
    const result = await run(process.execPath, ["stateful-user.mjs"], { cwd: withoutPrism.project });
    expect(result.code, result.stderr).toBe(0);
    checkStatefulResults(result.stdout);
  }, LONG);

  it("runs them against platform-mock --stateful --port 0, which exits 0 on SIGTERM", async () => {
    const mock = startBin(["--stateful", "--port", "0", "--job-polls", "1"], withoutPrism);
    const url = await mock.url;
    const result = await run(process.execPath, ["stateful-user.mjs"], { cwd: withoutPrism.project, env: { ...process.env, MOCK_URL: url } });
    expect(result.code, result.stderr).toBe(0);
    checkStatefulResults(result.stdout);
    mock.child.kill("SIGTERM");
    expect(await mock.exited).toBe(0);
  }, LONG);

  it("rejects an option of the other mock with its usage", async () => {
    const result = await run(bin(withoutPrism), ["--stateful", "--spec", "x.yaml"], { cwd: withoutPrism.project });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--spec is an option of the Prism mock[\s\S]*usage: platform-mock/);
  }, LONG);

  it("with --examples, has the spec's example model from the start; --examples alone is refused; --record-drift writes the refused requests on exit", async () => {
    const driftFile = join(withoutPrism.project, "mock-drift.json");
    const mock = startBin(["--stateful", "--examples", "--port", "0", "--record-drift", driftFile], withoutPrism);
    const url = await mock.url;
    const deployed = await fetch(`${url}/api/public/models/cm-4e5f6a7b/deploy?modelType=openSource`, {
      method: "POST",
      headers: { "x-api-key": "bin-user-key", "content-type": "application/json" },
      body: JSON.stringify({ name: "support-model", hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 }, deviceType: "g5.xlarge" }),
    });
    expect(deployed.status).toBe(200);
    const badRequest = await fetch(`${url}/api/public/guardrails/deploy`, {
      method: "POST",
      headers: { "x-api-key": "bin-user-key", "content-type": "application/json" },
      body: JSON.stringify({ name: "Profanity" }),
    });
    expect(badRequest.status).toBe(422);
    mock.child.kill("SIGTERM");
    expect(await mock.exited).toBe(0);
    const report = JSON.parse(readFileSync(driftFile, "utf8"));
    expect(report).toMatchObject({
      format: "platform-drift-report",
      drifts: [expect.objectContaining({ operationId: "deployGuardrail", direction: "request", pointer: "/name", kind: "enum", recordedBy: ["mock"] })],
    });
    const refused = await run(bin(withoutPrism), ["--examples"], { cwd: withoutPrism.project });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--examples needs --stateful[\s\S]*usage: platform-mock/);
  }, LONG);
});
