// The stateful mock for the repository's scripts, which run without a build: src/mock/stateful
// is TypeScript, so it is bundled with esbuild into a temporary module and imported from there.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { REPO_ROOT } from "./spec.mjs";

/** startStatefulMock from the working copy's source. */
export async function loadStatefulMock() {
  const dir = mkdtempSync(join(tmpdir(), "platform-stateful-"));
  try {
    const outfile = join(dir, "stateful.mjs");
    await build({
      entryPoints: [join(REPO_ROOT, "src/mock/stateful/server.ts")],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "warning",
    });
    return (await import(pathToFileURL(outfile).href)).startStatefulMock;
  } finally {
    // Imported modules stay loaded once read; the file is not needed any more.
    rmSync(dir, { recursive: true, force: true });
  }
}
