// npm run generate          writes every artefact derived from openapi/platform.yaml
// npm run check:generated   (--check) renders them in memory and fails if any file on disk differs
//
// PLATFORM_SPEC overrides the spec path and PLATFORM_OUTPUT_ROOT the directory the
// output paths are relative to, so tests can check a copy without touching the repo.
import { realpathSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { renderDiscrepanciesMarkdown } from "./lib/discrepancies.mjs";
import { renderChunkFilterRules } from "./lib/filter-rules.mjs";
import { TS_HEADER_LINES } from "./lib/generated-header.mjs";
import { OPENAPI_30_FILE, renderOpenApi30 } from "./lib/openapi-3.0.mjs";
import { renderOperationInputs } from "./lib/operation-inputs.mjs";
import { renderIdPatterns } from "./lib/id-patterns.mjs";
import { renderOrderedFields } from "./lib/ordered-fields.mjs";
import { renderRequestEnums, renderSpecVersion } from "./lib/request-enums.mjs";
import { isDeepStrictEqual } from "node:util";
import { HTTP_METHODS, REPO_ROOT, binaryParts, deref, listOperations, loadSpec, specPath } from "./lib/spec.mjs";
import { renderValidatorTypes, renderValidators } from "./lib/validators.mjs";
import { responseValidatorOutputs } from "./lib/response-validators.mjs";
import { driftOutputs } from "./lib/drift-outputs.mjs";

export const TS_HEADER = [...TS_HEADER_LINES, "", ""].join("\n");

const BINARY = [ts.factory.createTypeReferenceNode("Blob"), ts.factory.createTypeReferenceNode("Uint8Array")];

// A file part's schema has no type (openapi/EXTENSIONS.md, "Portability"), so openapi-typescript
// types it as unknown; what the client actually sends is a Blob (a File, a slice of a file) or the
// bytes of a chunk cut from a stream. openapi-typescript hands the transform a property's schema
// with the path of the object that declares it, so the part is found by that object and its
// schema.
function binaryAsBlob(spec) {
  const byObject = new Map();
  for (const { schema, property } of binaryParts(spec)) {
    const { properties } = deref(spec, { $ref: schema });
    const part = deref(spec, properties[property]);
    const twin = Object.keys(properties).find((name) => name !== property && isDeepStrictEqual(deref(spec, properties[name]), part));
    if (twin) throw new Error(`${schema}: the file part ${property} has the same schema as ${twin}; describe it apart`);
    byObject.set(schema, [...(byObject.get(schema) ?? []), part]);
  }
  return (schema, options) => {
    const parts = byObject.get(options.path);
    if (!parts?.some((part) => isDeepStrictEqual(part, schema))) return undefined;
    return ts.factory.createUnionTypeNode(BINARY);
  };
}

async function renderTypes({ spec, file }) {
  const ast = await openapiTS(spec, {
    cwd: pathToFileURL(dirname(file) + "/"),
    // Otherwise every property with a `default` becomes required, in request bodies too.
    defaultNonNullable: false,
    transform: binaryAsBlob(spec),
  });
  return TS_HEADER + astToString(ast);
}

// The credential header of each operation. The generated types leave security out,
// and the client's auth wrapper needs it per operation, so the spec's rules are
// enforced here: one requirement, one scheme, an apiKey in a header.
function credentialOf(spec, operation) {
  const where = `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path})`;
  const requirements = operation.securityRequirements;
  if (requirements.length !== 1) {
    throw new Error(`${where}: expected exactly one security requirement, found ${requirements.length}`);
  }
  const names = Object.keys(requirements[0]);
  if (names.length !== 1) {
    throw new Error(`${where}: expected one scheme in its security requirement, found ${names.length}`);
  }
  const name = String(names[0]);
  const scheme = spec.components?.securitySchemes?.[name];
  if (scheme?.type !== "apiKey" || scheme.in !== "header" || typeof scheme.name !== "string") {
    throw new Error(`${where}: security scheme ${name} is not a header apiKey scheme`);
  }
  return { security: name, header: scheme.name };
}

// The request body's media types in spec order (the first is what the client sends unless told
// otherwise) and whether the operation needs one; null for an operation without a body.
function requestBodyOf(operation) {
  if (!operation.requestBody) return null;
  const { required, mediaTypes } = operation.requestBody;
  if (mediaTypes.length === 0) throw new Error(`${operation.operationId}: request body has no media type`);
  return { required, mediaTypes };
}

// x-retry-safe is the spec's word on which operations the client may repeat (EXTENSIONS.md).
function retrySafe(spec, operation) {
  const flag = spec.paths[operation.path][operation.method]["x-retry-safe"];
  if (flag !== undefined && flag !== true) throw new Error(`${operation.operationId}: x-retry-safe must be true when present`);
  return flag === true;
}

const literal = (value) => JSON.stringify(value);
const renderBody = (body) => (body ? `{ required: ${body.required}, mediaTypes: [${body.mediaTypes.map(literal).join(", ")}] }` : "null");
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

function renderOperations({ spec }) {
  const entries = listOperations(spec).map((operation) => {
    const { security, header } = credentialOf(spec, operation);
    return [
      `  ${key(operation.operationId)}: {`,
      `    method: ${literal(operation.method)},`,
      `    path: ${literal(operation.path)},`,
      `    security: ${literal(security)},`,
      `    header: ${literal(header)},`,
      `    requestBody: ${renderBody(requestBodyOf(operation))},`,
      `    retrySafe: ${literal(retrySafe(spec, operation))},`,
      "  },",
    ].join("\n");
  });
  return [
    TS_HEADER.trimEnd(),
    "",
    "// Per-operation facts the generated types leave out: which credential header to",
    "// send, how to encode the body and whether a retry is safe. Keyed by operationId, in spec order.",
    "export const operations = {",
    ...entries,
    "} as const;",
    "",
    "export type Operations = typeof operations;",
    "export type OperationId = keyof Operations;",
    "export type OperationInfo = Operations[OperationId];",
    'export type HttpMethod = OperationInfo["method"];',
    'export type OperationPath = OperationInfo["path"];',
    'export type SecuritySchemeName = OperationInfo["security"];',
    'export type CredentialHeader = OperationInfo["header"];',
    'export type RequestMediaType = NonNullable<OperationInfo["requestBody"]>["mediaTypes"][number];',
    "",
  ].join("\n");
}

/**
 * Everything generated, as { file (relative to the output root), render(context) }.
 * render gets { spec, file: absolute spec path } and returns the full file text.
 * Adding an artefact (e.g. the ajv standalone validators) is one more entry here.
 */
export const outputs = [
  { file: "src/generated/platform.ts", render: renderTypes },
  { file: "src/generated/operations.ts", render: renderOperations },
  { file: "src/generated/chunk-filter-rules.ts", render: renderChunkFilterRules },
  { file: "src/generated/ordered-fields.ts", render: renderOrderedFields },
  { file: "src/generated/request-enums.ts", render: (context) => renderRequestEnums(context, TS_HEADER) },
  { file: "src/generated/spec-version.ts", render: (context) => renderSpecVersion(context, TS_HEADER) },
  { file: "src/generated/id-patterns.ts", render: (context) => renderIdPatterns(context, TS_HEADER) },
  { file: "src/generated/operation-inputs.ts", render: renderOperationInputs },
  { file: "src/generated/validators.js", render: renderValidators },
  { file: "src/generated/validators.d.ts", render: renderValidatorTypes },
  ...responseValidatorOutputs,
  ...driftOutputs,
  { file: "docs/discrepancies.md", render: ({ spec }) => renderDiscrepanciesMarkdown(spec) },
  // For tools that read only OpenAPI 3.0; published as @platform/management-client/openapi-3.0.json.
  { file: OPENAPI_30_FILE, render: renderOpenApi30 },
];

export function outputRoot() {
  const override = process.env.PLATFORM_OUTPUT_ROOT;
  return override ? resolve(override) : REPO_ROOT;
}

export async function renderAll() {
  const file = specPath();
  const context = { spec: loadSpec(file), file };
  const rendered = [];
  for (const output of outputs) rendered.push({ file: output.file, text: await output.render(context) });
  return rendered;
}

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
 * @param {{ root?: string, check?: boolean, rendered?: Array<{ file: string, text: string }> }} [options]
 */
export async function generate({ root = outputRoot(), check = false, rendered } = {}) {
  rendered ??= await renderAll();
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
