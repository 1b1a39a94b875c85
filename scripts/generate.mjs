// npm run generate          writes every artefact derived from openapi/platform.yaml
// npm run check:generated   (--check) renders them in memory and fails if any file on disk differs
//
// PLATFORM_SPEC overrides the spec path and PLATFORM_OUTPUT_ROOT the directory the
// output paths are relative to, so tests can check a copy without touching the repo.
import { realpathSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderDiscrepanciesMarkdown } from "./lib/discrepancies.mjs";
import { renderDiscrepancyLabels, renderReportValidator, renderReportValidatorTypes } from "./lib/drift-outputs.mjs";
import { renderChunkFilterRules } from "./lib/filter-rules.mjs";
import { renderIdPatterns } from "./lib/id-patterns.mjs";
import { OPENAPI_30_FILE, renderOpenApi30 } from "./lib/openapi-3.0.mjs";
import { renderOperationInputs } from "./lib/operation-inputs.mjs";
import { renderOperations } from "./lib/operations-table.mjs";
import { renderOrderedFields } from "./lib/ordered-fields.mjs";
import { renderTypes } from "./lib/platform-types.mjs";
import { renderRequestEnums } from "./lib/request-enums.mjs";
import { renderResponseValidators, renderResponseValidatorTypes } from "./lib/response-validators.mjs";
import { REPO_ROOT, loadSpec, specPath } from "./lib/spec.mjs";
import { renderSpecVersion } from "./lib/spec-version.mjs";
import { renderValidatorTypes, renderValidators } from "./lib/validators.mjs";

/**
 * Everything generated, one producer per file: { file (relative to the output root), render }.
 * render gets { spec, file: absolute spec path } and returns the whole text of the file, its
 * header (scripts/lib/generated-header.mjs) included. Each renderer lives in scripts/lib/, in a
 * module named for what it makes; adding an artefact is one more entry here.
 * @type {{ file: string, render: (context: import("./lib/generated-header.mjs").RenderContext) => string | Promise<string> }[]}
 */
export const outputs = [
  { file: "src/generated/platform.ts", render: renderTypes },
  { file: "src/generated/operations.ts", render: renderOperations },
  { file: "src/generated/chunk-filter-rules.ts", render: renderChunkFilterRules },
  { file: "src/generated/ordered-fields.ts", render: renderOrderedFields },
  { file: "src/generated/request-enums.ts", render: renderRequestEnums },
  { file: "src/generated/spec-version.ts", render: renderSpecVersion },
  { file: "src/generated/id-patterns.ts", render: renderIdPatterns },
  { file: "src/generated/operation-inputs.ts", render: renderOperationInputs },
  { file: "src/generated/validators.js", render: renderValidators },
  { file: "src/generated/validators.d.ts", render: renderValidatorTypes },
  { file: "src/generated/response-validators.js", render: renderResponseValidators },
  { file: "src/generated/response-validators.d.ts", render: renderResponseValidatorTypes },
  { file: "src/generated/discrepancy-labels.ts", render: renderDiscrepancyLabels },
  { file: "src/generated/drift-report-validator.js", render: renderReportValidator },
  { file: "src/generated/drift-report-validator.d.ts", render: renderReportValidatorTypes },
  { file: "docs/discrepancies.md", render: ({ spec }) => renderDiscrepanciesMarkdown(spec) },
  // For tools that read only OpenAPI 3.0; published as @platform/management-client/openapi-3.0.json.
  { file: OPENAPI_30_FILE, render: renderOpenApi30 },
];

export function outputRoot() {
  const override = process.env.PLATFORM_OUTPUT_ROOT;
  return override ? resolve(override) : REPO_ROOT;
}

/**
 * Renders every output, or those whose files `only` lists.
 * @param {{ only?: string[] | undefined }} [options]
 */
export async function renderAll({ only } = {}) {
  const file = specPath();
  const context = { spec: loadSpec(file), file };
  const rendered = [];
  for (const output of outputs) if (!only || only.includes(output.file)) rendered.push({ file: output.file, text: await output.render(context) });
  return rendered;
}

/**
 * @param {string} path
 */
async function readIfExists(path) {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Renders every artefact (or takes `rendered`, renderAll's result) and compares it with the
 * files under `root`; unless `check`, rewrites the ones that differ. Returns the stale files
 * (relative paths) and how many were rendered.
 * @param {{ root?: string, check?: boolean, rendered?: Array<{ file: string, text: string }>, only?: string[] | undefined }} [options]
 */
export async function generate({ root = outputRoot(), check = false, rendered, only } = {}) {
  rendered ??= await renderAll({ only });
  const stale = [];
  for (const { file, text } of rendered) {
    const target = resolve(root, file);
    if ((await readIfExists(target)) === text) continue;
    stale.push(file);
    if (!check) {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text);
    }
  }
  return { stale, count: rendered.length };
}

/**
 * @param {string[]} argv
 */
async function main(argv) {
  const check = argv.includes("--check");
  const { stale, count } = await generate({ check });
  if (check && stale.length > 0) {
    for (const file of stale) console.error(`stale: ${file}`);
    console.error("generated files are out of date with the spec; run npm run generate");
    return 1;
  }
  if (check) console.log(`generated files are up to date (${count} files)`);
  else console.log(`generated ${count} files, ${stale.length} changed${stale.map((f) => `\n  ${f}`).join("")}`);
  return 0;
}

// Run only as a script: tests import `outputs` from this module. realpath, because
// Node resolves symlinks for import.meta.url but not for argv.
const invokedPath = process.argv[1] ? realpathSync(process.argv[1]) : "";
if (invokedPath === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`generate: ${error.message}`);
      process.exit(2);
    },
  );
}
