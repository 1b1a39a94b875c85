// The one walk over a schema of the spec that the generators share (request enums, ordered
// fields, drift labels): every schema node reached from a root, with the path of the values it
// describes. What a node means is the visitor's business; the walk only knows how schemas nest.
import { deref } from "./spec.mjs";

/** A path step into an array's items. */
export const ITEM = Symbol("item");
/** A path step into a map's entries (additionalProperties, patternProperties). */
export const ENTRY = Symbol("entry");
/** What a visitor returns to leave the nodes below this one unvisited. */
export const SKIP = Symbol("skip");

const COMPOSITIONS = ["allOf", "anyOf", "oneOf"];

/**
 * @typedef {string | typeof ITEM | typeof ENTRY} Step a property name, ITEM or ENTRY
 * @typedef {(node: Record<string, any>, path: readonly Step[]) => typeof SKIP | void} SchemaVisitor
 */

/**
 * Calls `visit(node, path)` for every schema node under `schema`, depth first, parents before
 * children. `$ref`s are followed (the node visited is the target; a `$ref` already on the way
 * down is not entered again, so a recursive schema is walked once). The branches of allOf, anyOf
 * and oneOf describe the same values as their parent: same path. Below an object come its
 * properties (path + name) and its maps (path + ENTRY); below an array its items (path + ITEM).
 * @param {any} spec
 * @param {unknown} schema
 * @param {SchemaVisitor} visit
 * @param {readonly Step[]} [path]
 */
export function walkSchema(spec, schema, visit, path = []) {
  walk(spec, schema, visit, path, new Set());
}

/**
 * @param {any} spec
 * @param {unknown} schema
 * @param {SchemaVisitor} visit
 * @param {readonly Step[]} path
 * @param {ReadonlySet<string>} refs the $refs on the way down
 */
function walk(spec, schema, visit, path, refs) {
  if (schema === null || typeof schema !== "object") return;
  const node = /** @type {Record<string, any>} */ (schema);
  if (typeof node.$ref === "string") {
    if (refs.has(node.$ref)) return;
    walk(spec, deref(spec, node), visit, path, new Set(refs).add(node.$ref));
    return;
  }
  if (visit(node, path) === SKIP) return;
  for (const keyword of COMPOSITIONS) for (const branch of node[keyword] ?? []) walk(spec, branch, visit, path, refs);
  for (const [name, property] of Object.entries(node.properties ?? {})) walk(spec, property, visit, [...path, name], refs);
  walk(spec, node.items, visit, [...path, ITEM], refs);
  for (const map of [node.additionalProperties, ...Object.values(node.patternProperties ?? {})]) walk(spec, map, visit, [...path, ENTRY], refs);
}
