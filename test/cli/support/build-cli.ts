// vitest globalSetup: ONE build of the command line per test run, shared by every test file that
// runs `platform` as a process (provide/inject "cliMain"). Each process then starts from plain
// JavaScript instead of compiling the TypeScript sources again, which was most of every run.
//
// It is the bundle the package ships in dist/cli/ (scripts/lib/cli-bundle.mjs), and it sits two
// folders below the repository (.cli-build/<pid>/), as dist/cli/ does, so it finds the
// package.json it reads its version from and, its dependencies left external, the repository's
// node_modules.
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleCli } from "../../../scripts/lib/cli-bundle.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The bundled `platform` entry for this run: node <cliMain> … */
    cliMain: string;
    /** A folder removed when the run ends, for what the command line's tests leave (profiles). */
    cliScratch: string;
  }
}

const outdir = join(REPO_ROOT, ".cli-build", String(process.pid));

export async function setup(project: TestProject): Promise<void> {
  await bundleCli({ srcDir: join(REPO_ROOT, "src"), outDir: outdir, outExtension: ".mjs" });
  await mkdir(join(outdir, "scratch"));
  project.provide("cliMain", join(outdir, "main.mjs"));
  project.provide("cliScratch", join(outdir, "scratch"));
}

export async function teardown(): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
}
