// npm run docs:cli            writes docs/cli-reference.md from the command tree
// npm run docs:cli -- --check fails when the file on disk differs from what the commands say
//
// Run through tsx (see package.json), since the command tree is the TypeScript program itself.
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { renderCliReference } from "./lib/cli-reference.mjs";
import { REPO_ROOT } from "./lib/spec.mjs";
import { buildProgram } from "../src/cli/program.ts";
import { commandTree } from "../src/cli/completion/command-tree.ts";

const CLI_REFERENCE = "docs/cli-reference.md";

const target = resolve(REPO_ROOT, CLI_REFERENCE);
const text = renderCliReference(commandTree(buildProgram("reference")));
const current = await readFile(target, "utf8").catch(() => undefined);
if (process.argv.includes("--check")) {
  if (current !== text) {
    console.error(`stale: ${CLI_REFERENCE}; run npm run docs:cli`);
    process.exit(1);
  }
  console.log(`${CLI_REFERENCE} is up to date`);
} else {
  await writeFile(target, text);
  console.log(`wrote ${CLI_REFERENCE}${current === text ? " (unchanged)" : ""}`);
}
