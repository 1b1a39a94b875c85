// What the newcomer's replay (newcomer.test.ts: the README and the guides in order; and
// newcomer-reference.test.ts: the API reference's samples) shares: the run's one installation of
// the packed package, the stateful mock as the docs start it, a reader's environment, and the check
// that a block ran as written. Two files, so vitest runs the two halves side by side.
import { spawn } from "node:child_process";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { expect } from "vitest";
import { DEV_TOOLS, installPackedPackage } from "../../package/installed-package.js";
import type { BlockReplay, DocBlock, ReplayContext } from "./replay.js";

export const RUN_BOUND_MS = 30_000;
// Credentials as a reader sets them for the mock (any value passes), distinctive enough to find.
export const CREDENTIALS = { PLATFORM_API_KEY: "newcomer-api-key-3e9d", PLATFORM_JWT: "newcomer.jwt.71c4" };

export const where = (b: DocBlock) => (b.line > 0 ? `${b.source}:${b.line}` : b.source);

export interface DocsMock {
  url: string;
  stop(): void;
}

/** The stateful mock from the package, as the docs start it, on a free port; resolves to its URL. */
export async function startDocsMock(cwd: string): Promise<DocsMock> {
  const args = [join(cwd, "node_modules/.bin/platform-mock"), "--stateful", "--examples", "--port", "0"];
  const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((found, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /Mock server: (http:\/\/\S+)/.exec(line);
      if (match) found(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`platform-mock exited with ${code} before listening`)));
  });
  return { url, stop: () => child.kill("SIGTERM") };
}

/**
 * Where a replay compiles its ```ts blocks (./replay.ts), out of the reader's sight: an ES module
 * folder in `scratch` whose node_modules is the project's, so the package and the project's tools
 * resolve from it as from the project.
 */
export function compiledFolder(scratch: string, nodeModules: string): string {
  const compiled = join(scratch, "compiled");
  mkdirSync(compiled);
  writeFileSync(join(compiled, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(nodeModules, join(compiled, "node_modules"), "dir");
  return compiled;
}

export interface NewcomerSetUp {
  /** Where the package is installed (the run's one installation, linked). */
  project: string;
  /** A replay's context against the mock at `mockUrl`; every context of a set-up shares the reader's home and project. */
  context(mockUrl: string): ReplayContext;
}

/**
 * A reader's home with no project in it yet (the README's first block makes `platform-demo`),
 * and the packed package ready to be installed there as `npm install` would.
 */
export async function newcomerSetUp(ports: Record<string, number> = {}): Promise<NewcomerSetUp> {
  const installed = await installPackedPackage();
  const home = join(installed.scratch, "home");
  mkdirSync(home);
  const nodeModules = realpathSync(join(installed.project, "node_modules"));
  const compiled = compiledFolder(installed.scratch, nodeModules);
  const proven = new Set<string>();
  return {
    project: installed.project,
    context: (mockUrl) => ({
      home,
      project: join(home, "platform-demo"),
      install: (project) => symlinkSync(nodeModules, join(project, "node_modules"), "dir"),
      installable: [installed.tarball.replace(/^.*\//, ""), ...DEV_TOOLS],
      mockUrl,
      ports,
      env: {
        ...CREDENTIALS,
        PLATFORM_BASE_URL: mockUrl,
        HOME: home,
        // A reader's PATH: no node_modules/.bin of this repository (npm test puts it there).
        PATH: (process.env.PATH ?? "").split(":").filter((dir) => !dir.includes("node_modules")).join(":"),
        XDG_CONFIG_HOME: undefined,
        PLATFORM_PROFILE: undefined,
        PLATFORM_HOST: undefined,
      },
      timeoutMs: RUN_BOUND_MS,
      proven,
      compiled,
    }),
  };
}

/** The block ran to exit 0 within its bound, with nothing found wrong before it ran, and printed no credential. */
export function expectRanAsWritten(result: BlockReplay): void {
  const block = result.block;
  expect(result.problems, where(block)).toEqual([]);
  const run = result.run!;
  const why = run.timedOut ? `did not end within ${RUN_BOUND_MS / 1000} s (a shell block: per command)` : `exited with ${run.signal ?? run.code}`;
  expect(run.code, `${where(block)} ${why}:\n--- ran\n${result.ran}\n--- output\n${run.output.slice(-4000)}`).toBe(0);
  for (const secret of Object.values(CREDENTIALS)) expect(run.output.includes(secret), `${where(block)} printed a credential`).toBe(false);
}
