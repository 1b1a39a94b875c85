// npm run workflows (scripts/workflows.mjs): the workflows run against a server with the
// credentials taken from the environment only, and the results written as the drift report's CI
// formats (JUnit, SARIF). Run here against the stateful mock, which refuses any other key.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterEach, describe, expect, it } from "vitest";
import { loadArazzo } from "../../scripts/lib/arazzo.mjs";
import { memberAt } from "../../scripts/lib/json-members.mjs";
import { runProcess, type ProcessRun } from "../../scripts/lib/process-run.mjs";
import { runRespect } from "../../scripts/lib/respect.mjs";
import { stepLine } from "../../scripts/lib/respect-report.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { startMock, type StatefulMockServer } from "../../src/mock/start-mock.js";
import { listAt } from "../support/json-reads.js";

const SCRIPT = resolve(REPO_ROOT, "scripts/workflows.mjs");
const API_KEY = "workflows-command-key-7e2a90";
const JWT = "workflows.command.jwt-31f4";
const workflowIds = listAt(loadArazzo(), "workflows").map((w) => String(memberAt(w, "workflowId")));

function runScript(args: string[], env: Record<string, string | undefined>): Promise<ProcessRun> {
  const base = { ...process.env, REDOCLY_TELEMETRY: "off" } as Record<string, string | undefined>;
  delete base.PLATFORM_API_KEY;
  delete base.PLATFORM_JWT;
  return runProcess(process.execPath, ["--import", "tsx", SCRIPT, ...args], { cwd: REPO_ROOT, env: { ...base, ...env } });
}

let mock: StatefulMockServer | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
});
const start = async () => (mock = await startMock({ stateful: true, seed: 2, existing: "examples", chunkPageSize: 2, apiKey: API_KEY, jwt: JWT }));
const scratch = () => mkdtempSync(join(tmpdir(), "workflows-command-"));
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

describe("npm run workflows", () => {
  it("runs every workflow with the credentials of the environment and writes JUnit, no secret in any output", async () => {
    const server = await start();
    const file = join(scratch(), "workflows.xml");
    const run = await runScript(
      ["--server", `platform=${server.url}`, "--input", "modelId=cm-4e5f6a7b", "--input", "botId=st-0a1b2c3d", "--format", "junit", "--output", file],
      { PLATFORM_API_KEY: API_KEY, PLATFORM_JWT: JWT },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = readFileSync(file, "utf8");
    const suites = asList(xml.parse(report).testsuites.testsuite) as Array<{ name: string; failures: string; testcase: unknown }>;
    expect(suites.map((s) => s.name).sort()).toEqual([...workflowIds].sort());
    expect(suites.every((s) => s.failures === "0")).toBe(true);
    // The mock accepts only these credentials, so every call carried them; none is written anywhere.
    expect(server.requests().every((r) => r.credential === true && r.status === 200)).toBe(true);
    for (const text of [report, run.stdout, run.stderr]) for (const secret of [API_KEY, JWT]) expect(text).not.toContain(secret);
  }, 180_000);

  it("refuses a credential on the command line, and a run without the one a workflow needs, before sending anything", async () => {
    const server = await start();
    const onCommandLine = await runScript(["--server", server.url, "--input", `apiKey=${API_KEY}`, "--input", "modelId=cm-4e5f6a7b"], { PLATFORM_JWT: JWT });
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.stderr).toMatch(/--input apiKey: credentials are read from PLATFORM_API_KEY/);
    const missing = await runScript(["--server", server.url, "--workflow", "chunkLifecycle", "--input", "botId=st-0a1b2c3d"], { PLATFORM_API_KEY: API_KEY });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/chunkLifecycle needs PLATFORM_JWT set in the environment/);
    const noInput = await runScript(["--server", server.url, "--workflow", "deployModel"], { PLATFORM_API_KEY: API_KEY });
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toMatch(/deployModel needs --input modelId=/);
    expect(server.requests()).toEqual([]);
  }, 60_000);

  it("turns a Respect log with a failed job into SARIF at the step's line and a failing JUnit case, exit 1", async () => {
    const server = await start();
    server.failNextJob();
    const dir = scratch();
    const run = await runRespect({ server: server.url, inputs: { apiKey: API_KEY }, workflows: ["deployGuardrail"] });
    const log = join(dir, "respect.json");
    writeFileSync(log, JSON.stringify(run.log));

    const sarifRun = await runScript(["--from", log, "--format", "sarif"], {});
    expect(sarifRun.code).toBe(1);
    const sarif = JSON.parse(sarifRun.stdout);
    const [result] = sarif.runs[0].results;
    expect(result.ruleId).toBe("workflow/success-criteria-check");
    expect(result.properties).toMatchObject({ workflowId: "deployGuardrail", operationId: "getDockStatus" });
    const location = result.locations[0].physicalLocation;
    expect(location.artifactLocation.uri).toBe("openapi/platform.arazzo.yaml");
    const lines = readFileSync(resolve(REPO_ROOT, "openapi/platform.arazzo.yaml"), "utf8").split("\n");
    expect(lines[location.region.startLine - 1]).toMatch(new RegExp(`stepId: ${result.properties.stepId}$`));
    expect(location.region.startLine).toBe(stepLine(lines.join("\n"), "deployGuardrail", result.properties.stepId));

    const junitRun = await runScript(["--from", log, "--format", "junit"], {});
    expect(junitRun.code).toBe(1);
    const suite = xml.parse(junitRun.stdout).testsuites.testsuite as {
      name: string;
      failures: string;
      testcase: Array<{ name: string; failure?: { type: string } }>;
    };
    expect(suite.name).toBe("deployGuardrail");
    expect(suite.failures).toBe("1");
    expect(asList(suite.testcase).find((c) => c.failure)?.failure?.type).toBe("success criteria check");
  }, 120_000);
});
