// The `platform` command line as it ships in dist/cli/: src/cli/main.ts bundled by esbuild with
// code splitting, its dependencies left as imports (they stay the package's dependencies). One
// module per source file made every start resolve, read and link some forty-five files of its own
// before the first line ran (issue 34: `platform completion bash` missed its start-up target as
// installed); bundled, a start loads main.js and the chunk of the start-up's modules, and the lazy
// imports (each command's work, the client, the MCP server, the completion renderers) stay lazy,
// each a chunk of its own.
// The command line's tests run this same bundle (test/cli/support/build-cli.ts), and so does the
// start-up benchmark (bench/run.mjs).
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
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

// esbuild puts each module in a chunk by the set of entries that reach it, and every module a
// start loads is also reached by some of the lazily imported ones, each by its own few: split that
// way, a start loaded main.js and fifteen small chunks, which cost some 20 ms more than one file
// on this machine (issue 34). So each lazily imported module not loaded at start-up also imports
// every module that is (all are loaded and run before any of them can be imported: no start-up
// module calls import() as it loads, only in functions run later; so this changes no order of
// evaluation): the start-up's modules then share one set of entries, and one chunk, apart from
// those that are a lazy import's target themselves (kernel/errors.ts).

/**
 * @param {string} srcDir
 * @param {Partial<import("esbuild").BuildOptions>} extra
 */
const buildOptions = (srcDir, extra) => /** @type {import("esbuild").BuildOptions & { metafile: true }} */ ({
  entryPoints: { main: join(srcDir, "cli/main.ts") },
  // From the folder above src/, so src/index.ts's chunk is named src-<hash>.js (esbuild names an
  // index module after its folder, relative to this one), not -<hash>.js.
  absWorkingDir: dirname(srcDir),
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  metafile: true,
  ...extra,
});

/**
 * The modules a start loads (main.ts's static imports, transitively) and the targets of every
 * import() in the bundle, as absolute paths.
 * @param {string} srcDir
 */
async function startUpAndLazyModules(srcDir) {
  const root = dirname(srcDir);
  /** @type {import("esbuild").Plugin} */
  const stopAtImportCalls = {
    name: "stop-at-import-calls",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (target) => (target.kind === "dynamic-import" ? { path: target.path, external: true } : undefined));
    },
  };
  const [startUp, whole] = await Promise.all([
    build(buildOptions(srcDir, { write: false, outdir: "/startup", plugins: [stopAtImportCalls, requireCommander] })),
    build(buildOptions(srcDir, { write: false, outdir: "/whole", splitting: true, plugins: [requireCommander] })),
  ]);
  const files = (/** @type {string[]} */ inputs) => inputs.filter((input) => !input.includes(":")).map((input) => join(root, input));
  const lazy = Object.values(whole.metafile.inputs).flatMap((input) => files(input.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path)));
  return { startUp: new Set(files(Object.keys(startUp.metafile.inputs))), lazy: new Set(lazy) };
}

/**
 * Bundles `srcDir`/cli/main.ts into `outDir` (main.js and its chunks); fails if a module it holds
 * reads import.meta without an audit.
 * @param {{ srcDir: string, outDir: string, outExtension?: string }} options outExtension: ".mjs"
 *   for a bundle outside a "type": "module" package
 */
export async function bundleCli({ srcDir, outDir, outExtension = ".js" }) {
  const { startUp, lazy } = await startUpAndLazyModules(srcDir);
  const entry = join(srcDir, "cli/main.ts");
  // Re-exported, not imported bare: package.json says "sideEffects": false, so esbuild drops an
  // import nothing uses. A lazy module is an entry of its own, whose exports esbuild keeps.
  const importsOfStartUp = [...startUp]
    .filter((file) => file !== entry)
    .map((file, i) => `export * as __startUp${i} from ${JSON.stringify(file)};`)
    .join("\n");
  /** @type {import("esbuild").Plugin} */
  const startUpInOneChunk = {
    name: "start-up-in-one-chunk",
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (!lazy.has(args.path) || startUp.has(args.path)) return undefined;
        const source = await readFile(args.path, "utf8");
        return { contents: `${source}\n${importsOfStartUp}\n`, loader: /\.[cm]?ts$/.test(args.path) ? "ts" : "js" };
      });
    },
  };
  const result = await build(
    buildOptions(srcDir, { outdir: outDir, outExtension: { ".js": outExtension }, splitting: true, plugins: [requireCommander, startUpInOneChunk] }),
  );
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes(":"));
  const unaudited = unauditedImportMeta(srcDir, inputs.map((input) => join(dirname(srcDir), input)));
  if (unaudited.length > 0) {
    throw new Error(
      `the command line's bundle holds modules that read import.meta, which IMPORT_META_AUDITED (scripts/lib/cli-bundle.mjs) does not name: ${unaudited.join(", ")}. ` +
        "In dist/cli/ they sit in a chunk beside main.js: check each path they make from it, then add them.",
    );
  }
  return result.metafile;
}
