// npm run lint [-- --format text|sarif|github]: Redocly and Spectral on the spec and on the Arazzo
// document of its workflows, Biome and the line length on the code (scripts/lib/code-lint.mjs);
// any error or warning fails (exit code 1).
//
//   text (default)  for a terminal
//   sarif           SARIF 2.1.0 on stdout, one run per linter, for code-scanning tools
//   github          GitHub Actions annotations on the spec's lines (print them from a workflow step)
import { parseArgs } from "node:util";
import { lintProject } from "./lib/lint.mjs";
import { LINT_FORMATS, toAnnotations, toSarif, toText } from "./lib/lint-formats.mjs";

let format;
try {
  ({
    values: { format },
  } = parseArgs({ options: { format: { type: "string", default: "text" } } }));
} catch (error) {
  console.error(`lint: ${/** @type {Error} */ (error).message}\nusage: npm run lint [-- --format ${LINT_FORMATS.join("|")}]`);
  process.exit(2);
}
if (!LINT_FORMATS.includes(format)) {
  console.error(`lint: --format must be one of ${LINT_FORMATS.join(", ")}, got "${format}"`);
  process.exit(2);
}

const result = await lintProject();
/** @type {Record<string, (result: import("./lib/lint.mjs").LintResult) => string>} */
const renderers = { text: toText, sarif: toSarif, github: toAnnotations };
// --format is one of LINT_FORMATS, checked above.
const render = /** @type {NonNullable<(typeof renderers)[string]>} */ (renderers[format]);
process.stdout.write(render(result));
process.exitCode = result.ok ? 0 : 1;
