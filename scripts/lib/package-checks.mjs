// The checks of a packed package, as `npm run check:package` runs them: publint and
// arethetypeswrong on the tarball, declared imports of the shipped code, the portable entry's
// size budget, and the client install (what a user's `npm install` of the tarball gives and
// does). Shared by the script and the package tests, which run them on the one package a test
// run builds.
import { mkdtemp } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CLIENT_LIMITS, INSTALL_SCRIPTS, installClient, measureClient, PACKAGE_NAME, packRuntimeDependencies } from "./client-install.mjs";
import { listTarball } from "./pack.mjs";
import { runProcess } from "./process-run.mjs";
import { lintImports, lintManifest, lintTypes } from "./package-lint.mjs";
import { CORE_BUDGET_BYTES, measureEntry } from "./size-budget.mjs";

const kB = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} kB`;
// dist/wrappers/x.js for the package's own modules, the package name for a dependency's.
const shortName = (/** @type {string} */ file) => (file.includes("/node_modules/") ? file.split("/node_modules/").pop() : `dist/${file.split("/dist/").pop()}`);

const MB = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
// ~/.npmrc settings this npm does not know (nodedir on these machines) are the machine's, not the package's.
const machineWarning = (/** @type {string} */ line) => /^npm warn Unknown (user|global|project|env) config/i.test(line);

/**
 * npm's warnings about the install, but two that are the test's own doing: the machine's config,
 * and a dependency's `prepare` alone, which npm counts only because the dependency comes from a
 * local tarball here (it never runs `prepare` for a package from the registry). Our package's
 * scripts, or a dependency's real install scripts, stay warnings.
 * @param {string} output
 */
function installWarnings(output) {
  const lines = output.split("\n").filter((line) => /^npm warn/i.test(line) && !machineWarning(line));
  const listed = lines.map((line) => /^npm warn install-scripts\s+(@?[^@\s]+)@\S+ \((.*)\)$/i.exec(line)).filter((match) => match !== null);
  const real = listed.filter(([, name, scripts = ""]) => name === PACKAGE_NAME || scripts.split(", ").some((script) => !script.startsWith("prepare:")));
  // Only the block's header and footer lines are left once every package it lists is excused.
  return real.length === 0 ? lines.filter((line) => !/^npm warn install-scripts/i.test(line)) : lines;
}

/**
 * The client install, in the empty folder `scratch`: the tarball installed into an `npm init -y`
 * project with no optional peer, within `limits`, with no install script and no npm warning;
 * then both entries load, `platform --help` runs, and `platform mcp` and the MCP entry, without
 * the SDK, answer one line naming the peer to install. `dependencyTarballs` are packed when not given.
 * @param {{ tarball: string, scratch: string, dependencyTarballs?: string[] | undefined, limits?: { packages: number, bytes: number } }} options
 */
export async function checkClient({ tarball, scratch, dependencyTarballs, limits = CLIENT_LIMITS }) {
  const project = await mkdtemp(join(scratch, "client-"));
  const deps = dependencyTarballs ?? (await packRuntimeDependencies(await mkdtemp(join(scratch, "deps-"))));
  /** @type {string[]} */
  const problems = [];
  const installed = await installClient({ project, tarball, dependencyTarballs: deps });
  for (const warning of installWarnings(`${installed.stdout}\n${installed.stderr}`)) problems.push(`install: npm warned: ${warning}`);
  const { packages, bytes, manifest } = await measureClient(project);
  if (packages > limits.packages) problems.push(`install: ${packages} packages, over the limit of ${limits.packages}`);
  if (bytes > limits.bytes) problems.push(`install: node_modules holds ${MB(bytes)}, over the limit of ${MB(limits.bytes)}`);
  for (const name of INSTALL_SCRIPTS)
    if (manifest.scripts?.[name] !== undefined) problems.push(`install: the published package.json has a "${name}" script, which npm runs on install`);

  const node = (/** @type {string[]} */ args) => runProcess(process.execPath, args, { cwd: project });
  for (const entry of [PACKAGE_NAME, `${PACKAGE_NAME}/node`]) {
    const loaded = await node(["--input-type=module", "-e", `await import(${JSON.stringify(entry)})`]);
    if (loaded.code !== 0) problems.push(`install: import("${entry}") failed: ${loaded.stderr.trim().split("\n")[0]}`);
  }
  const platform = join(project, "node_modules/.bin/platform");
  const help = await runProcess(platform, ["--help"], { cwd: project });
  if (help.code !== 0 || !help.stdout.includes("Usage: platform")) problems.push(`install: platform --help exited ${help.code}: ${help.stderr.trim()}`);

  // Without the SDK: one line naming it and the range package.json declares, nothing else.
  const sdk = "@modelcontextprotocol/sdk";
  const range = manifest.peerDependencies?.[sdk];
  const names = (/** @type {string} */ line) => line.includes(sdk) && range !== undefined && line.includes(range);
  const mcp = await runProcess(platform, ["mcp"], { cwd: project, env: { PATH: process.env.PATH ?? "" } });
  const mcpLines = mcp.stderr.trimEnd().split("\n");
  if (mcp.code !== 2 || mcpLines.length !== 1 || !names(mcpLines[0] ?? "") || mcp.stdout !== "")
    problems.push(`install: platform mcp without ${sdk} must exit 2 with one line naming ${sdk}@"${range}"; it exited ${mcp.code}: ${mcp.stderr.trim()}`);
  const entry = await node([
    "--input-type=module",
    "-e",
    `await import("${PACKAGE_NAME}/mcp").then(() => console.log("loaded"), (error) => console.log(String(error.stack)))`,
  ]);
  if (entry.stdout.trimEnd().split("\n").length !== 1 || !names(entry.stdout))
    problems.push(
      `install: the MCP entry without ${sdk} must reject with one line naming ${sdk}@"${range}"; it gave: ${entry.stdout.trim()} ${entry.stderr.trim()}`,
    );
  return { packages, bytes, problems };
}

/**
 * The report of every check on `tarball`, packed from the built directory `stage`.
 * @param {{ tarball: string, stage: string, scratch: string, dependencyTarballs?: string[] }} options
 */
export async function checkPackage({ tarball, stage, scratch, dependencyTarballs }) {
  const size = await measureEntry(resolve(stage, "dist/index.js"));
  const sizeProblems =
    size.gzipped > CORE_BUDGET_BYTES
      ? [
          `size: the core entry is ${kB(size.gzipped)} minified and gzipped, over its ${kB(CORE_BUDGET_BYTES)} budget; largest parts: ${size.contributors.map((c) => `${shortName(c.input)} ${kB(c.bytesInOutput)} min`).join(", ")}`,
        ]
      : [];
  /** @type {Record<string, string[]>} */
  const checks = {
    publint: await lintManifest(tarball),
    attw: await lintTypes(tarball),
    imports: await lintImports(stage),
    size: sizeProblems,
  };
  const client = await checkClient({ tarball, scratch, dependencyTarballs });
  checks.install = client.problems;
  const { files, packedBytes } = await listTarball(tarball);
  return {
    tarball,
    files,
    packedBytes,
    size: { budgetBytes: CORE_BUDGET_BYTES, ...size },
    install: { packages: client.packages, bytes: client.bytes, limits: CLIENT_LIMITS },
    checks,
    problems: Object.values(checks).flat(),
  };
}
