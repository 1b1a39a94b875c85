// npm run check:spec-diff [-- BASE]
//
// The version gate: compares the working tree's spec (PLATFORM_SPEC overrides it) with the last
// release (openapi/releases/, or BASE) and fails when a change needs a bigger bump of
// info.version than the one made since that release, listing those changes. The bump each change
// needs follows the versioning table of CHANGELOG.md, including its 0.y rule. The test suite runs
// the same check (test/spec/spec-diff/gate.test.ts).
//
// Exit code: 0 when the bump covers every change, 1 when it does not, 2 when a spec cannot be read.
import { parseArgs } from "node:util";
import { diffSpecs, judge, resolveSides } from "./lib/spec-diff/index.mjs";

let positionals;
try {
  ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
} catch (error) {
  console.error(`check:spec-diff: ${/** @type {Error} */ (error).message}\nusage: npm run check:spec-diff [-- BASE]`);
  process.exit(2);
}
if (positionals.length > 1) {
  console.error(`check:spec-diff: at most one argument (BASE), got ${positionals.length}; the head is always the working tree's spec`);
  process.exit(2);
}

let verdict;
try {
  const { base, head } = resolveSides(positionals[0] === undefined ? {} : { base: positionals[0] });
  verdict = judge(diffSpecs(base, head));
} catch (error) {
  console.error(`check:spec-diff: ${/** @type {Error} */ (error).message}`);
  process.exit(2);
}
const print = verdict.ok ? console.log : console.error;
for (const line of verdict.lines) print(line);
process.exitCode = verdict.ok ? 0 : 1;
