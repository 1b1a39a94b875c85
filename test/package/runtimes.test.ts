// The runtimes the README names, each running the packed package as installed in a project:
// the portable entry (`@platform/management-client`) in Deno and in Bun, and the Node entry
// (`/node`, with a file path to upload) on Node 20.19, the lowest the engines field allows, and on
// the newest Node published with its binary. Every run is one process doing a multipart upload
// and a model import read from a stream, against a stateful mock of its own in this process; the
// mock's log proves each byte arrived (a digest per part). The runtimes are npm packages carrying
// their binaries (test/runtimes, a lockfile of its own, installed here on first use): nothing
// else is downloaded.
// The browser, the fourth runtime, is test/package/browser-bundle.test.ts.
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installOnDemand, RUNTIMES as RUNTIMES_FOLDER } from "../../scripts/lib/on-demand-install.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { startStatefulMock } from "../../src/mock/stateful/server.js";
import { installPackedPackage, type InstalledPackage } from "./installed-package.js";
import { runBounded } from "../support/bounded-run.js";
import { expectFlowArrived, expectFlowResult, printedLog } from "./support/flow-checks.js";

const RUNTIMES = resolve(REPO_ROOT, "test/runtimes/node_modules");
const FLOW = resolve(REPO_ROOT, "test/package/support/portable-flow.mjs");
const RUN_BOUND_MS = 60_000;

/** The runtime's executable as its package installed it; a clear failure when it is missing. */
function binary(name: string, ...candidates: string[]): string {
  const found = candidates.map((path) => join(RUNTIMES, path)).find((path) => existsSync(path));
  if (!found) {
    throw new Error(`${name} is not installed in test/runtimes (looked for ${candidates.join(", ")}): npm skips a package whose binary does not exist for this platform, and the Node binaries exist for Linux x64 only`);
  }
  return found;
}

// The program each runtime runs: its entry, the flow, and one line of JSON naming the runtime.
const RUNTIME_NAME = `typeof Deno !== "undefined" ? "deno " + Deno.version.deno : typeof Bun !== "undefined" ? "bun " + Bun.version : "node " + process.versions.node`;
const PORTABLE_MAIN = `import { createPlatformClient } from "@platform/management-client";
import { portableFlow } from "./portable-flow.mjs";
const [baseUrl] = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
const result = await portableFlow({ createPlatformClient, baseUrl });
console.log(JSON.stringify({ runtime: ${RUNTIME_NAME}, ...result }));
`;
const NODE_MAIN = `import { writeFileSync } from "node:fs";
import { createPlatformClient } from "@platform/management-client/node";
import { ATTACHMENT_BYTES, patternBytes, portableFlow } from "./portable-flow.mjs";
writeFileSync("notes.txt", patternBytes(ATTACHMENT_BYTES, 7));
const result = await portableFlow({ createPlatformClient, baseUrl: process.argv[2], filePath: "notes.txt" });
console.log(JSON.stringify({ runtime: ${RUNTIME_NAME}, ...result }));
`;
// The same flows through an in-process stateful mock of the run's own: no port, no socket.
const IN_PROCESS_PORTABLE_MAIN = `import { createPlatformClient } from "@platform/management-client";
import { createStatefulMock } from "@platform/management-client/mock";
import { inProcessFlow } from "./portable-flow.mjs";
const result = await inProcessFlow({ createPlatformClient, createStatefulMock });
console.log(JSON.stringify({ runtime: ${RUNTIME_NAME}, ...result }));
`;
const IN_PROCESS_NODE_MAIN = `import { writeFileSync } from "node:fs";
import { createPlatformClient } from "@platform/management-client/node";
import { createStatefulMock } from "@platform/management-client/mock";
import { ATTACHMENT_BYTES, inProcessFlow, patternBytes } from "./portable-flow.mjs";
writeFileSync("notes.txt", patternBytes(ATTACHMENT_BYTES, 7));
const result = await inProcessFlow({ createPlatformClient, createStatefulMock, filePath: "notes.txt" });
console.log(JSON.stringify({ runtime: ${RUNTIME_NAME}, ...result }));
`;
const IN_PROCESS_PROGRAM = { "portable.mjs": "in-process-portable.mjs", "node-entry.mjs": "in-process-node-entry.mjs" } as const;

