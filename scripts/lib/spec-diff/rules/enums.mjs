// Enum values (and `const`, an enum of one), compared value by value. The table names both
// request directions and the response addition; a response value removed narrows the type a
// typed client compares against.
import { record, shown } from "../changes.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { REQUEST_CONSTRAINT_NARROWED, REQUEST_CONSTRAINT_RELAXED } from "./constraints.mjs";
import { RESPONSE_TYPE_CHANGED } from "./types.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../schema/view.mjs").Facet} Facet */
/** @typedef {import("../schema/view.mjs").Located} Located */
/** @typedef {import("../changes.mjs").Direction} Direction */

export const REQUEST_ENUM_VALUE_REMOVED = rule("request-enum-value-removed", ROWS.removedOrRenamed, "request", "A value of a request enum removed.");
export const REQUEST_ENUM_VALUE_ADDED = rule("request-enum-value-added", ROWS.requestRelaxed, "request", "A value added to a request enum.");
export const RESPONSE_ENUM_VALUE_ADDED = rule("response-enum-value-added", ROWS.responseAdded, "response", "A value added to a response enum.");
export const RESPONSE_ENUM_VALUE_REMOVED = rule(
  "response-enum-value-removed",
  ROWS.responseChanged,
  "response",
  "A value of a response enum removed.",
  "The field's type changed: a typed client's union loses the value, and code comparing against it stops compiling.",
);

export const RULES = [REQUEST_ENUM_VALUE_REMOVED, REQUEST_ENUM_VALUE_ADDED, RESPONSE_ENUM_VALUE_ADDED, RESPONSE_ENUM_VALUE_REMOVED];

/** @param {Iterable<Located>} values */
const listed = (values) => [...values].map((v) => shown(v.value)).join(", ") || "no value";

/**
 * Enum changes between two facets of one type.
 * @param {Facet} b @param {Facet} h @param {Direction} direction
 * @returns {ChangeRecord[]}
 */
export function enumChanges(b, h, direction) {
  const request = direction === "request";
  // An enum may be empty: an allOf of enums that share no value accepts none.
  if (!b.enum) {
    if (!h.enum) return [];
    const message = `now limited to ${listed(h.enum.values())}`;
    const head = [...h.enum.values()][0]?.at ?? h.pointer;
    return [record(request ? REQUEST_CONSTRAINT_NARROWED : RESPONSE_TYPE_CHANGED, { base: b.pointer, head, message })];
  }
  if (!h.enum) {
    const message = `no longer limited to ${listed(b.enum.values())}`;
    const base = [...b.enum.values()][0]?.at ?? b.pointer;
    return [record(request ? REQUEST_CONSTRAINT_RELAXED : RESPONSE_TYPE_CHANGED, { base, head: h.pointer, message })];
  }
  const out = [];
  const firstHead = [...h.enum.values()][0]?.at ?? h.pointer;
  const firstBase = [...b.enum.values()][0]?.at ?? b.pointer;
  for (const [key, entry] of b.enum) {
    if (h.enum.has(key)) continue;
    const message = `enum value ${shown(entry.value)} removed`;
    out.push(record(request ? REQUEST_ENUM_VALUE_REMOVED : RESPONSE_ENUM_VALUE_REMOVED, { base: entry.at, head: firstHead, message }));
  }
  for (const [key, entry] of h.enum) {
    if (b.enum.has(key)) continue;
    const message = `enum value ${shown(entry.value)} added`;
    out.push(record(request ? REQUEST_ENUM_VALUE_ADDED : RESPONSE_ENUM_VALUE_ADDED, { base: firstBase, head: entry.at, message }));
  }
  return out;
}
