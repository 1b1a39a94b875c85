// The packed tarball as its users' tools will see it: publint (package.json fields against the
// files that ship), arethetypeswrong (what TypeScript resolves for each entry point), and the
// bare imports of the shipped JavaScript against package.json "dependencies".
import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { cliEntry } from "./node-cli.mjs";

/**
 * publint on the tarball, warnings and suggestions counted as problems.
 * @param {string} tarball
 */
export async function lintManifest(tarball) {
  const bytes = await readFile(tarball);
  const { messages, pkg } = await publint({
    // The tarball's root directory, as npm writes it.
    pkgDir: "package",
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: "suggestion",
    strict: true,
  });
  return messages.map((m) => `publint ${m.type} ${m.code}: ${formatMessage(m, pkg) ?? ""}`.trim());
}

// The package is ESM only (no "require" condition, by design), so the CommonJS resolutions are
// the ones arethetypeswrong's esm-only profile leaves out.
const IGNORED_RESOLUTIONS = new Set(["node16-cjs"]);
// A data file, not a module: users read it through its path (import.meta.resolve), so there
// are no types to find for it. (openapi.json is kept in: TypeScript does resolve JSON.)
const DATA_ENTRYPOINTS = ["./openapi.yaml"];

/**
 * arethetypeswrong on the tarball, offline (--no-definitely-typed: no @types look-up).
 * @param {string} tarball
 */
export async function lintTypes(tarball) {
  const args = [
    cliEntry("@arethetypeswrong/cli", "attw"),
    tarball,
    "--profile",
    "esm-only",
    "--no-definitely-typed",
    "--exclude-entrypoints",
    ...DATA_ENTRYPOINTS,
    "--format",
    "json",
  ];
  const result = await runToFile(process.execPath, args);
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    return [`attw did not report (exit ${result.code}): ${result.stderr || result.stdout}`];
  }
  const problems = Object.values(report.problems ?? {})
    .flat()
    .filter((p) => !IGNORED_RESOLUTIONS.has(p.resolutionKind))
    .map((p) => `attw ${p.kind}: ${p.entrypoint ?? p.fileName ?? ""}${p.resolutionKind ? ` (${p.resolutionKind})` : ""}`);
  // The exit code is attw's own verdict; a non-zero one without a listed problem still fails.
  if (result.code !== 0 && problems.length === 0) problems.push(`attw exited with code ${result.code}: ${result.stderr}`);
  return problems;
}

// attw ends with process.exit: into a pipe, a report over 64 kB is cut short (Node writes pipes
// asynchronously), so its stdout goes to a file, which Node writes synchronously.
/**
 * @param {string} command
 * @param {readonly string[]} args
 */
async function runToFile(command, args) {
  const dir = await mkdtemp(join(tmpdir(), "attw-"));
  const file = join(dir, "stdout.json");
  const fd = openSync(file, "w");
  try {
    const result = await new Promise((resolveRun, reject) => {
      const child = spawn(command, args, { stdio: ["ignore", fd, "pipe"] });
      let stderr = "";
      child.stderr?.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
      child.on("error", reject);
      child.on("close", (code) => resolveRun({ code: code ?? 1, stderr }));
    });
    return { ...result, stdout: await readFile(file, "utf8") };
  } finally {
    closeSync(fd);
    await rm(dir, { recursive: true, force: true });
  }
}

const REQUIRED = /createRequire\(import\.meta\.url\)\(\s*["']([^"']+)["']\s*\)/g;
const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const packageName = (/** @type {string} */ specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/**
 * Bare imports of the shipped JavaScript that package.json does not declare: the consumer's
 * install would not bring them, whatever happens to be in this repo's node_modules.
 * @param {string} packageDir
 */
export async function lintImports(packageDir) {
  const manifest = JSON.parse(await readFile(resolve(packageDir, "package.json"), "utf8"));
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const entries = [...new Set(Object.values(manifest.exports).map((e) => (typeof e === "string" ? e : e.default)))]
    .filter((file) => file.endsWith(".js"))
    .concat(Object.values(manifest.bin ?? {}))
    .map((file) => resolve(packageDir, file));
  const { metafile } = await build({
    entryPoints: entries,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    write: false,
    outdir: "/virtual-out",
    metafile: true,
    logLevel: "silent",
  });
  const undeclared = new Set();
  const check = (/** @type {string} */ specifier) => {
    if (!BUILTINS.has(specifier) && !declared.has(packageName(specifier))) undeclared.add(packageName(specifier));
  };
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const { path, external } of input.imports) if (external) check(path);
    // A package required through createRequire (the command line requires commander so, see
    // ./cli-bundle.mjs) is no import to esbuild: read those calls from the source.
    for (const [, specifier = ""] of (await readFile(resolve(file), "utf8")).matchAll(REQUIRED)) if (!/^[./]/.test(specifier)) check(specifier);
  }
  return [...undeclared].sort().map((name) => `undeclared dependency: ${name} is imported by the shipped code but not in package.json dependencies`);
}
