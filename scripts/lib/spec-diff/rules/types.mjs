// The JSON types a schema accepts, however written (`type` lists, `nullable`, anyOf of types).
// A request that accepts fewer types breaks callers; a response whose type changes in either
// direction breaks readers (a typed client's unions change with it).
import { record } from "../changes.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { RESPONSE_CONSTRAINT_NARROWED } from "./constraints.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../schema/view.mjs").View} View */
/** @typedef {import("../changes.mjs").Direction} Direction */

export const REQUEST_TYPE_NARROWED = rule(
  "request-type-narrowed",
  ROWS.requestNarrowed,
  "request",
  "A request field no longer accepts a type it accepted (null included).",
);
export const REQUEST_TYPE_RELAXED = rule("request-type-relaxed", ROWS.requestRelaxed, "request", "A request field accepts a type it did not (null included).");
export const RESPONSE_TYPE_CHANGED = rule(
  "response-type-changed",
  ROWS.responseChanged,
  "response",
  "A response field's types changed: one added (null included) or one taken away, or an enum put on or taken off.",
  "Either way is a type change: a typed client's union widens or narrows and code written against it stops compiling.",
);

export const RULES = [REQUEST_TYPE_NARROWED, REQUEST_TYPE_RELAXED, RESPONSE_TYPE_CHANGED];

// A view's `types` is null when it accepts any type (its `any`), or when it is a union of
// variants one of which does; a view without variants has them whenever it is not `any`.

/**
 * Whether a view accepts values of a type (integers are numbers).
 * @param {View} view @param {string} type
 */
export function accepts(view, type) {
  if (view.any || view.types === null) return true;
  return view.types.has(type) || (type === "integer" && view.types.has("number"));
}

/** @param {View} view */
export const typeList = (view) => (view.any || view.types === null ? "any type" : view.types.size === 0 ? "no value" : [...view.types.keys()].join(" or "));

/**
 * Type-set changes between two views (no variants) in one direction.
 * @param {View} b @param {View} h @param {Direction} direction
 * @returns {ChangeRecord[]}
 */
export function typeChanges(b, h, direction) {
  const removed = b.any || b.types === null ? (h.any ? [] : ["any"]) : [...b.types.keys()].filter((t) => !accepts(h, t));
  const added = h.any || h.types === null ? (b.any ? [] : ["any"]) : [...h.types.keys()].filter((t) => !accepts(b, t));
  if (removed.length === 0 && added.length === 0) return [];
  const from = typeList(b);
  const to = typeList(h);
  const at = { base: b.pointer, head: h.pointer };
  if (direction === "response") {
    // An answer left untyped and now described: every answer valid now was valid before.
    if (b.any) return [record(RESPONSE_CONSTRAINT_NARROWED, { ...at, message: `type ${from} → ${to}` })];
    return [record(RESPONSE_TYPE_CHANGED, { ...at, message: `type ${from} → ${to}` })];
  }
  const out = [];
  /** @param {string[]} types */
  const named = (types) => types.map((t) => (t === "any" ? "other types" : t)).join(", ");
  if (removed.length) out.push(record(REQUEST_TYPE_NARROWED, { ...at, message: `type ${from} → ${to}: ${named(removed)} no longer accepted` }));
  if (added.length) out.push(record(REQUEST_TYPE_RELAXED, { ...at, message: `type ${from} → ${to}: ${named(added)} now accepted` }));
  return out;
}
