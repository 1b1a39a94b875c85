// Object properties: added, removed, made required or optional, and the object's other keys
// (additionalProperties). Property schemas themselves are compared by the walker's recursion.
import { record } from "../changes.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { loosened, tightened } from "./constraints.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../changes.mjs").Direction} Direction */
/** @typedef {import("../schema/view.mjs").Additional} Additional */
/** @typedef {import("../schema/view.mjs").ObjectFacet} ObjectFacet */
/** @typedef {import("../schema/view.mjs").Source} Source */
/** @typedef {(bSources: Source[], hSources: Source[], segments: string[]) => ChangeRecord[]} Recurse the walk's comparison of two places' schemas */

export const REQUEST_PROPERTY_REMOVED = rule(
  "request-property-removed",
  ROWS.removedOrRenamed,
  "request",
  "A request field removed (or renamed: the old name is gone).",
);
export const REQUEST_PROPERTY_ADDED_REQUIRED = rule(
  "request-property-added-required",
  ROWS.requestNarrowed,
  "request",
  "A required request field added.",
  "A new field that must be sent is a field made required: every earlier request lacks it.",
);
export const REQUEST_PROPERTY_ADDED_OPTIONAL = rule(
  "request-property-added-optional",
  ROWS.optionalRequestAdded,
  "request",
  "An optional request field added.",
);
export const REQUEST_PROPERTY_MADE_REQUIRED = rule("request-property-made-required", ROWS.requestNarrowed, "request", "A request field made required.");
export const REQUEST_PROPERTY_MADE_OPTIONAL = rule("request-property-made-optional", ROWS.requestRelaxed, "request", "A request field no longer required.");
export const RESPONSE_PROPERTY_REMOVED = rule(
  "response-property-removed",
  ROWS.responseChanged,
  "response",
  "A response field removed (or renamed: the old name is gone).",
);
export const RESPONSE_PROPERTY_ADDED = rule("response-property-added", ROWS.responseAdded, "response", "A response field added.");
export const RESPONSE_PROPERTY_MADE_OPTIONAL = rule(
  "response-property-made-optional",
  ROWS.responseChanged,
  "response",
  "A response field no longer always present.",
  "The field is removed from the answers that now leave it out, and a typed client's property becomes optional.",
);
export const RESPONSE_PROPERTY_MADE_REQUIRED = rule(
  "response-property-made-required",
  ROWS.responseAdded,
  "response",
  "A response field now always present.",
  "The field is added to the answers that used to leave it out.",
);
export const RESPONSE_ADDITIONAL_PROPERTIES_OPENED = rule(
  "response-additional-properties-opened",
  ROWS.responseAdded,
  "response",
  "A response object now allows keys it does not name (additionalProperties false dropped, or widened).",
  "Undeclared fields may now come, as if fields were added.",
);

export const RULES = [
  REQUEST_PROPERTY_REMOVED,
  REQUEST_PROPERTY_ADDED_REQUIRED,
  REQUEST_PROPERTY_ADDED_OPTIONAL,
  REQUEST_PROPERTY_MADE_REQUIRED,
  REQUEST_PROPERTY_MADE_OPTIONAL,
  RESPONSE_PROPERTY_REMOVED,
  RESPONSE_PROPERTY_ADDED,
  RESPONSE_PROPERTY_MADE_OPTIONAL,
  RESPONSE_PROPERTY_MADE_REQUIRED,
  RESPONSE_ADDITIONAL_PROPERTIES_OPENED,
];

// How many keys an object's additionalProperties lets through: none, some (a schema), any.
const OPENNESS = { closed: 0, schema: 1, open: 2 };

/**
 * Where an object names a property: its first schema, else its `required` entry; undefined when it does not.
 * @param {ObjectFacet} facet @param {string} name
 */
const placeIn = (facet, name) => facet.properties.get(name)?.[0]?.pointer ?? facet.required.get(name);

/**
 * Property changes between two object facets. `recurse(bSources, hSources, segments)` compares
 * the schemas of a property present on both sides and returns its records.
 * @param {ObjectFacet} b @param {ObjectFacet} h @param {Direction} direction @param {Recurse} recurse
 * @returns {ChangeRecord[]}
 */
export function propertyChanges(b, h, direction, recurse) {
  const out = [];
  const request = direction === "request";
  const names = new Set([...b.properties.keys(), ...b.required.keys(), ...h.properties.keys(), ...h.required.keys()]);
  for (const name of names) {
    const bRequired = b.required.has(name);
    const hRequired = h.required.has(name);
    const bAt = placeIn(b, name);
    const hAt = placeIn(h, name);
    if (hAt === undefined) {
      if (bAt === undefined) continue;
      out.push(record(request ? REQUEST_PROPERTY_REMOVED : RESPONSE_PROPERTY_REMOVED, { field: [name], base: bAt, head: h.pointer, message: "removed" }));
      continue;
    }
    if (bAt === undefined) {
      const chosen = !request ? RESPONSE_PROPERTY_ADDED : hRequired ? REQUEST_PROPERTY_ADDED_REQUIRED : REQUEST_PROPERTY_ADDED_OPTIONAL;
      out.push(record(chosen, { field: [name], base: b.pointer, head: hAt, message: hRequired ? "added, required" : "added, optional" }));
      continue;
    }
    if (bRequired !== hRequired) {
      const at = { field: [name], base: b.required.get(name) ?? bAt, head: h.required.get(name) ?? hAt };
      if (hRequired) out.push(record(request ? REQUEST_PROPERTY_MADE_REQUIRED : RESPONSE_PROPERTY_MADE_REQUIRED, { ...at, message: "made required" }));
      else out.push(record(request ? REQUEST_PROPERTY_MADE_OPTIONAL : RESPONSE_PROPERTY_MADE_OPTIONAL, { ...at, message: "no longer required" }));
    }
    /** @param {string} at */
    const anyAt = (at) => [{ schema: true, pointer: at }];
    out.push(...recurse(b.properties.get(name) ?? anyAt(bAt), h.properties.get(name) ?? anyAt(hAt), [name]));
  }
  out.push(...additionalChanges(b, h, direction, recurse));
  return out;
}

/**
 * @param {ObjectFacet} b @param {ObjectFacet} h @param {Direction} direction @param {Recurse} recurse
 * @returns {ChangeRecord[]}
 */
function additionalChanges(b, h, direction, recurse) {
  const x = b.additional;
  const y = h.additional;
  if (x.kind === "schema" && y.kind === "schema") return recurse(x.sources, y.sources, ["*"]);
  const order = OPENNESS[y.kind] - OPENNESS[x.kind];
  if (order === 0) return [];
  /** @param {Additional} a */
  const describe = (a) => ({ closed: "no other keys", schema: "other keys of a given schema", open: "any other keys" })[a.kind];
  const message = `additionalProperties: ${describe(x)} → ${describe(y)}`;
  const at = { base: x.at, head: y.at };
  if (order < 0) return [record(tightened(direction), { ...at, message })];
  return [record(direction === "request" ? loosened(direction) : RESPONSE_ADDITIONAL_PROPERTIES_OPENED, { ...at, message })];
}
