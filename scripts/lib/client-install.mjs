// What a client user gets: the packed package installed into an empty project (`npm init -y`,
// then `npm install <tarball>`, no optional peer), measured and tried. With no network, the
// runtime dependencies are packed from this repo's node_modules and installed from their tarballs
// alongside (npm --offline fails rather than reach a registry): the same packages, at the same
// versions, as the registry would give.
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { npmCommand, packDirectories } from "./pack.mjs";
import { runProcess } from "./process-run.mjs";
import { REPO_ROOT } from "./spec.mjs";

export const PACKAGE_NAME = "@platform/management-client";

/**
 * The limits of a client install (README, "Dependencies").
 * @type {Readonly<{ packages: number, bytes: number }>}
 */
export const CLIENT_LIMITS = Object.freeze({ packages: 15, bytes: 10 * 1000 * 1000 });

/** Lifecycle scripts npm runs when the package is installed: none may ship. */
export const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare"];

// Where Node would find `name` from `fromDir`: the nearest node_modules/<name> up to the repo.
/** @param {string} name */
export function installedDir(name, fromDir = REPO_ROOT) {
  for (let dir = fromDir; dir.startsWith(REPO_ROOT); dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === REPO_ROOT) break;
  }
  throw new Error(`${name} is not installed in ${REPO_ROOT}/node_modules (run npm ci)`);
}

/** The package's runtime dependencies and theirs, as installed in the repo: their folders. */
export function runtimeDependencies() {
  const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8"));
  /** @type {Map<string, string>} */
  const found = new Map();
  /** @type {(deps: Record<string, string> | undefined, fromDir?: string) => void} */
  const visit = (deps, fromDir) => {
    for (const name of Object.keys(deps ?? {})) {
      if (found.has(name)) continue;
      const dir = installedDir(name, fromDir);
      found.set(name, dir);
      visit(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).dependencies, dir);
    }
  };
  visit(manifest.dependencies, REPO_ROOT);
  return [...found.values()];
}

/** The runtime dependencies packed into `into`, in one npm pack. */
export const packRuntimeDependencies = (/** @type {string} */ into) => packDirectories(runtimeDependencies(), into);

/**
 * @param {string} label
 * @param {string} command
 * @param {readonly string[]} args
 * @param {string} cwd
 */
async function mustRun(label, command, args, cwd) {
  const result = await runProcess(command, args, { cwd });
  if (result.code !== 0) throw new Error(`${label} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

/**
 * `npm init -y` in the empty folder `project`, then the tarball installed there with its
 * dependencies' tarballs, install scripts allowed to run as they would for a user. Resolves to
 * npm's output.
 * @param {{ project: string, tarball: string, dependencyTarballs: string[] }} options
 */
export async function installClient({ project, tarball, dependencyTarballs }) {
  const [init, initArgs] = npmCommand(["init", "-y"]);
  await mustRun("npm init -y", init, initArgs, project);
  const [command, args] = npmCommand(["install", "--offline", "--no-audit", "--no-fund", tarball, ...dependencyTarballs]);
  return mustRun("npm install", command, args, project);
}

/**
 * Every installed package's folder under a node_modules, however deeply nested.
 * @param {string} nodeModules
 */
async function packageDirs(nodeModules) {
  /** @type {string[]} */
  const dirs = [];
  const walk = async (/** @type {string} */ dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith("@")) {
        await walk(path);
        continue;
      }
      if (existsSync(join(path, "package.json"))) dirs.push(path);
      await walk(join(path, "node_modules"));
    }
  };
  await walk(nodeModules);
  return dirs;
}

/**
 * Bytes on disk under `dir`, as du counts them.
 * @param {string} dir
 */
async function diskBytes(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).blocks * 512;
  }
  return total;
}

/**
 * What the client install holds: how many packages, how many bytes, and the published manifest.
 * @param {string} project
 */
export async function measureClient(project) {
  const nodeModules = join(project, "node_modules");
  const manifest = JSON.parse(await readFile(join(nodeModules, PACKAGE_NAME, "package.json"), "utf8"));
  return { packages: (await packageDirs(nodeModules)).length, bytes: await diskBytes(nodeModules), manifest };
}
