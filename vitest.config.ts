import { configDefaults, defineConfig } from "vitest/config";
import { SlowestFirst } from "./test/support/slowest-first.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Guide samples written by test/docs/guides.test.ts; those that are test files run there,
    // under their own config, and a copy left from an earlier run must not join this one.
    exclude: [...configDefaults.exclude, "test/.guides/**"],
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
    // One Prism mock of openapi/platform.yaml for the whole run, shared by test/contract; one build
    // of the command line, shared by every test that runs it as a process; one scratch directory
    // where shared artefacts are made once per run (provide/inject).
    globalSetup: ["test/contract/global-setup.ts", "test/cli/support/build-cli.ts", "test/support/run-scratch.global.ts"],
  },
});
