// The README's Install section as a newcomer follows it, to a first call: its ```sh blocks, read
// from the README (not copied here), run as written and in order under an empty HOME. The first
// runs in a copy of this repository as a clone has it (tracked files, no build output), whose
// `npm ci` is the one line left out: its node_modules is a link to this repository's, which
// `npm ci` made. The next runs in a new shell in HOME, as a new terminal starts; the mock's block
// runs in a shell of its own and keeps running; the last runs where the project block left off,
// against that mock. The one change to what the README says: the mock listens on a free port
// (PORT=0, which platform-mock reads) and the last block's 127.0.0.1:4010 becomes that address,
// so the test never meets another mock on 4010. The optional peers' block is not run (the
// package checks install those). npm reads and fills the developer's cache, preferring what it
// holds: a fresh HOME would otherwise download every package again on every run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { runBounded, type BoundedRun } from "../support/bounded-run.js";

const README = "README.md";
const TARBALL = /~\/(platform-management-client-[\d.]+\.tgz)/;
const PACK_BOUND_MS = 300_000;
const INSTALL_BOUND_MS = 180_000;
const CALL_BOUND_MS = 30_000;
const MOCK_ADDRESS = "http://127.0.0.1:4010";

/** The ```sh blocks of the README's "## Install" section, in order. */
function installBlocks(): string[] {
  const markdown = readFileSync(resolve(REPO_ROOT, README), "utf8");
  const start = markdown.indexOf("\n## Install\n");
  if (start < 0) throw new Error(`${README} has no "## Install" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return [...markdown.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const blocks = installBlocks();
const optional = blocks.filter((block) => block.trim().split("\n").every((line) => /^npm install .*# only for /.test(line)));
const [cloneBlock, projectBlock, mockBlock, callBlock, ...rest] = blocks.filter((block) => !optional.includes(block));

let scratch: string;
let home: string;
let mock: ChildProcess | undefined;
let mockUrl: string;
const runs: Record<string, BoundedRun> = {};

// A fresh account's environment: HOME and PATH (less any node_modules/.bin a test runner put
// there), nothing of npm's own run or the developer's npm settings but the cache.
function freshEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = Object.fromEntries(Object.keys(process.env).map((key) => [key, undefined]));
  const path = (process.env.PATH ?? "").split(delimiter).filter((dir) => !dir.includes("node_modules"));
  return {
    ...env,
    HOME: home,
    PATH: path.join(delimiter),
    LANG: "C.UTF-8",
    npm_config_cache: process.env.npm_config_cache ?? join(homedir(), ".npm"),
    npm_config_prefer_offline: "true",
    npm_config_update_notifier: "false",
  };
}

// A block pasted into bash, stopping at the first command that fails; `cwdFile` gets the folder it ended in.
const pasted = (block: string, cwdFile: string) => ["-e", "-c", `${block}\npwd > '${cwdFile}'`];

/** A copy of this repository as a clone has it: the files git tracks (or would), no build output. */
function cloneOfRepository(into: string): string {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO_ROOT, encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    if (!existsSync(join(REPO_ROOT, file))) continue; // deleted in the work tree, not yet committed
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(into, file));
  }
  symlinkSync(join(REPO_ROOT, "node_modules"), join(into, "node_modules"), "dir");
  return into;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "platform-install-section-"));
  home = join(scratch, "home");
  mkdirSync(home);
  const clone = cloneOfRepository(join(scratch, "clone"));
  const cwdFile = join(scratch, "cwd");

  // In the clone: every line but npm ci.
  const cloneLines = cloneBlock!.split("\n").filter((line) => !/^npm ci\b/.test(line));
  runs.clone = await runBounded("bash", pasted(cloneLines.join("\n"), cwdFile), { cwd: clone, env: freshEnv(), timeoutMs: PACK_BOUND_MS });
  if (runs.clone.code !== 0) return;

  // A new terminal, in HOME.
  runs.project = await runBounded("bash", pasted(projectBlock!, cwdFile), { cwd: home, env: freshEnv(), timeoutMs: INSTALL_BOUND_MS });
  if (runs.project.code !== 0) return;
  const projectDir = readFileSync(cwdFile, "utf8").trim();

  // Another terminal, for the mock; it runs until the test stops it (its whole process group).
  mock = spawn("bash", ["-c", mockBlock!], { cwd: home, env: { ...freshEnv(), PORT: "0" } as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let mockOutput = "";
  mock.stderr!.setEncoding("utf8").on("data", (text: string) => (mockOutput += text));
  mockUrl = await new Promise<string>((found, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mock's block printed no "Mock server:" line within ${CALL_BOUND_MS / 1000} s:\n${mockOutput}`)), CALL_BOUND_MS);
    createInterface({ input: mock!.stdout! }).on("line", (line) => {
      mockOutput += `${line}\n`;
      const match = /Mock server: (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        found(match[1]!);
      }
    });
    mock!.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the mock's block exited with ${code}:\n${mockOutput}`));
    });
  });

  // Back in the first terminal.
  runs.call = await runBounded("bash", pasted(callBlock!.replaceAll(MOCK_ADDRESS, mockUrl), cwdFile), { cwd: projectDir, env: freshEnv(), timeoutMs: CALL_BOUND_MS });
}, PACK_BOUND_MS + INSTALL_BOUND_MS + 2 * CALL_BOUND_MS);

afterAll(() => {
  if (mock?.pid) {
    try {
      process.kill(-mock.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const shown = (run: BoundedRun | undefined) => (run ? `${run.timedOut ? "timed out" : `exit ${run.code}`}:\n${run.output.slice(-4000)}` : "not run: an earlier block failed");

describe("the README's Install section", () => {
  it("is a clone block, a project block, the mock's block and a first call, then the optional peers", () => {
    expect(rest).toEqual([]);
    expect(cloneBlock).toMatch(/^npm ci\b/m);
    expect(cloneBlock).toMatch(TARBALL);
    expect(mockBlock).toMatch(/npx platform-mock --stateful/);
    expect(callBlock).toContain(MOCK_ADDRESS);
    expect(optional).toHaveLength(1);
  });

  it("packs the tarball in the clone, where the project's install finds it", () => {
    expect(runs.clone?.code, shown(runs.clone)).toBe(0);
    expect(existsSync(join(home, TARBALL.exec(cloneBlock!)![1]!))).toBe(true);
  });

  it("makes the project in a new terminal: an ES module project with the package and tsx", () => {
    expect(runs.project?.code, shown(runs.project)).toBe(0);
    const manifest = JSON.parse(readFileSync(join(home, "platform-demo/package.json"), "utf8"));
    expect(manifest.type).toBe("module");
    expect(Object.keys(manifest.dependencies)).toContain("@platform/management-client");
    expect(Object.keys(manifest.devDependencies)).toContain("tsx");
  });

  it("reaches a first call against the mock, from the command line and from the client", () => {
    const run = runs.call;
    expect(run?.code, shown(run)).toBe(0);
    // The command's answer (the two connections the spec's examples name, which the mock starts
    // with), then the client's total and ids.
    expect(run!.stdout).toMatch(/^cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10\s+Support assistant\s/m);
    expect(run!.stdout).toMatch(/^2 \[\s+'cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10',\s+'cn-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'\s+\]$/m);
  });
});
