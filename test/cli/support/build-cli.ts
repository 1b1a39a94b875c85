// vitest globalSetup: ONE build of the command line per test run, shared by every test file that
// runs `platform` as a process (provide/inject "cliMain"). Each process then starts from plain
// JavaScript instead of compiling the TypeScript sources again, which was most of every run.
//
// The bundle sits two folders below the repository (.cli-build/<pid>/), as dist/cli/ does, so it
// finds the package.json it reads its version from and, its dependencies left external, the
// repository's node_modules. Code splitting keeps the lazy imports (the client, the progress bar,
// the YAML printer) lazy, as in the package.
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
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
  await build({
    entryPoints: { main: join(REPO_ROOT, "src/cli/main.ts") },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  await mkdir(join(outdir, "scratch"));
  project.provide("cliMain", join(outdir, "main.mjs"));
  project.provide("cliScratch", join(outdir, "scratch"));
}

export async function teardown(): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
}
