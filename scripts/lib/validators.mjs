// Request validators, compiled from the spec at generation time into standalone code, so
// the client checks a request before sending it without compiling a schema at run time
// (and without Ajv in the published package).
import standaloneCode from "ajv/dist/standalone/index.js";
import { codeHeader } from "./generated-header.mjs";
import { isRecord, listOf, memberAt, recordOf, stringOr } from "./json-members.mjs";
import { SPEC_ID, createSpecAjv, deref, operationNodes, refOf, toPointer } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {ReturnType<typeof operationNodes>[number]} OperationNode */
/** @typedef {import("./generated-header.mjs").RenderContext} RenderContext */

// Validator names are `<operationId>_<part>`; the client looks them up by that name.
export const PARTS = ["path", "query", "body"];

// What the validators see differs from the published spec in one way, because the input is a
// JavaScript value rather than a wire payload: Ajv's discriminator support takes the tag from
// each variant's `const`, not from `mapping`. (A file part needs nothing: its schema has no type,
// so the Blob the caller passes is valid as it is.)
/**
 * @param {JsonRecord} spec
 */
function forRuntimeValues(spec) {
  const copy = structuredClone(spec);
  const visit = (/** @type {JsonValue | undefined} */ node) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "discriminator" && isRecord(value)) delete value.mapping;
      visit(value);
    }
  };
  visit(copy.paths);
  visit(copy.components);
  return copy;
}

/**
 * @param {OperationNode} node
 * @param {string} location
 */
function parametersSchema({ op, parameters }, location) {
  const params = parameters.filter((p) => p.in === location);
  if (params.length === 0) return undefined;
  /** @param {JsonRecord} p */
  const schemaOf = (p) => {
    if (p.schema === undefined) throw new Error(`${op.operationId}: the ${location} parameter ${String(p.name)} has no schema`);
    return anchored(p.schema);
  };
  return {
    type: "object",
    additionalProperties: false,
    required: params.filter((p) => p.required).map((p) => String(p.name)),
    properties: Object.fromEntries(params.map((p) => [String(p.name), schemaOf(p)])),
  };
}

// The wrapper schema gets an $id of its own, so the spec's local refs must name the spec.
/**
 * @template {JsonValue} T
 * @param {T} schema
 * @returns {T} the same shape: only $ref strings change
 */
function anchored(schema) {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${SPEC_ID}#/`));
}

/**
 * @param {OperationNode} node
 */
function bodySchema({ op, body }) {
  if (!body) return undefined;
  const [mediaType] = Object.keys(recordOf(body.content));
  if (mediaType === undefined) throw new Error(`${op.operationId}: the request body has no media type`);
  return { $ref: `${SPEC_ID}#${toPointer(["paths", op.path, op.method, "requestBody", "content", mediaType, "schema"])}` };
}

// Ajv's standalone code requires its string-length helper for minLength; the same
// count (Unicode code points, a surrogate pair counting once) is written out here.
const UCS2LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;
const codePointLength = "((text) => { let n = 0; for (const _ of text) n++; return n; })";
const inlineRuntimeHelpers = (/** @type {string} */ code) => code.replace(UCS2LENGTH, codePointLength);

// A body that is one of several shapes (a `oneOf`, such as the connection variants): a validator
// per shape as well, so the client can say which shape a request came closest to instead of
// listing every shape's complaints.
/**
 * @param {JsonRecord} spec
 * @param {OperationNode} node
 * @returns {{ title: string, schema: JsonRecord }[]}
 */
function bodyVariants(spec, { body }) {
  if (!body) return [];
  const [media] = Object.values(recordOf(body.content));
  const schema = deref(spec, memberAt(media, "schema"));
  return listOf(memberAt(schema, "oneOf"))
    .filter(isRecord)
    .map((branch, i) => {
      const ref = refOf(branch);
      const name = ref === undefined ? `variant ${i + 1}` : ref.slice(ref.lastIndexOf("/") + 1);
      return { title: stringOr(memberAt(deref(spec, branch), "title"), name), schema: ref ? { $ref: `${SPEC_ID}${ref}` } : anchored(branch) };
    });
}

/**
 * Standalone ESM source exporting one validate function per operation part.
 * @param {RenderContext} context
 */
export function renderValidators({ spec: published }) {
  const spec = forRuntimeValues(published);
  const ajv = createSpecAjv(spec, { code: { source: true, esm: true }, discriminator: true });
  /** @type {Record<string, string>} */
  const exported = {};
  /** @type {Record<string, { title: string, id: string }[]>} */
  const variants = {};
  for (const node of operationNodes(spec)) {
    const { op } = node;
    /** @type {Record<string, JsonRecord | undefined>} */
    const schemas = { path: parametersSchema(node, "path"), query: parametersSchema(node, "query"), body: bodySchema(node) };
    for (const part of PARTS) {
      if (!schemas[part]) continue;
      const id = `${op.operationId}_${part}`;
      ajv.addSchema({ $id: id, ...schemas[part] });
      exported[id] = id;
    }
    bodyVariants(spec, node).forEach(({ title, schema }, i) => {
      const id = `${op.operationId}_body_${i}`;
      ajv.addSchema({ $id: id, ...schema });
      exported[id] = id;
      variants[op.operationId] ??= [];
      variants[op.operationId]?.push({ title, id });
    });
  }
  const code = inlineRuntimeHelpers(standaloneCode.default(ajv, exported));
  if (/\brequire\(|^import /m.test(code)) {
    throw new Error("standalone validators import a runtime helper; the published client must not depend on Ajv");
  }
  const requestIds = Object.keys(exported).filter((id) => !/_body_\d+$/.test(id));
  // One table of them all, so the client looks a validator up by name without a namespace object.
  const table = `export const requestValidators = { ${requestIds.join(", ")} };`;
  const variantTable = `export const bodyVariants = {\n${Object.entries(variants)
    .map(([op, list]) => `  ${op}: [${list.map(({ title, id }) => `{ title: ${JSON.stringify(title)}, validate: ${id} }`).join(", ")}],`)
    .join("\n")}\n};`;
  return `${codeHeader().join("\n")}\n/* eslint-disable */\n${code}\n${table}\n${variantTable}\n`;
}

/**
 * Declarations for the standalone module: every export is an Ajv-style validate function.
 * @param {RenderContext} context
 */
export function renderValidatorTypes({ spec }) {
  const names = operationNodes(spec).flatMap((node) =>
    PARTS.filter((part) => (part === "body" ? node.body : parametersSchema(node, part))).map((part) => `${node.op.operationId}_${part}`),
  );
  return [
    ...codeHeader(),
    "",
    "export interface ValidationIssue {",
    "  instancePath: string;",
    "  schemaPath: string;",
    "  keyword: string;",
    "  params: Record<string, unknown>;",
    "  message?: string;",
    "}",
    "",
    "export interface RequestValidator {",
    "  (value: unknown): boolean;",
    "  errors?: ValidationIssue[] | null;",
    "}",
    "",
    ...names.map((name) => `export declare const ${name}: RequestValidator;`),
    "",
    "/** Every validator above, by name (`<operationId>_<path|query|body>`). */",
    "export declare const requestValidators: Readonly<Record<string, RequestValidator | undefined>>;",
    "",
    "/** For a body that is one of several shapes: a validator per shape, with the shape's title. */",
    "export declare const bodyVariants: Readonly<Record<string, ReadonlyArray<{ title: string; validate: RequestValidator }> | undefined>>;",
    "",
  ].join("\n");
}
