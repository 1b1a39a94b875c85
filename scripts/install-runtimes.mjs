// npm ci runs this as the "prepare" step: the runtimes the package is tested in (Deno, Bun,
// Node 20.19 and the newest Node, each an npm package carrying its binary) installed from
// test/runtimes/package-lock.json into test/runtimes/node_modules.
//
// An install of its own rather than a devDependency: npm hoists a dependency's dependencies to
// the top, and the Node packages declare an executable called `node`. In the project's
// node_modules/.bin that executable would stand in for the Node that runs every npm script
// (npm puts .bin first on PATH), so `npm test` would quietly run on Node 20.19.0. Under
// test/runtimes it shadows nothing.
//
// npm does not run "prepare" when a user installs the package from a tarball or the registry,
// so none of this reaches them. Runs only when the lockfile is newer than the installation.
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { REPO_ROOT } from "./lib/spec.mjs";
import { npmCommand } from "./lib/pack.mjs";

const DIR = resolve(REPO_ROOT, "test/runtimes");
const LOCKFILE = resolve(DIR, "package-lock.json");
// npm writes this beside what it installed; its age says when the last install finished.
const INSTALLED = resolve(DIR, "node_modules/.package-lock.json");

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

const installed = mtime(INSTALLED);
if (installed !== undefined && installed >= (mtime(LOCKFILE) ?? 0)) {
  console.log("install-runtimes: test/runtimes is up to date");
  process.exit(0);
}

// The same npm that runs npm ci installs them.
const [command, args] = npmCommand(["ci", "--no-audit", "--no-fund"]);
const { status, error } = spawnSync(command, args, { cwd: DIR, stdio: "inherit" });
if (status !== 0) {
  console.error(`install-runtimes: npm ci in test/runtimes failed${error ? `: ${error.message}` : ` (exit ${status})`}`);
  process.exit(status || 1);
}
