// Folders of the repository with a package.json and a lockfile of their own (the test runtimes,
// the extra TypeScript versions, the other people's tools of the portability suite), installed
// with `npm ci` only when a test that needs them runs: a contributor's `npm ci` stays the
// everyday toolchain, and CI, which runs every test, installs them all.
//
// Once per lockfile: a stamp beside what npm installed records the lockfile's digest, so a
// changed lockfile installs again and an unchanged one never does. Safe when several vitest
// workers ask at once: an exclusive mkdir is the lock, the others wait for it to go and then find
// the stamp; a lock left by a process that died is taken over.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { npmCommand } from "./pack.mjs";
import { runProcess } from "./process-run.mjs";
import { REPO_ROOT } from "./spec.mjs";

/** Deno, Bun, Node 20.19 and the newest Node: test/package/runtimes.test.ts. */
export const RUNTIMES = "test/runtimes";
/** TypeScript 5.4 and 7: test/package/typescript-versions.test.ts; 7 is also the suite's fast checker (test/support/checker.ts). */
export const TYPESCRIPT_VERSIONS = "test/typescript-versions";
/** Other people's generators, mocks, parsers and converters: test/spec/portability*.test.ts. */
export const PORTABILITY_TOOLS = "test/spec/portability";
/** Every folder installed on demand. */
export const ON_DEMAND_FOLDERS = [RUNTIMES, TYPESCRIPT_VERSIONS, PORTABILITY_TOOLS];

const POLL_MS = 250;
const STAMP = ".installed-lockfile-sha256";

const digest = (/** @type {string} */ file) => createHash("sha256").update(readFileSync(file)).digest("hex");
const read = (/** @type {string} */ file) => {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
};
const alive = (/** @type {number} */ pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
};

/**
 * Whether `folder` (relative to the repository) is installed from its current lockfile.
 * @param {string} folder
 */
export function isInstalled(folder) {
  const dir = resolve(REPO_ROOT, folder);
  return read(join(dir, "node_modules", STAMP)) === digest(join(dir, "package-lock.json"));
}

/**
 * `npm ci` in `folder` (relative to the repository) unless it is installed from its lockfile
 * already; resolves to its node_modules. `log` hears one line when an install starts.
 * @param {string} folder
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function installOnDemand(folder, { log = (/** @type {string} */ line) => process.stderr.write(`${line}\n`) } = {}) {
  const dir = resolve(REPO_ROOT, folder);
  const nodeModules = join(dir, "node_modules");
  const lock = join(dir, ".install-lock");
  for (;;) {
    if (isInstalled(folder)) return nodeModules;
    try {
      mkdirSync(lock);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      const owner = Number(read(join(lock, "pid")));
      // Taken by a process that is gone (killed mid-install): its half install is redone.
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else await delay(POLL_MS);
      continue;
    }
    try {
      writeFileSync(join(lock, "pid"), String(process.pid));
      // Checked again under the lock: another process may have finished between the two.
      if (isInstalled(folder)) return nodeModules;
      log(`installing ${relative(REPO_ROOT, dir)} (npm ci, once per lockfile)`);
      const [command, args] = npmCommand(["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
      const installed = await runProcess(command, args, { cwd: dir });
      if (installed.code !== 0) throw new Error(`npm ci in ${relative(REPO_ROOT, dir)} failed (exit ${installed.code}):\n${installed.stdout}\n${installed.stderr}`);
      writeFileSync(join(nodeModules, STAMP), `${digest(join(dir, "package-lock.json"))}\n`);
      return nodeModules;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
