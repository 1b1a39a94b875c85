// npm run spec:diff -- [BASE] [HEAD] [--json | --format markdown|json|github] [--link-base URL] [--output FILE]
// npm run spec:diff -- --rules      prints the rule reference (docs/spec-diff-rules.md)
//
// Lists every change between two versions of the spec, each classified by the versioning table
// of CHANGELOG.md (major, minor or patch, with the rule and the row it applies) and linked to its
// line, with the workflows of openapi/platform.arazzo.yaml that call a changed operation. BASE and
// HEAD are each a file, a released version (openapi/releases/<version>.yaml) or a git ref (`main`,
// `HEAD~1`, `REF:path`); HEAD defaults to the working tree's spec and BASE to the last release at
// or below HEAD's info.version.
//
//   markdown (default)  for a pull-request comment, grouped by operation
//   json (--json)       the report in the shape of openapi/spec-diff.schema.json
//   github              GitHub Actions annotations on the spec's lines
//
// Exit code: 0 with a report, whatever it contains (the gate is npm run check:spec-diff);
// 2 on bad arguments or a spec that cannot be read.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadArazzo } from "./lib/arazzo.mjs";
import { diffSpecs, resolveSides, rulesMarkdown, toAnnotations, toMarkdown } from "./lib/spec-diff/index.mjs";

const FORMATS = ["markdown", "json", "github"];

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`spec:diff: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      format: { type: "string" },
      "link-base": { type: "string" },
      output: { type: "string" },
      rules: { type: "boolean", default: false },
    },
  });
} catch (error) {
  fail(
    `${/** @type {Error} */ (error).message}\nusage: npm run spec:diff -- [BASE] [HEAD] [--json | --format ${FORMATS.join("|")}] [--link-base URL] [--output FILE]`,
  );
}
const { values, positionals } = parsed;
if (values.rules) {
  if (positionals.length || values.json || values.format) fail("--rules takes no spec and no format");
  process.stdout.write(rulesMarkdown());
  process.exit(0);
}
if (positionals.length > 2) fail(`at most two specs (BASE and HEAD), got ${positionals.length}: ${positionals.join(" ")}`);
if (values.json && values.format && values.format !== "json") fail(`--json and --format ${values.format} contradict each other`);
const format = values.json ? "json" : (values.format ?? "markdown");
if (!FORMATS.includes(format)) fail(`--format must be one of ${FORMATS.join(", ")}, got "${format}"`);

let report;
try {
  const { base, head } = resolveSides({ base: positionals[0], head: positionals[1] });
  // The working tree's workflows: the flows a change to the spec would break today.
  report = diffSpecs(base, head, { arazzo: loadArazzo() });
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}

const output =
  format === "json"
    ? `${JSON.stringify(report, null, 2)}\n`
    : format === "github"
      ? `${toAnnotations(report)}\n`
      : toMarkdown(report, { linkBase: values["link-base"], env: process.env });
if (values.output) writeFileSync(values.output, output);
else process.stdout.write(output);
