// The size budget of the portable entry: what a browser bundle of `import ... from
// "@platform/management-client"` costs, minified and gzipped, with openapi-fetch bundled in.
// (size-limit does the same job but needs Node 22; esbuild and zlib are what it would run.)
import { gzipSync } from "node:zlib";
import { basename, resolve } from "node:path";
import { build } from "esbuild";
import { REPO_ROOT } from "./spec.mjs";

// The budget: 24 kB, counted as 24 × 1024 bytes, openapi-fetch included (it is the request path
// of every call), over every chunk loaded on import, each gzipped on its own as a server would
// send it. Only what is large loads on first use (src/wrappers/lazy-modules.ts): the
// request validators and the upload code; the job waiter, redirects and downloads load with
// the entry.
export const CORE_BUDGET_BYTES = 24 * 1024;

const gzipped = (/** @type {import("zlib").InputType} */ bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * Bundles `entry` the way an application's bundler would (browser platform, minified, code
 * split), and measures the chunks loaded on import apart from the ones only loaded on demand
 * through import(). The browser platform also makes a Node built-in in the portable entry a
 * build error, which is what it would be in a browser.
 * @param {string} entry
 */
export async function measureEntry(entry, { nodePaths = [resolve(REPO_ROOT, "node_modules")] } = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    splitting: true,
    outdir: "/virtual-out",
    write: false,
    metafile: true,
    logLevel: "silent",
    // Metafile paths are relative to this directory.
    absWorkingDir: REPO_ROOT,
    nodePaths,
  });
  const bytesOf = new Map(result.outputFiles.map((f) => [f.path, f.contents]));
  const outputs = result.metafile.outputs;
  const absolute = (/** @type {string} */ file) => resolve(REPO_ROOT, file);
  const entryOutput = Object.keys(outputs).find((file) => outputs[file]?.entryPoint && file.endsWith(".js"));
  const entryChunk = entryOutput === undefined ? undefined : outputs[entryOutput];
  if (entryOutput === undefined || entryChunk === undefined) throw new Error(`esbuild reported no JavaScript entry chunk for ${entry}`);

  // Chunks the entry imports statically load with it; chunks reached only through import()
  // load later, when the feature that needs them runs.
  const eager = new Set();
  const visit = (/** @type {string} */ file) => {
    if (eager.has(file)) return;
    eager.add(file);
    for (const dep of outputs[file]?.imports ?? []) if (dep.kind === "import-statement") visit(dep.path);
  };
  visit(entryOutput);
  const measure = (/** @type {string} */ file) => {
    const bytes = bytesOf.get(absolute(file));
    if (bytes === undefined) throw new Error(`esbuild wrote no ${file}`);
    return { file: basename(file), minified: bytes.length, gzipped: gzipped(bytes) };
  };
  const chunks = Object.keys(outputs).filter((file) => file.endsWith(".js"));
  const eagerChunks = chunks.filter((file) => eager.has(file)).map(measure);
  const lazyChunks = chunks.filter((file) => !eager.has(file)).map(measure);
  // The largest inputs of the eager code, for a failure message that says where the bytes are.
  const contributors = Object.entries(entryChunk.inputs)
    .map(([input, { bytesInOutput }]) => ({ input: resolve(REPO_ROOT, input), bytesInOutput }))
    .sort((a, b) => b.bytesInOutput - a.bytesInOutput)
    .slice(0, 8);
  return {
    minified: eagerChunks.reduce((n, c) => n + c.minified, 0),
    gzipped: eagerChunks.reduce((n, c) => n + c.gzipped, 0),
    eagerChunks,
    lazyChunks,
    contributors,
  };
}
