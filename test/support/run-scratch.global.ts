// vitest globalSetup: one scratch directory for the whole run. Artefacts that several test files
// need (the built and packed package, its installation, the rendered docs) are made there once
// (./once-per-run.ts), whichever worker asks first, and the directory goes when the run ends.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory that lives as long as this test run, shared by every worker. */
    runScratch: string;
  }
}

let scratch: string | undefined;

export function setup(project: TestProject): void {
  scratch = mkdtempSync(join(tmpdir(), "platform-test-run-"));
  project.provide("runScratch", scratch);
}

export function teardown(): void {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}
