// Whether this repository's dependencies are installed: the build and the other pipeline steps
// import them (yaml, ajv, TypeScript), and in a fresh clone without `npm ci` Node's answer is a
// stack trace about a package the reader never heard of. Node's own modules only, so this check
// loads where nothing is installed.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The dependencies and devDependencies of package.json that node_modules does not hold. */
export function missingDependencies(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return names.filter((name) => !existsSync(join(root, "node_modules", name, "package.json")));
}

/** Stops the process with one line naming `npm ci` when dependencies are missing. */
export function requireInstalled(step) {
  const missing = missingDependencies();
  if (missing.length === 0) return;
  const named = missing.length > 3 ? `${missing.slice(0, 3).join(", ")} and ${missing.length - 3} more` : missing.join(", ");
  console.error(`${step}: this repository's dependencies are not installed (${named} missing): run npm ci first`);
  process.exit(1);
}
