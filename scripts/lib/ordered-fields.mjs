// src/generated/ordered-fields.ts: the rules between two fields of a request body that JSON
// Schema cannot state, from the spec's `x-ordered-fields` (openapi/EXTENSIONS.md): where in each
// operation's body a pair sits, and which of the two may not exceed the other. The client checks
// them with the rest of the request (src/wrappers/request/request-check.ts), the stateful mock
// with its own request checks.
import { codeHeader } from "./generated-header.mjs";
import { SKIP, walkSchema } from "./schema-walk.mjs";
import { listOf, memberAt, recordOf } from "./json-members.mjs";
import { operationNodes } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {{ at: string[], lower: string, upper: string }} OrderedPair */

/**
 * Every `[lower, upper]` pair under `schema`, with the property path that leads to it.
 * @param {JsonRecord} spec
 * @param {JsonValue} schema
 * @param {OrderedPair[]} found
 */
function pairsIn(spec, schema, found) {
  walkSchema(spec, schema, (/** @type {JsonRecord} */ node, path) => {
    // The client follows `at` through property names only: no pair is looked for inside arrays or maps.
    if (path.some((step) => typeof step !== "string")) return SKIP;
    const at = /** @type {string[]} */ ([...path]);
    for (const pair of listOf(node["x-ordered-fields"])) {
      const [lower, upper] = listOf(pair);
      const isProperty = (/** @type {string} */ name) => Boolean(memberAt(node, "properties", name));
      if (!Array.isArray(pair) || pair.length !== 2 || typeof lower !== "string" || typeof upper !== "string" || !isProperty(lower) || !isProperty(upper)) {
        throw new Error(`x-ordered-fields at ${at.join(".") || "the body"}: each entry must be [lower, upper], two properties of the schema`);
      }
      found.push({ at, lower, upper });
    }
  });
}

/**
 * @param {JsonRecord} spec
 */
export function orderedFieldsOf(spec) {
  /** @type {Record<string, OrderedPair[]>} */
  const table = {};
  for (const { op, body } of operationNodes(spec)) {
    if (!body) continue;
    /** @type {OrderedPair[]} */
    const found = [];
    for (const media of Object.values(recordOf(body.content))) {
      const schema = memberAt(media, "schema");
      if (schema) pairsIn(spec, schema, found);
    }
    if (found.length > 0) table[op.operationId] = found;
  }
  return table;
}

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderOrderedFields({ spec }) {
  return [
    ...codeHeader(),
    "",
    "// Pairs of request body fields where `lower` may not exceed `upper` (the spec's x-ordered-fields),",
    "// by operation, with the path of property names to the object that holds them.",
    `export const orderedFields: Readonly<Record<string, ReadonlyArray<{ at: readonly string[]; lower: string; upper: string }>>> = ${JSON.stringify(orderedFieldsOf(spec), null, 2)};`,
    "",
  ].join("\n");
}
