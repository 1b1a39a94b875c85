// Runs a package's CLI as `node <its bin script>`. Spawning the script with this very Node
// (not npx or a shell shim) means the child we hold is the tool itself: signals reach it and
// nothing is left behind when we stop it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { runProcess } from "./process-run.mjs";
import { REPO_ROOT } from "./spec.mjs";

const require = createRequire(resolve(REPO_ROOT, "package.json"));

/**
 * @param {string} packageName
 * @param {string} binName
 */
export function cliEntry(packageName, binName) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, "utf8"));
  const relative = typeof bin === "string" ? bin : bin?.[binName];
  if (!relative) throw new Error(`${packageName} has no "${binName}" executable`);
  return resolve(dirname(manifestPath), relative);
}

// Redocly telemetry is off for every command we run; the config says so too, but the
// environment variable also covers runs that load no config.
export const toolEnv = { ...process.env, REDOCLY_TELEMETRY: "off" };

/**
 * Runs to completion and collects output; `echo` also streams it to this process.
 * @param {string} entry
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, echo?: boolean, cwd?: string }} [options]
 */
export function runCli(entry, args, { env = toolEnv, echo = false, cwd = REPO_ROOT } = {}) {
  return runProcess(process.execPath, [entry, ...args], { cwd, env, echo });
}
