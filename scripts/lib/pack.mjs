// The package as it would be published, built and packed in a scratch directory: the build and
// the docs go to a staging copy of the package, not to the repo's dist/ and docs/, so checks and
// tests running side by side never race each other or overwrite a developer's build. The stage
// holds more than ships; `npm pack` applies package.json "files", exactly as on publish.
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { runCli } from "./node-cli.mjs";
import { runProcess } from "./process-run.mjs";
import { REPO_ROOT } from "./spec.mjs";

// Inputs of the package that are not build output, copied as they are.
const SOURCES = [
  "package.json",
  "README.md",
  "CHANGELOG.md",
  "LICENSE",
  "openapi/platform.yaml",
  "openapi/platform.arazzo.yaml",
  "openapi/workflow-fixtures",
  "openapi/platform-3.0.json",
  "openapi/drift-report.schema.json",
];

/**
 * @param {string} label
 * @param {string} command
 * @param {readonly string[]} args
 * @param {import("./process-run.mjs").ProcessRunOptions} [options]
 */
async function mustRun(label, command, args, options) {
  const result = await runProcess(command, args, options);
  if (result.code !== 0) throw new Error(`${label} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

// npm's own CLI when this runs under npm (npm test), so the same npm packs; `npm` on PATH otherwise.
/**
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function npmCommand(args) {
  const cli = process.env.npm_execpath;
  return cli && /npm-cli\.js$/.test(cli) ? [process.execPath, [cli, ...args]] : ["npm", args];
}

/**
 * Stages the package in a new `<into>/stage-*` directory (sources copied, dist/ built, the
 * reference rendered unless `docs: false`) and packs it into `into`. Resolves to the tarball's path, the stage
 * directory and the list of packed files.
 * @param {{ into: string, docs?: boolean }} options
 */
export async function packPackage({ into, docs = true }) {
  await mkdir(into, { recursive: true });
  const stage = await mkdtemp(resolve(into, "stage-"));
  for (const file of SOURCES) {
    const from = resolve(REPO_ROOT, file);
    if (existsSync(from)) await cp(from, resolve(stage, file), { recursive: true });
  }
  await mustRun("build", process.execPath, [resolve(REPO_ROOT, "scripts/build.mjs"), "--outDir", resolve(stage, "dist")], { cwd: REPO_ROOT });
  if (docs) {
    // build-docs writes under PLATFORM_OUTPUT_ROOT: the stage's docs/, not the repo's.
    const built = await runCli("--import", [import.meta.resolve("tsx"), resolve(REPO_ROOT, "scripts/build-docs.mjs")], {
      env: { ...process.env, PLATFORM_OUTPUT_ROOT: stage },
    });
    if (built.code !== 0) throw new Error(`build-docs failed (exit ${built.code}):\n${built.stdout}\n${built.stderr}`);
  }
  return { stage, ...(await packStage(stage, into)) };
}

/**
 * The tarballs of installed package directories (a package's dependencies), in one `npm pack`:
 * npm's own start-up is most of the cost of packing a small package, and a hundred of them one
 * by one take minutes where one run takes seconds.
 * @param {string[]} dirs
 * @param {string} into
 * @returns {Promise<string[]>}
 */
export async function packDirectories(dirs, into) {
  if (dirs.length === 0) return [];
  await mkdir(into, { recursive: true });
  // Absolute paths, so npm reads each as a folder rather than a name or a git spec.
  const [command, args] = npmCommand(["pack", "--json", "--ignore-scripts", "--pack-destination", into, ...dirs.map((dir) => resolve(dir))]);
  const packed = await mustRun("npm pack", command, args, { cwd: into });
  const report = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")));
  if (report.length !== dirs.length) throw new Error(`npm pack made ${report.length} tarballs of ${dirs.length} folders`);
  return report.map((/** @type {{ filename: string }} */ r) => resolve(into, basename(r.filename)));
}

/**
 * `npm pack` of a staged (already built) package directory into `into`.
 * @param {string} stage
 * @param {string} into
 */
export async function packStage(stage, into) {
  await mkdir(into, { recursive: true });
  // --ignore-scripts: the stage is already built; a prepack script would rebuild into it.
  const [command, args] = npmCommand(["pack", "--json", "--ignore-scripts", "--pack-destination", into]);
  const packed = await mustRun("npm pack", command, args, { cwd: stage });
  // npm may print warnings before the JSON report.
  const [report] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")));
  return {
    tarball: resolve(into, basename(report.filename)),
    files: report.files.map((/** @type {{ path: string }} */ f) => f.path).sort(),
    size: report.size,
    unpackedSize: report.unpackedSize,
  };
}

/**
 * The files a tarball holds (paths inside the package, sorted) and its size in bytes.
 * @param {string} tarball
 */
export async function listTarball(tarball) {
  const listed = await mustRun("tar", "tar", ["-tzf", tarball]);
  const files = listed.stdout
    .split("\n")
    .filter((line) => line && !line.endsWith("/"))
    .map((line) => line.replace(/^package\//, ""))
    .sort();
  return { files, packedBytes: (await stat(tarball)).size };
}
