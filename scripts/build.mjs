// npm run build [-- --outDir <dir>]: the publishable JavaScript in dist/ (or <dir>): src/ compiled
// by tsc with declarations, the generated validators copied beside it, the command line in
// dist/cli/ bundled with its lazy parts split (./lib/cli-bundle.mjs), the spec as JSON, and the
// spec's info.version stamped into dist/version.js. --outDir lets the package checks and tests
// build a private copy, so they never race each other or a developer's dist/.
import { chmod, copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildDependencies, requireInstalled } from "./lib/installed-dependencies.mjs";
import { memberAt } from "./lib/json-members.mjs";

// npm pack (prepack) in a clone without npm ci: one line naming npm ci, not the stack trace of
// the first import that fails. The modules that need the dependencies load after the check.
requireInstalled("build", buildDependencies());
const { cliEntry, runCli } = await import("./lib/node-cli.mjs");
const { DEFAULT_SPEC, REPO_ROOT, loadSpec } = await import("./lib/spec.mjs");
const { bundleCli } = await import("./lib/cli-bundle.mjs");

// The executables the package declares under "bin"; npm marks them executable on install, but
// a file checked straight out of dist/ (or linked with npm link) needs the bit too.
const EXECUTABLES = ["mock/cli.js", "cli/main.js"];
// Emitted JavaScript and hand-written declarations that tsc does not produce itself.
const COPIED = [
  "generated/validators.js",
  "generated/validators.d.ts",
  "generated/response-validators.js",
  "generated/response-validators.d.ts",
  "generated/drift-report-validator.js",
  "generated/drift-report-validator.d.ts",
  "mock/prism/prism-process.js",
  "mock/prism/prism-process.d.ts",
  "mock/prism/exit-with-parent.cjs",
  "mock/watch-ancestors.js",
  "mock/watch-ancestors.d.ts",
  "node/regular-file.js",
  "node/regular-file.d.ts",
  "kernel/json-pointer.js",
  "kernel/json-pointer.d.ts",
  "kernel/is-record.js",
  "kernel/is-record.d.ts",
];

/**
 * @param {string} message
 */
function fail(message) {
  console.error(`build: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({ options: { outDir: { type: "string" } } });
const outDir = resolve(values.outDir ?? resolve(REPO_ROOT, "dist"));

// The package version follows the spec's (see CHANGELOG.md): a release whose version says
// something other than the spec it ships would mislead every user who pins it.
const manifest = JSON.parse(await readFile(resolve(REPO_ROOT, "package.json"), "utf8"));
// The shipped spec is the repo's file, whatever PLATFORM_SPEC says for the other scripts.
const spec = loadSpec(resolve(REPO_ROOT, DEFAULT_SPEC));
const specVersion = memberAt(spec, "info", "version");
if (typeof specVersion !== "string") fail(`${DEFAULT_SPEC} has no info.version`);
if (manifest.version !== specVersion) {
  fail(`package.json version ${manifest.version} differs from ${DEFAULT_SPEC} info.version ${specVersion}`);
}

// Files of a previous build that no source produces any more must not ship.
await rm(outDir, { recursive: true, force: true });
const tsc = await runCli(cliEntry("typescript", "tsc"), ["-p", resolve(REPO_ROOT, "tsconfig.build.json"), "--outDir", outDir], { echo: true });
if (tsc.code !== 0) fail(`tsc exited with code ${tsc.code}`);

for (const file of COPIED) {
  await mkdir(resolve(outDir, file, ".."), { recursive: true });
  await copyFile(resolve(REPO_ROOT, "src", file), resolve(outDir, file));
}
// The command line starts from a bundle, not from tsc's module per file: nothing imports
// dist/cli/ but its own bin, so tsc's files there (and their declarations) go.
await rm(resolve(outDir, "cli"), { recursive: true, force: true });
try {
  await bundleCli({ srcDir: resolve(REPO_ROOT, "src"), outDir: resolve(outDir, "cli") });
} catch (error) {
  fail(`bundling the command line: ${/** @type {Error} */ (error).message}`);
}
for (const file of EXECUTABLES) await chmod(resolve(outDir, file), 0o755);

await writeFile(resolve(outDir, "platform.json"), `${JSON.stringify(spec, null, 2)}\n`);
await writeFile(
  resolve(outDir, "version.js"),
  `// Written by scripts/build.mjs from ${DEFAULT_SPEC}.\n` +
    `/** info.version of the spec this package was built from; the package version is the same. */\n` +
    `export const SPEC_VERSION = ${JSON.stringify(specVersion)};\n`,
);
await writeFile(
  resolve(outDir, "version.d.ts"),
  `/** info.version of the spec this package was built from; the package version is the same. */\n` +
    `export declare const SPEC_VERSION: ${JSON.stringify(specVersion)};\n`,
);
console.log(`build: wrote ${outDir} (spec ${specVersion})`);
