// platform --record-drift and platform drift, as processes against a service that departs from
// the spec: the departures land in the report file (names and types, never a value), the report
// reads as a table, as JSON, as SARIF and as JUnit, and --fail-on-drift exits 7 on drift only.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer } from "../support/local-server.js";
import { cli, shown, startCli } from "./support/run-cli.js";
import { until } from "./support/until.js";

const SECRET = "sk-planted-in-a-drifting-field-9f8e7d";
let service: LocalServer;
let work: string;
let requests = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "platform-drift-"));
  service = await startLocalServer();
  service.handler = (_req, res) => {
    requests++;
    // total is a string, the list item's status is outside its enum and its name is a number:
    // three departures; the secret sits in a field whose type differs, so only its type may show.
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ connections: [{ connectionId: "cn-00000000-0000-4000-8000-000000000001", connectionName: 42, provider: "API", status: "PAUSED", createdOn: SECRET }], total: "1" }));
  };
});
afterAll(async () => {
  await service.close();
  rmSync(work, { recursive: true, force: true });
});

const run = (args: string[]) => cli(args, { cwd: work, env: { PLATFORM_BASE_URL: service.url } });

describe("platform --record-drift", () => {
  it("adds what the answers depart in to the file, and the command's own output is unchanged", async () => {
    const plain = await run(["connections", "list", "-o", "json"]);
    const recorded = await run(["--record-drift", "drift.json", "connections", "list", "-o", "json"]);
    expect(recorded.code, shown(recorded)).toBe(0);
    expect(recorded.stdout).toBe(plain.stdout);
    const report = readFileSync(join(work, "drift.json"), "utf8");
    expect(JSON.parse(report)).toMatchObject({
      format: expect.any(String),
      drifts: expect.arrayContaining([
        expect.objectContaining({ operationId: "listConnections", pointer: "/connections/*/connectionName", kind: "type", received: ["integer"] }),
      ]),
    });
    expect(report).not.toContain(SECRET);
    // A second run merges into the file: the counts grow, the entries stay one per drift.
    const again = await run(["--record-drift", "drift.json", "connections", "list"]);
    expect(again.code, shown(again)).toBe(0);
    const merged = JSON.parse(readFileSync(join(work, "drift.json"), "utf8"));
    expect(merged.drifts.length).toBe(JSON.parse(report).drifts.length);
    expect(merged.drifts[0].count).toBe(2);
  });

  it("refuses a file it could not write before anything is sent (exit 2)", async () => {
    const before = requests;
    const refused = await run(["--record-drift", "no-such-folder/drift.json", "connections", "list"]);
    expect(refused.code, shown(refused)).toBe(2);
    expect(refused.stderr).toContain("no-such-folder/drift.json: cannot create the drift report");
    expect(requests).toBe(before);
    expect(existsSync(join(work, "no-such-folder"))).toBe(false);
  });
});

describe("platform drift", () => {
  it("summarises a report as a table and as JSON, and writes SARIF and JUnit for CI", async () => {
    await run(["--record-drift", "summary.json", "connections", "list"]);
    const table = await run(["drift", "summary.json", "-o", "table"]);
    expect(table.code, shown(table)).toBe(0);
    expect(table.stdout).toMatch(/listConnections/);
    expect(table.stdout).not.toContain(SECRET);
    const json = JSON.parse((await run(["drift", "summary.json", "-o", "json"])).stdout);
    expect(json).toMatchObject({ drifts: expect.any(Number), rows: expect.arrayContaining([expect.objectContaining({ operation: "listConnections", kind: "type" })]) });
    const sarif = JSON.parse((await run(["drift", "summary.json", "--format", "sarif"])).stdout);
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0].results.length).toBe(json.drifts);
    const junit = (await run(["drift", "summary.json", "--format", "junit"])).stdout;
    expect(junit).toMatch(/^<\?xml/);
    expect(junit).toContain("<testsuite");
  });

  it("--fail-on-drift exits 7 when the report holds drift and 0 when it holds none", async () => {
    await run(["--record-drift", "fail.json", "connections", "list"]);
    const failing = await run(["drift", "fail.json", "--fail-on-drift"]);
    expect(failing.code, shown(failing)).toBe(7);
    // The same report with its drifts taken out: nothing to fail on.
    const report = JSON.parse(readFileSync(join(work, "fail.json"), "utf8"));
    writeFileSync(join(work, "clean.json"), JSON.stringify({ ...report, drifts: [] }));
    const clean = await run(["drift", "clean.json", "--fail-on-drift", "-o", "json"]);
    expect(clean.code, shown(clean)).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ drifts: 0, rows: [] });
  });

  it("names a file that is not a report, exit 2", async () => {
    const notReport = await run(["drift", "../package.json"]);
    expect(notReport.code).toBe(2);
  });
});

describe("files that are not what they claim to be, and signals", () => {
  it("platform drift and --record-drift refuse a FIFO at once, sending nothing", async () => {
    execFileSync("mkfifo", [join(work, "drift.fifo")]);
    const summary = await run(["drift", "drift.fifo"]);
    expect(summary.code, shown(summary)).toBe(2);
    expect(summary.stderr).toContain("drift.fifo: cannot read the drift report (not a regular file");
    const before = requests;
    const recorded = await run(["--record-drift", "drift.fifo", "connections", "list"]);
    expect(recorded.code, shown(recorded)).toBe(2);
    expect(recorded.stderr).toContain("--record-drift drift.fifo: cannot read it (not a regular file");
    expect(requests).toBe(before);
  });

  it("SIGTERM while the profile's JWT command hangs ends the command with 130", async () => {
    const home = join(work, "config-hanging-jwt");
    mkdirSync(join(home, "platform"), { recursive: true, mode: 0o700 });
    chmodSync(home, 0o700);
    const pidFile = join(work, "jwt-command.pid");
    writeFileSync(join(home, "platform/config.json"), JSON.stringify({ profiles: { default: { baseUrl: service.url, jwtCommand: `echo $$ > '${pidFile}'; exec sleep 300` } } }), { mode: 0o600 });
    const { child, done } = startCli(["chunks", "list", "st-0a1b2c3d"], {
      cwd: work,
      env: { XDG_CONFIG_HOME: home, PLATFORM_JWT: undefined, PLATFORM_BASE_URL: undefined },
    });
    await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "");
    child.kill("SIGTERM");
    const out = await done;
    expect(out.code, shown(out)).toBe(130);
    expect(out.stderr).toContain("platform: interrupted");
  });
});
