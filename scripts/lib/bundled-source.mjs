// TypeScript of src/ for the repository's scripts, which run without a build: bundled with esbuild
// into a temporary module and imported from there (the stateful mock, the drift report code).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { REPO_ROOT } from "./spec.mjs";

/**
 * The module that `entry` (a path) or `contents` (source text resolved from the repository root)
 * makes, bundled for this Node and imported.
 * @param {{ entry?: string, contents?: string }} source
 */
export async function importBundled({ entry, contents }) {
  const dir = mkdtempSync(join(tmpdir(), "platform-bundle-"));
  try {
    const outfile = join(dir, "bundle.mjs");
    await build({
      ...(entry ? { entryPoints: [entry] } : { stdin: { contents: contents ?? "", resolveDir: REPO_ROOT, loader: "ts", sourcefile: "bundled-source.ts" } }),
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "warning",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    // Imported modules stay loaded once read; the file is not needed any more.
    rmSync(dir, { recursive: true, force: true });
  }
}
