// The one walk over a schema of the spec that the generators share (request enums, ordered
// fields, drift labels): every schema node reached from a root, with the path of the values it
// describes. What a node means is the visitor's business; the walk only knows how schemas nest.
import { isRecord, listOf, recordOf } from "./json-members.mjs";
import { deref } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */

/** A path step into an array's items. */
export const ITEM = Symbol("item");
/** A path step into a map's entries (additionalProperties, patternProperties). */
export const ENTRY = Symbol("entry");
/** What a visitor returns to leave the nodes below this one unvisited. */
export const SKIP = Symbol("skip");

const COMPOSITIONS = ["allOf", "anyOf", "oneOf"];

/**
 * @typedef {string | typeof ITEM | typeof ENTRY} Step a property name, ITEM or ENTRY
 * @typedef {(node: JsonRecord, path: readonly Step[]) => typeof SKIP | void} SchemaVisitor
 * @typedef {{ keyword: string, segments: string[], step: Step | undefined, schema: JsonValue }} Subschema
 */

/**
 * How schemas nest, for the walk below and for readers that fold a schema their own way (the spec
 * diff's views): the schemas directly under `node`, in the walk's order. First the branches of
 * allOf, anyOf and oneOf, which describe the node's own values (no `step`); then its properties
 * (step: the name), its items (ITEM) and its maps, additionalProperties and patternProperties
 * (ENTRY). `segments` locate each below the node, as a JSON Pointer's unescaped segments. Values
 * are given as written: a boolean schema too, and a `$ref` not followed.
 * @param {JsonRecord} node
 * @returns {Subschema[]}
 */
export function subschemas(node) {
  /** @type {Subschema[]} */
  const found = [];
  for (const keyword of COMPOSITIONS) {
    for (const [i, schema] of listOf(node[keyword]).entries()) found.push({ keyword, segments: [keyword, String(i)], step: undefined, schema });
  }
  for (const [name, schema] of Object.entries(recordOf(node.properties))) found.push({ keyword: "properties", segments: ["properties", name], step: name, schema });
  if (node.items !== undefined) found.push({ keyword: "items", segments: ["items"], step: ITEM, schema: node.items });
  const extra = node.additionalProperties;
  if (extra !== undefined) found.push({ keyword: "additionalProperties", segments: ["additionalProperties"], step: ENTRY, schema: extra });
  for (const [pattern, schema] of Object.entries(recordOf(node.patternProperties))) {
    found.push({ keyword: "patternProperties", segments: ["patternProperties", pattern], step: ENTRY, schema });
  }
  return found;
}

/**
 * Calls `visit(node, path)` for every schema node under `schema`, depth first, parents before
 * children. `$ref`s are followed (the node visited is the target; a `$ref` already on the way
 * down is not entered again, so a recursive schema is walked once). The branches of allOf, anyOf
 * and oneOf describe the same values as their parent: same path. Below an object come its
 * properties (path + name) and its maps (path + ENTRY); below an array its items (path + ITEM).
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} schema
 * @param {SchemaVisitor} visit
 * @param {readonly Step[]} [path]
 */
export function walkSchema(spec, schema, visit, path = []) {
  walk(spec, schema, visit, path, new Set());
}

/**
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} schema
 * @param {SchemaVisitor} visit
 * @param {readonly Step[]} path
 * @param {ReadonlySet<string>} refs the $refs on the way down
 */
function walk(spec, schema, visit, path, refs) {
  if (!isRecord(schema)) return;
  const ref = schema.$ref;
  if (typeof ref === "string") {
    if (refs.has(ref)) return;
    walk(spec, deref(spec, schema), visit, path, new Set(refs).add(ref));
    return;
  }
  if (visit(schema, path) === SKIP) return;
  for (const { step, schema: child } of subschemas(schema)) walk(spec, child, visit, step === undefined ? path : [...path, step], refs);
}
