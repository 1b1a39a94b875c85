// npm test [-- vitest args]: one vitest run, readable output for people, and a closing line
// "N passed, N failed" for CI, taken from the JSON reporter rather than from vitest's summary.
// Before anything runs, the programs the selected tests need that npm does not install (Chromium,
// curl, tmux, zsh, fish: scripts/lib/system-programs.mjs) are checked: missing ones are installed
// with apt-get when this runs as root on Debian, and otherwise the run stops with one line naming
// what to install.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliEntry } from "./lib/node-cli.mjs";
import { REPO_ROOT } from "./lib/spec.mjs";
import { found, missingLine, neededPrograms } from "./lib/system-programs.mjs";

const vitestArgs = process.argv.slice(2);

const missing = () => neededPrograms(vitestArgs).filter((p) => !found(p));
if (missing().length > 0) {
  const canInstall = process.getuid?.() === 0 && found({ program: "apt-get" });
  if (canInstall) {
    const packages = [...new Set(missing().map((p) => p.debian))];
    console.log(`npm test: installing ${packages.join(", ")} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...packages]]) {
      const step = spawnSync("apt-get", args, { stdio: "inherit", env });
      if (step.status !== 0) break;
    }
  }
  if (missing().length > 0) {
    console.error(missingLine(missing()));
    process.exit(1);
  }
}

// A results file of this run's own, so a run inside another (a test of this script) or beside it
// never reads or removes the other's.
const scratch = mkdtempSync(join(tmpdir(), "npm-test-"));
const RESULTS = join(scratch, "vitest-results.json");
const run = spawnSync(
  process.execPath,
  [cliEntry("vitest", "vitest"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${RESULTS}`, ...vitestArgs],
  { cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, NO_COLOR: "1" } },
);

/**
 * vitest's JSON report (its reporter's format), or undefined when the run wrote none.
 * @returns {{ numPassedTests?: number, numFailedTests?: number, testResults?: { status: string, assertionResults: { status: string }[] }[] } | undefined}
 */
function readResults() {
  try {
    return JSON.parse(readFileSync(RESULTS, "utf8"));
  } catch {
    return undefined;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const results = readResults();
const passed = results?.numPassedTests ?? 0;
let failed = results?.numFailedTests ?? 0;
// A file that failed with no failed test of its own (an import error: no tests at all; a failing
// beforeAll: its tests all skipped) is left out of vitest's counts, and counted here.
failed += (results?.testResults ?? []).filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed")).length;
// No report at all, or vitest failing for a reason its counts do not show (an unhandled error):
// the run itself counts as a failure, so the line never reads green while the exit code is red.
if (failed === 0 && (results === undefined || run.status !== 0)) failed = 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
