import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { SlowestFirst } from "./test/support/slowest-first.js";

// Guide samples written by test/docs/guides.test.ts; those that are test files run there,
// under their own config, and a copy left from an earlier run must not join this one.
const EXCLUDE = [...configDefaults.exclude, "test/.guides/**"];

// Folders whose files test in-process code, leave no state behind (no module mocks, no stubbed
// globals; an environment variable or a fake clock a test changes, it restores) and need none of
// the run's set-up below: their files share worker processes (isolate: false), so the modules
// they import (most of src/ through vite) are loaded once per worker, not once per file. Their
// CPU (user+sys, the same busy machine): wrappers to reliability, 60 files, 198 s isolated and
// 101 s shared; spec's 28, 173 s and 141 s. mcp gained 2 s of 29 and stays isolated, as do the
// files that read the run's set-up (inject) and cli, contract, docs, package.
// Files of those folders that read the run's Prism (inject("prismUrl")): they stay isolated.
const NEEDS_SETUP = new Set(["test/spec/portability.test.ts", "test/spec/workflows-respect.test.ts"]);
const SHARED = ["wrappers", "kernel", "node", "mock", "drift", "reliability", "spec"]
  .flatMap((folder) => testFiles(`test/${folder}`))
  .filter((file) => !NEEDS_SETUP.has(file));

/** The test files under `dir` (repository-relative), not in what a test installs beside itself (node_modules). */
function testFiles(dir: string): string[] {
  return readdirSync(fileURLToPath(new URL(dir, import.meta.url)), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

export default defineConfig({
  test: {
    environment: "node",
    // Separate processes, so a test that spawns Prism or a linter owns its children and a
    // crash in one file cannot take the others down.
    pool: "forks",
    // Three on two cores: many files wait on a child process (Prism, a linter, the built CLI)
    // rather than compute, so a third worker fills that idle time (3m27 against 3m43 with two,
    // quiet), and the run stays green beside two CPU-bound processes (5m18).
    maxWorkers: 3,
    // The files that take longest start first, so that none of them ends the run alone.
    sequence: { sequencer: SlowestFirst },
    // Generous because tests start Prism and run the linters and the generator as CLIs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["test/**/*.test.ts"],
          exclude: [...EXCLUDE, ...SHARED],
          // One Prism mock of openapi/platform.yaml for the whole run, shared by test/contract; one build
          // of the command line, shared by every test that runs it as a process; one scratch directory
          // where shared artefacts are made once per run (provide/inject).
          globalSetup: ["test/contract/global-setup.ts", "test/cli/support/build-cli.ts", "test/support/run-scratch.global.ts"],
        },
      },
      { extends: true, test: { name: "shared", include: SHARED, exclude: EXCLUDE, isolate: false } },
    ],
  },
});
