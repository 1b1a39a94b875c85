// src/generated/chunk-filter-rules.ts: the rules of the listChunks filter tree, read from the
// spec's ChunkFilterGroup and ChunkFilterLeaf schemas. The client's filter check
// (src/wrappers/listing/filters.ts) walks a tree by these rules, so the spec is their one
// source. The walker understands a small set of schema keywords; a schema that uses any other
// fails generation here, naming it, rather than being checked less strictly than it says.
import { codeHeader } from "./generated-header.mjs";
import { isRecord, listOf, memberAt, recordOf } from "./json-members.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */

const SCHEMAS = { group: "ChunkFilterGroup", leaf: "ChunkFilterLeaf" };
const NODE_REF = "#/components/schemas/ChunkFilterNode";
const OBJECT_KEYWORDS = new Set(["type", "title", "description", "additionalProperties", "required", "properties"]);
const FIELD_KEYWORDS = new Set(["type", "enum", "description", "minItems", "items"]);

/**
 * @param {string} where
 * @param {string} message
 * @returns {never}
 */
function fail(where, message) {
  throw new Error(
    `${where}: ${message} (the filter check in src/wrappers/listing/filters.ts would not enforce it; extend it and scripts/lib/filter-rules.mjs together)`,
  );
}

/**
 * @param {string} where
 * @param {JsonValue} schema
 * @param {JsonRecord} spec
 */
function fieldRule(where, schema, spec) {
  if (!isRecord(schema)) return fail(where, "is not a schema object");
  for (const keyword of Object.keys(schema)) if (!FIELD_KEYWORDS.has(keyword)) fail(where, `keyword "${keyword}" is not supported`);
  if (schema.type === "string" && Array.isArray(schema.enum)) return { enum: schema.enum };
  if (schema.type === "string" && schema.enum === undefined) return { type: "string" };
  if (schema.type === "array") {
    if (memberAt(schema.items, "$ref") !== NODE_REF) fail(where, `an array must hold ${NODE_REF}`);
    const node = memberAt(spec, "components", "schemas", "ChunkFilterNode");
    const branches = listOf(memberAt(node, "oneOf")).map((branch) => memberAt(branch, "$ref"));
    const expected = Object.values(SCHEMAS).map((name) => `#/components/schemas/${name}`);
    if (branches.length !== 2 || !expected.every((ref) => branches.includes(ref))) fail("ChunkFilterNode", `must be oneOf ${expected.join(", ")}`);
    return { nodes: { minItems: schema.minItems ?? 0 } };
  }
  return fail(where, `type ${JSON.stringify(schema.type)} is not supported`);
}

/**
 * @param {string} name
 * @param {JsonRecord} spec
 */
function kindRules(name, spec) {
  const schema = memberAt(spec, "components", "schemas", name);
  if (!isRecord(schema)) return fail(name, "schema is missing");
  for (const keyword of Object.keys(schema)) if (!OBJECT_KEYWORDS.has(keyword)) fail(name, `keyword "${keyword}" is not supported`);
  if (schema.type !== "object" || schema.additionalProperties !== false) fail(name, "must be an object with additionalProperties: false");
  const fields = Object.fromEntries(Object.entries(recordOf(schema.properties)).map(([key, field]) => [key, fieldRule(`${name}.${key}`, field, spec)]));
  return { required: schema.required ?? [], fields };
}

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderChunkFilterRules({ spec }) {
  const rules = { group: kindRules(SCHEMAS.group, spec), leaf: kindRules(SCHEMAS.leaf, spec) };
  return [
    ...codeHeader(),
    "",
    "// The rules of the listChunks filter tree, from the spec's ChunkFilterGroup and ChunkFilterLeaf:",
    "// each kind of node's required fields and, per field, an enum, a string, or a list of nodes.",
    `export const chunkFilterRules = ${JSON.stringify(rules, null, 2)} as const;`,
    "",
  ].join("\n");
}
