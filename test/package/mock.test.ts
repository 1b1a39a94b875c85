// The mock as other people's test suites use it, from the installed package: the startMock()
// helper of the "./mock" entry and the platform-mock executable, both starting Prism on the spec
// that ships in the package, on a free localhost port, and stopping it.
import { spawn } from "node:child_process";
import { rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../scripts/lib/pack.mjs";
import { installPackedPackage, PACKAGE_NAME, type InstalledPackage } from "./installed-package.js";

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

let installed: InstalledPackage;
const bin = () => join(installed.project, "node_modules/.bin/platform-mock");

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Starts the executable and resolves with its URL once it prints "Mock server: <url>".
function startBin(args: string[]) {
  const child = spawn(bin(), args, { cwd: installed.project, stdio: ["ignore", "pipe", "pipe"] });
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
  installed = await installPackedPackage({ docs: false });
}, LONG);
afterAll(() => {
  if (installed) rmSync(installed.scratch, { recursive: true, force: true });
});

describe("startMock() from the installed package", () => {
  it("serves the packaged spec on free localhost ports and stops Prism", async () => {
    writeFileSync(join(installed.project, "mock-user.mjs"), MOCK_USER);
    const result = await run(process.execPath, ["mock-user.mjs"], { cwd: installed.project });
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout.trim());
    expect(printed.spec).toBe(join(installed.project, "node_modules", PACKAGE_NAME, "openapi/platform.yaml"));
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
    // The mock validates requests against the spec: an unknown guardrail is refused.
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

  // Last: it removes Prism from the project.
  it("says how to install Prism when the project lacks it", async () => {
    unlinkSync(join(installed.project, "node_modules/@stoplight/prism-cli"));
    const result = await run(bin(), ["--port", "0"], { cwd: installed.project });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("npm install --save-dev @stoplight/prism-cli@5");
  }, LONG);
});