interface Runtime {
  label: string;
  /** The command line before the program's path. */
  command: () => [string, string[]];
  program: "portable.mjs" | "node-entry.mjs";
  version: RegExp;
}

const DENO_ENV = { DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1" };
const RUNS: Runtime[] = [
  {
    label: "Deno (portable entry)",
    command: () => [binary("Deno", "deno/deno"), ["run", "--allow-net=127.0.0.1", "--allow-read", "--allow-env"]],
    program: "portable.mjs",
    version: /^deno 2\.9\.6$/,
  },
  { label: "Bun (portable entry)", command: () => [binary("Bun", "bun/bin/bun.exe", "@oven/bun-linux-x64/bin/bun"), []], program: "portable.mjs", version: /^bun 1\.4\.5$/ },
  { label: "Node 20.19.0 (Node entry)", command: () => [binary("Node 20.19.0", "node-20.19/bin/node"), []], program: "node-entry.mjs", version: /^node 20\.19\.0$/ },
  { label: "Node 26.10.0, the newest (Node entry)", command: () => [binary("Node 26.10.0", "node-newest/bin/node"), []], program: "node-entry.mjs", version: /^node 26\.10\.0$/ },
];


let installed: InstalledPackage;
beforeAll(async () => {
  [installed] = await Promise.all([installPackedPackage(), installOnDemand(RUNTIMES_FOLDER)]);
  copyFileSync(FLOW, join(installed.project, "portable-flow.mjs"));
  writeFileSync(join(installed.project, "portable.mjs"), PORTABLE_MAIN);
  writeFileSync(join(installed.project, "node-entry.mjs"), NODE_MAIN);
  writeFileSync(join(installed.project, IN_PROCESS_PROGRAM["portable.mjs"]), IN_PROCESS_PORTABLE_MAIN);
  writeFileSync(join(installed.project, IN_PROCESS_PROGRAM["node-entry.mjs"]), IN_PROCESS_NODE_MAIN);
}, 600_000);
afterAll(() => rmSync(installed.scratch, { recursive: true, force: true }));

describe("the packed package in each runtime the README names", () => {
  it.concurrent.each(RUNS.map((run) => [run.label, run] as const))("%s: a multipart upload and a stream import, every byte arriving", async (_label, runtime) => {
    const mock = await startStatefulMock({ jobs: { polls: 1 } });
    try {
      const [command, args] = runtime.command();
      // A folder of its own inside the project (the package resolves from the project's
      // node_modules above it), for the files the run writes.
      const cwd = mkdtempSync(join(installed.project, "run-"));
      const run = await runBounded(command, [...args, join("..", runtime.program), mock.url], {
        cwd,
        env: { ...DENO_ENV, DENO_DIR: join(installed.scratch, "deno-dir") },
        timeoutMs: RUN_BOUND_MS,
      });
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      const result = JSON.parse(run.stdout.trim().split("\n").pop()!);
      expect(result.runtime).toMatch(runtime.version);
      expectFlowResult(result);
      expectFlowArrived(mock);
    } finally {
      await mock.stop();
    }
  }, RUN_BOUND_MS + 30_000);

  it.concurrent.each(RUNS.map((run) => [run.label, run] as const))("%s: the same through the in-process stateful mock, no port", async (_label, runtime) => {
    const [command, args] = runtime.command();
    const cwd = mkdtempSync(join(installed.project, "run-"));
    const run = await runBounded(command, [...args, join("..", IN_PROCESS_PROGRAM[runtime.program])], {
      cwd,
      env: { ...DENO_ENV, DENO_DIR: join(installed.scratch, "deno-dir") },
      timeoutMs: RUN_BOUND_MS,
    });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const result = JSON.parse(run.stdout.trim().split("\n").pop()!);
    expect(result.runtime).toMatch(runtime.version);
    expectFlowResult(result);
    expectFlowArrived(printedLog(result.log));
  }, RUN_BOUND_MS + 30_000);
});
