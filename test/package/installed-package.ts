// A fresh project with the packed package installed the way a user installs it (`npm install
// <tarball>`), with no network: the runtime dependencies are packed from this repo's
// node_modules and installed from their tarballs alongside (npm --offline fails rather than
// reach a registry). The project's developer tools (TypeScript, Node's types, tsx to run
// TypeScript) and the optional peers a user adds for the mock and the MCP server (Prism, the MCP
// SDK) are links to the repo's copies, executables included, as a user would have them
// installed in their project. (The install with no peer at all is `npm run check:package`'s.)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { inject } from "vitest";
import { dirname, join } from "node:path";
import { installedDir, PACKAGE_NAME, packRuntimeDependencies } from "../../scripts/lib/client-install.mjs";
import { npmCommand, packPackage } from "../../scripts/lib/pack.mjs";
import { runProcess as run } from "../../scripts/lib/process-run.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { oncePerRun } from "../support/once-per-run.js";

export { PACKAGE_NAME };
// vitest and msw: the guides' test files use them, installed as the guides say.
export const DEV_TOOLS = ["typescript", "@types/node", "@stoplight/prism-cli", "@modelcontextprotocol/sdk", "tsx", "vitest", "msw"];

export interface InstalledPackage {
  /** The consumer project: package.json, node_modules, and whatever the test writes there. */
  project: string;
  tarball: string;
  /** Removes everything the helper created for this caller (the shared install stays for the run). */
  scratch: string;
}

/** The package built and packed once per test run, with its runtime dependencies packed beside it. */
export interface PackedPackage {
  tarball: string;
  /** The staged package the tarball was packed from: dist/ as built, package.json, the spec. */
  stage: string;
  files: string[];
  size: number;
  dependencyTarballs: string[];
}

async function mustRun(label: string, command: string, args: string[], cwd: string) {
  const result = await run(command, args, { cwd });
  if (result.code !== 0) throw new Error(`${label} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** Builds and packs the package, once per test run whichever test file asks first. */
export function packedPackage(): Promise<PackedPackage> {
  return oncePerRun("packed-package", async (dir) => {
    const packed = await packPackage({ into: join(dir, "pack"), docs: false });
    // One npm pack for every runtime dependency.
    const dependencyTarballs = await packRuntimeDependencies(join(dir, "deps"));
    return { tarball: packed.tarball, stage: packed.stage, files: packed.files, size: packed.size, dependencyTarballs };
  });
}

// The packed package installed once per run, as a user installs it, into one project whose
// node_modules every caller's own project links to.
function sharedInstall(): Promise<{ nodeModules: string; tarball: string }> {
  return oncePerRun("installed-package", async (dir) => {
    const { tarball, dependencyTarballs } = await packedPackage();
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }, null, 2));
    const [command, args] = npmCommand(["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball, ...dependencyTarballs]);
    await mustRun("npm install", command, args, dir);
    for (const name of DEV_TOOLS) {
      const link = join(dir, "node_modules", name);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(installedDir(name, REPO_ROOT), link, "dir");
      // Its executables in node_modules/.bin, as npm puts them there: `npx tsx` finds it offline.
      const { bin } = JSON.parse(readFileSync(join(link, "package.json"), "utf8")) as { bin?: string | Record<string, string> };
      const bins = typeof bin === "string" ? { [name.split("/").pop()!]: bin } : (bin ?? {});
      for (const [command, target] of Object.entries(bins)) {
        const binLink = join(dir, "node_modules/.bin", command);
        if (existsSync(binLink)) continue;
        mkdirSync(dirname(binLink), { recursive: true });
        symlinkSync(join(link, target), binLink);
      }
    }
    return { nodeModules: join(dir, "node_modules"), tarball };
  });
}

/**
 * A fresh consumer project of its own (`"type": "module"`), with the packed package installed:
 * its node_modules is a link to the run's one installation, so files a test writes stay apart.
 */
export async function installPackedPackage(): Promise<InstalledPackage> {
  const { nodeModules, tarball } = await sharedInstall();
  const scratch = mkdtempSync(join(inject("runScratch"), "consumer-"));
  const project = join(scratch, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }, null, 2));
  symlinkSync(nodeModules, join(project, "node_modules"), "dir");
  return { project, tarball, scratch };
}

/**
 * A consumer project like installPackedPackage's, less the packages named: its node_modules is a
 * folder of its own (every other entry a link to the run's installation, the executables' links
 * as npm made them) and this package a copy inside it, so nothing resolved from the package or the
 * project reaches the packages left out. Removing a package from the shared installation instead
 * would take it from every other test file using it at the same time.
 */
export async function installPackedPackageWithout(left: readonly string[]): Promise<InstalledPackage> {
  const { nodeModules, tarball } = await sharedInstall();
  const scratch = mkdtempSync(join(inject("runScratch"), "consumer-"));
  const project = join(scratch, "project");
  const own = join(project, "node_modules");
  mkdirSync(own, { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }, null, 2));
  const entries = readdirSync(nodeModules).flatMap((entry) => (entry.startsWith("@") ? readdirSync(join(nodeModules, entry)).map((name) => `${entry}/${name}`) : [entry]));
  for (const name of entries) {
    if (left.includes(name) || name === ".bin") continue;
    mkdirSync(dirname(join(own, name)), { recursive: true });
    if (name === PACKAGE_NAME) cpSync(realpathSync(join(nodeModules, name)), join(own, name), { recursive: true });
    else symlinkSync(realpathSync(join(nodeModules, name)), join(own, name), "dir");
  }
  const bins = join(nodeModules, ".bin");
  mkdirSync(join(own, ".bin"));
  for (const command of existsSync(bins) ? readdirSync(bins) : []) symlinkSync(readlinkSync(join(bins, command)), join(own, ".bin", command));
  return { project, tarball, scratch };
}

/** Where the installed package really is (node_modules is a link), as Node reports its files. */
export function installedPackageDir(installed: InstalledPackage): string {
  return realpathSync(join(installed.project, "node_modules", PACKAGE_NAME));
}
