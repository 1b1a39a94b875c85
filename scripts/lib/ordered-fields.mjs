// src/generated/ordered-fields.ts: the rules between two fields of a request body that JSON
// Schema cannot state, from the spec's `x-ordered-fields` (openapi/EXTENSIONS.md): where in each
// operation's body a pair sits, and which of the two may not exceed the other. The client checks
// them with the rest of the request (src/wrappers/request/request-check.ts), the stateful mock
// with its own request checks.
import { codeHeader } from "./generated-header.mjs";
import { SKIP, walkSchema } from "./schema-walk.mjs";
import { deref, listOperations } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonObject} JsonObject */
/** @typedef {{ at: string[], lower: string, upper: string }} OrderedPair */

/**
 * Every `[lower, upper]` pair under `schema`, with the property path that leads to it.
 * @param {JsonObject} spec
 * @param {unknown} schema
 * @param {OrderedPair[]} found
 */
function pairsIn(spec, schema, found) {
  walkSchema(spec, schema, (node, path) => {
    // The client follows `at` through property names only: no pair is looked for inside arrays or maps.
    if (path.some((step) => typeof step !== "string")) return SKIP;
    const at = /** @type {string[]} */ ([...path]);
    for (const pair of node["x-ordered-fields"] ?? []) {
      if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((name) => node.properties?.[name])) {
        throw new Error(`x-ordered-fields at ${at.join(".") || "the body"}: each entry must be [lower, upper], two properties of the schema`);
      }
      found.push({ at, lower: pair[0], upper: pair[1] });
    }
  });
}

/**
 * @param {JsonObject} spec
 */
export function orderedFieldsOf(spec) {
  /** @type {Record<string, OrderedPair[]>} */
  const table = {};
  for (const operation of listOperations(spec)) {
    const body = spec.paths[operation.path][operation.method].requestBody;
    if (!body) continue;
    /** @type {OrderedPair[]} */
    const found = [];
    for (const media of Object.values(deref(spec, body).content ?? {})) if (media.schema) pairsIn(spec, media.schema, found);
    if (found.length > 0) table[operation.operationId] = found;
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
