import { configDefaults, defineConfig } from "vitest/config";
import { SlowestFirst } from "./test/support/slowest-first.js";

// Guide samples written by test/docs/guides.test.ts; those that are test files run there,
// under their own config, and a copy left from an earlier run must not join this one.
const EXCLUDE = [...configDefaults.exclude, "test/.guides/**"];

// Folders whose files test in-process code, leave no state behind (no module mocks, no stubbed
// globals; an environment variable or a fake clock a test changes, it restores) and need none of
// the run's set-up below: their files share worker processes (isolate: false), so the modules
// they import (most of src/ through vite) are loaded once per worker, not once per file. Their
// 60 files took 198 s of CPU isolated and 101 s shared (user+sys, the same busy machine).
// spec, mcp and cli stay isolated: their files mostly wait on children they spawn (linters,
// Prism, the built CLI), and some read the run's set-up (inject).
const SHARED = ["wrappers", "kernel", "node", "mock", "drift", "reliability"].map((folder) => `test/${folder}/**/*.test.ts`);

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
