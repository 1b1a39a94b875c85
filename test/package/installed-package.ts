// A fresh project with the packed package installed the way a user installs it (`npm install
// <tarball>`), with no network: the runtime dependencies are packed from this repo's
// node_modules and installed from their tarballs alongside (npm --offline fails rather than
// reach a registry). The project's developer tools (TypeScript, Node's types, Prism for the
// mock) are links to the repo's copies, as a user would have them installed in their project.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { npmCommand, packDirectories, packPackage, run } from "../../scripts/lib/pack.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

export const PACKAGE_NAME = "@platform/management-client";
const DEV_TOOLS = ["typescript", "@types/node", "@stoplight/prism-cli"];

export interface InstalledPackage {
  /** The consumer project: package.json, node_modules, and whatever the test writes there. */
  project: string;
  tarball: string;
  /** Removes everything the helper created. */
  scratch: string;
}

// Where Node would find `name` from `fromDir`: the nearest node_modules/<name> up to the repo.
function installedDir(name: string, fromDir: string): string {
  for (let dir = fromDir; dir.startsWith(REPO_ROOT); dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === REPO_ROOT) break;
  }
  throw new Error(`${name} is not installed in ${REPO_ROOT}/node_modules (run npm ci)`);
}

// The package's runtime dependencies and theirs, as installed in the repo.
function runtimeDependencies(): string[] {
  const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8"));
  const found = new Map<string, string>();
  const visit = (deps: Record<string, string> | undefined, fromDir: string) => {
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

async function mustRun(label: string, command: string, args: string[], cwd: string) {
  const result = await run(command, args, { cwd });
  if (result.code !== 0) throw new Error(`${label} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

export async function installPackedPackage({ docs = true }: { docs?: boolean } = {}): Promise<InstalledPackage> {
  const scratch = mkdtempSync(join(tmpdir(), "consumer-"));
  try {
    return { ...(await install(scratch, docs)), scratch };
  } catch (error) {
    // The caller never gets the path to clean up when the install itself fails.
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

async function install(scratch: string, docs: boolean) {
  const { tarball } = await packPackage({ into: join(scratch, "pack"), docs });
  const dependencyTarballs: string[] = await packDirectories(runtimeDependencies(), join(scratch, "deps"));

  const project = join(scratch, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }, null, 2));
  const [command, args] = npmCommand(["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball, ...dependencyTarballs]);
  await mustRun("npm install", command, args, project);

  for (const name of DEV_TOOLS) {
    const link = join(project, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(installedDir(name, REPO_ROOT), link, "dir");
  }
  return { project, tarball };
}

/** Runs the project's TypeScript compiler (the linked one) with `args` in the project. */
export function tsc(project: string, args: string[]) {
  return run(process.execPath, [join(project, "node_modules/typescript/bin/tsc"), ...args], { cwd: project });
}
