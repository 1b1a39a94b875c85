// dist/cli/ is a split bundle (scripts/lib/cli-bundle.mjs), not tsc's module per file. Built here
// into a package folder of its own, as the build lays it out: the paths its modules make from
// import.meta.url (the package's version, for --version and for the MCP server) still reach the
// package's package.json from a chunk; a start-up loads no dependency but commander, so the work
// stayed lazy, and its own modules from one chunk; and a module that reads import.meta without an
// audit stops the build.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleCli, IMPORT_META_AUDITED, unauditedImportMeta } from "../../scripts/lib/cli-bundle.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { SPEC_VERSION } from "../../src/generated/spec-version.js";

const LOG_LOADS = fileURLToPath(new URL("../cli/support/log-module-loads.mjs", import.meta.url));
// Not the repository's version: a path that reached the repository's package.json instead of the
// package's own would print the wrong one.
const VERSION = "9.8.7-bundle-test";
const LONG = 60_000;

let scratch: string;
let main: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "cli-bundle-"));
  const pkg = join(scratch, "pkg");
  mkdirSync(pkg);
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "@platform/management-client", version: VERSION, type: "module" }));
  symlinkSync(join(REPO_ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  await bundleCli({ srcDir: join(REPO_ROOT, "src"), outDir: join(pkg, "dist", "cli") });
  main = join(pkg, "dist", "cli", "main.js");
  // The load hook sees ES modules only; commander is required (CommonJS): list those as it exits.
  writeFileSync(
    join(scratch, "log-required.cjs"),
    'process.on("exit", () => { for (const file of Object.keys(require.cache)) require("node:fs").writeSync(2, "module-load file://" + file + "\\n"); });\n',
  );
}, LONG);
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function platform(args: string[], node: string[] = []) {
  const run = spawnSync(process.execPath, [...node, main, ...args], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the command line's bundle in dist/cli/", () => {
  it("is split: main.js and chunks beside it, none in a subfolder", () => {
    const entries = readdirSync(join(main, ".."), { withFileTypes: true });
    expect(entries.filter((entry) => entry.isDirectory())).toEqual([]);
    expect(entries.map((entry) => entry.name)).toContain("main.js");
    expect(entries.length).toBeGreaterThan(10);
  });

  it("--version reads the package's own package.json", () => {
    const run = platform(["--version"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`platform ${VERSION} (spec ${SPEC_VERSION})`);
  });

  it(
    "platform mcp, from its chunk, tells a client the package's version",
    async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [main, "mcp"],
        env: { PATH: process.env.PATH ?? "", PLATFORM_BASE_URL: "http://127.0.0.1:9", PLATFORM_API_KEY: "bundle-test-key-1234", PLATFORM_JWT: "bundle.test.jwt", NO_COLOR: "1" },
        stderr: "pipe",
      });
      const agent = new Client({ name: "cli-bundle-test", version: "1.0.0" });
      await agent.connect(transport);
      try {
        expect(agent.getServerVersion()?.version).toBe(VERSION);
      } finally {
        await agent.close();
      }
    },
    LONG,
  );

  it.each([[["--help"]], [["completion", "bash"]]])("platform %j loads no dependency but commander", (args) => {
    const run = platform(args, ["--import", LOG_LOADS, "--require", join(scratch, "log-required.cjs")]);
    expect(run.code, run.stderr).toBe(0);
    const loaded = run.stderr
      .split("\n")
      .filter((line) => line.startsWith("module-load file:"))
      .map((line) => line.slice("module-load ".length));
    expect(loaded.some((url) => url.endsWith("/dist/cli/main.js"))).toBe(true);
    const packages = new Set(loaded.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
    expect([...packages]).toEqual(["commander"]);
  });

  it("platform --help loads main.js and the start-up's chunk, not a chunk per module", () => {
    const run = platform(["--help"], ["--import", LOG_LOADS]);
    expect(run.code, run.stderr).toBe(0);
    const ours = run.stderr.split("\n").filter((line) => line.startsWith("module-load file:") && line.includes("/dist/cli/"));
    // main.js, the chunk of the start-up's modules, and that of kernel/errors.ts, which a lazy
    // module also imports with import(), so it is an entry of its own. Split by esbuild's
    // default, a start loaded sixteen.
    expect(ours.length, ours.join("\n")).toBeLessThanOrEqual(3);
  });
});

describe("the import.meta audit", () => {
  const src = join(REPO_ROOT, "src");

  it("names a module that reads import.meta and is not audited; passes the audited ones and the rest", () => {
    const sources: Record<string, string> = {
      "cli/main.ts": "createRequire(import.meta.url)",
      "mcp/server.ts": "new URL('../../package.json', import.meta.url)",
      "mock/start-mock.ts": "new URL('../../openapi/platform.yaml', import.meta.url)",
      "kernel/records.ts": "export const x = 1;",
    };
    const read = (path: string) => sources[path.slice(src.length + 1)] ?? "";
    expect(unauditedImportMeta(src, Object.keys(sources).map((file) => join(src, file)), read)).toEqual(["mock/start-mock.ts"]);
  });

  it("audits only modules that exist and still read import.meta", () => {
    for (const file of IMPORT_META_AUDITED.keys()) expect(readFileSync(join(src, file), "utf8"), file).toMatch(/\bimport\.meta\b/);
  });
});
