// Whether the packages a pipeline step loads are installed: the build imports yaml, ajv,
// TypeScript and esbuild, and in a fresh clone without `npm ci` Node's answer is a stack trace about a package
// the reader never heard of. Node's own modules only, so this check loads where nothing is
// installed.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

// What the build's own scripts import (scripts/build.mjs and the modules it loads); the test of
// this module reads their imports and holds this list to them.
const BUILD_SCRIPT_PACKAGES = ["typescript", "yaml", "ajv", "ajv-formats", "esbuild"];

/**
 * The packages `npm run build` needs: what its scripts import, and what tsc must resolve while it
 * compiles src/ (the dependencies, the peers src/ imports types from, and the @types packages).
 * Not every devDependency: a linter or a test runner missing from a stale install must not stop
 * `npm pack`.
 * @param {string} [root]
 * @returns {string[]}
 */
export function buildDependencies(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const types = Object.keys(manifest.devDependencies ?? {}).filter((name) => name.startsWith("@types/"));
  const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {}), ...types, ...BUILD_SCRIPT_PACKAGES];
  return [...new Set(names)];
}

/**
 * The packages of `names` that node_modules does not hold.
 * @param {string[]} names
 * @param {string} [root]
 * @returns {string[]}
 */
export function missingDependencies(names, root = ROOT) {
  return names.filter((name) => !existsSync(join(root, "node_modules", name, "package.json")));
}

/**
 * Stops the process with one line naming `npm ci` when a package the step needs is missing.
 * @param {string} step
 * @param {string[]} names
 */
export function requireInstalled(step, names) {
  const missing = missingDependencies(names);
  if (missing.length === 0) return;
  const named = missing.length > 3 ? `${missing.slice(0, 3).join(", ")} and ${missing.length - 3} more` : missing.join(", ");
  console.error(`${step}: this repository's dependencies are not installed (${named} missing): run npm ci first`);
  process.exit(1);
}
