// npm test [-- vitest args]: one vitest run, readable output for people, and a closing line
// "N passed, N failed" for CI, taken from the JSON reporter rather than from vitest's summary.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { cliEntry } from "./lib/node-cli.mjs";
import { REPO_ROOT } from "./lib/spec.mjs";

const RESULTS = resolve(REPO_ROOT, ".vitest-results.json");

// A results file left by an earlier run must never be read as this run's.
rmSync(RESULTS, { force: true });
const run = spawnSync(
  process.execPath,
  [
    cliEntry("vitest", "vitest"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${RESULTS}`,
    ...process.argv.slice(2),
  ],
  { cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, NO_COLOR: "1" } },
);

function readResults() {
  try {
    return JSON.parse(readFileSync(RESULTS, "utf8"));
  } catch {
    return undefined;
  }
}

const results = readResults();
let passed = results?.numPassedTests ?? 0;
let failed = results?.numFailedTests ?? 0;
// A file that fails before any test runs (import error, failing beforeAll) has no test results
// of its own, so vitest's counts leave it out.
failed += (results?.testResults ?? []).filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
// No report at all, or vitest failing for a reason its counts do not show (an unhandled error):
// the run itself counts as a failure, so the line never reads green while the exit code is red.
if (failed === 0 && (results === undefined || run.status !== 0)) failed = 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
