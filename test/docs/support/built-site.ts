// The documentation site built once per test run, as `npm run docs` builds it, into the run's
// scratch directory (PLATFORM_OUTPUT_ROOT), so no test writes the repository's docs/ and every
// test of the site (its pages, its code samples, the browser's crawl) reads the same build.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runProcess as run } from "../../../scripts/lib/process-run.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";
import { oncePerRun } from "../../support/once-per-run.js";

export interface BuiltSite {
  /** docs/ of the build: discrepancies.md and site/. */
  docs: string;
  /** The site's root folder. */
  site: string;
  /** What the build printed. */
  output: string;
}

const TSX = fileURLToPath(import.meta.resolve("tsx"));

export function builtSite(): Promise<BuiltSite> {
  return oncePerRun("docs-site", async (dir) => {
    const built = await run(process.execPath, ["--import", TSX, resolve(REPO_ROOT, "scripts/build-docs.mjs")], { cwd: REPO_ROOT, env: { ...process.env, PLATFORM_OUTPUT_ROOT: dir } });
    if (built.code !== 0) throw new Error(`npm run docs failed (exit ${built.code}):\n${built.stdout}\n${built.stderr}`);
    return { docs: join(dir, "docs"), site: join(dir, "docs/site"), output: built.stdout };
  });
}
