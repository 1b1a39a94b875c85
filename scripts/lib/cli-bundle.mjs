// The `platform` command line as it ships in dist/cli/: src/cli/main.ts bundled by esbuild with
// code splitting, its dependencies left as imports (they stay the package's dependencies). One
// module per source file made every start resolve, read and link some forty-five files of its own
// before the first line ran (issue 34: `platform completion bash` missed its start-up target as
// installed); split, a start loads a handful of chunks, and the lazy imports (each command's
// work, the client, the MCP server, the completion renderers) stay lazy, each a chunk of its own.
// The command line's tests run this same bundle (test/cli/support/build-cli.ts), and so does the
// start-up benchmark (bench/run.mjs).
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { build } from "esbuild";

// Chunks sit beside main.js, two folders below the package root, as every module of src/cli/ did:
// a path relative to import.meta.url means the same from any of them only if nothing else moves.
// Each module that reads one was audited for it; a new one must be too (the build fails on it).
export const IMPORT_META_AUDITED = new Map([
  ["cli/main.ts", "../../package.json (its version)"],
  ["mcp/server.ts", "../../package.json (the server's version)"],
]);

/**
 * The modules of the bundle (paths relative to `srcDir`) whose source reads import.meta but that
 * IMPORT_META_AUDITED does not name: a path relative to such a module may point elsewhere once
 * the module sits in a chunk in dist/cli/.
 * @param {string} srcDir
 * @param {string[]} inputs the bundle's inputs, absolute or relative to the working directory
 * @param {(path: string) => string} [read]
 * @returns {string[]}
 */
export function unauditedImportMeta(srcDir, inputs, read = (path) => readFileSync(path, "utf8")) {
  return inputs
    .map((input) => relative(srcDir, input).split("\\").join("/"))
    .filter((file) => !file.startsWith("..") && !IMPORT_META_AUDITED.has(file) && /\bimport\.meta\b/.test(read(join(srcDir, file))));
}

// commander is CommonJS: imported from ES modules, Node reads it through its ESM wrapper and scans
// its source for the names it exports before running it. Required instead, as its own "require"
// export says, it starts some 5 ms sooner on this machine (issue 34); still the installed package,
// found from dist/cli/ as an import would find it. A name src/ imports that this list lacks fails
// the build (esbuild: no matching export).
const COMMANDER_NAMES = ["Argument", "Command", "CommanderError", "Help", "InvalidArgumentError", "Option"];
const COMMANDER_SHIM = "commander-required";

/** @type {import("esbuild").Plugin} */
const requireCommander = {
  name: "require-commander",
  setup(build) {
    build.onResolve({ filter: /^commander$/ }, () => ({ path: "commander", namespace: COMMANDER_SHIM }));
    build.onLoad({ filter: /.*/, namespace: COMMANDER_SHIM }, () => ({
      loader: "js",
      contents:
        'import { createRequire } from "node:module";\n' +
        'const commander = createRequire(import.meta.url)("commander");\n' +
        `export const { ${COMMANDER_NAMES.join(", ")} } = commander;\n`,
    }));
  },
};

/**
 * Bundles `srcDir`/cli/main.ts into `outDir` (main.js and its chunks); fails if a module it holds
 * reads import.meta without an audit.
 * @param {{ srcDir: string, outDir: string, outExtension?: string }} options outExtension: ".mjs"
 *   for a bundle outside a "type": "module" package
 */
export async function bundleCli({ srcDir, outDir, outExtension = ".js" }) {
  const result = await build({
    entryPoints: { main: join(srcDir, "cli/main.ts") },
    outdir: outDir,
    outExtension: { ".js": outExtension },
    // From the folder above src/, so src/index.ts's chunk is named src-<hash>.js (esbuild names an
    // index module after its folder, relative to this one), not -<hash>.js.
    absWorkingDir: dirname(srcDir),
    bundle: true,
    splitting: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    metafile: true,
    plugins: [requireCommander],
  });
  const unaudited = unauditedImportMeta(srcDir, Object.keys(result.metafile.inputs).map((input) => join(dirname(srcDir), input)));
  if (unaudited.length > 0) {
    throw new Error(
      `the command line's bundle holds modules that read import.meta, which IMPORT_META_AUDITED (scripts/lib/cli-bundle.mjs) does not name: ${unaudited.join(", ")}. ` +
        "In dist/cli/ they sit in a chunk beside main.js: check each path they make from it, then add them.",
    );
  }
  return result.metafile;
}
