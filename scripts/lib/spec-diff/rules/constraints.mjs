// Constraints on values of one type: ranges and lengths (minimum, maxLength, minItems, ...),
// patterns, formats, multipleOf, uniqueItems, `not`, and keywords this differ does not read.
// A request constraint tightened refuses what callers send; loosened, it only accepts more. A
// response constraint loosened lets values through that readers were promised they would not
// see; tightened, it describes the same answers more precisely.
import { record } from "../changes.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../schema/view.mjs").Bound} Bound */
/** @typedef {import("../schema/view.mjs").Facet} Facet */
/** @typedef {import("../schema/view.mjs").Located} Located */
/** @typedef {import("../schema/view.mjs").View} View */
/** @typedef {import("../changes.mjs").Direction} Direction */

export const REQUEST_CONSTRAINT_NARROWED = rule(
  "request-constraint-narrowed",
  ROWS.requestNarrowed,
  "request",
  "A request field's range, length, item or property count, pattern, format, multipleOf, uniqueItems, additionalProperties, `not` or enum tightened (a pattern or format replaced counts as tightened; so does a keyword this differ does not read, changed).",
);
export const REQUEST_CONSTRAINT_RELAXED = rule(
  "request-constraint-relaxed",
  ROWS.requestRelaxed,
  "request",
  "A request field's range, length, count, pattern, format, multipleOf, uniqueItems, additionalProperties, `not` or enum loosened or dropped; oneOf made anyOf.",
);
export const RESPONSE_CONSTRAINT_RELAXED = rule(
  "response-constraint-relaxed",
  ROWS.responseChanged,
  "response",
  "A response field's range, length, count, pattern, format or `not` loosened or replaced, or a keyword this differ does not read changed.",
  "The field may now hold values its type excluded before, which is a change of its type in the JSON Schema sense.",
);
export const RESPONSE_CONSTRAINT_NARROWED = rule(
  "response-constraint-narrowed",
  ROWS.descriptions,
  "response",
  "A response field's range, length, count, pattern or format tightened, its object closed to other keys, or a field of any type given one.",
  "Every answer valid now was valid before: the schema describes the same answers more precisely, as a description would.",
);

export const RULES = [REQUEST_CONSTRAINT_NARROWED, REQUEST_CONSTRAINT_RELAXED, RESPONSE_CONSTRAINT_RELAXED, RESPONSE_CONSTRAINT_NARROWED];

/**
 * The rule for a constraint that now accepts fewer values, in a direction.
 * @param {Direction} direction
 */
export const tightened = (direction) => (direction === "request" ? REQUEST_CONSTRAINT_NARROWED : RESPONSE_CONSTRAINT_NARROWED);
/**
 * The rule for a constraint that now accepts more values, in a direction.
 * @param {Direction} direction
 */
export const loosened = (direction) => (direction === "request" ? REQUEST_CONSTRAINT_RELAXED : RESPONSE_CONSTRAINT_RELAXED);
/**
 * A constraint replaced by one that cannot be ordered against it: assume the harmful way.
 * @param {Direction} direction
 */
export const replaced = (direction) => (direction === "request" ? REQUEST_CONSTRAINT_NARROWED : RESPONSE_CONSTRAINT_RELAXED);

/** @param {Bound | undefined} bound */
const boundText = (bound) => (bound ? `${bound.exclusive ? (bound.side === "lower" ? ">" : "<") : bound.side === "lower" ? "≥" : "≤"} ${bound.value}` : "none");

/**
 * -1 when `h` accepts fewer values than `b`, 1 when more, 0 when the same.
 * @param {Bound | undefined} b @param {Bound | undefined} h
 */
function orderBounds(b, h) {
  if (!b && !h) return 0;
  if (!b) return -1;
  if (!h) return 1;
  if (b.value === h.value) return b.exclusive === h.exclusive ? 0 : h.exclusive ? -1 : 1;
  const tighter = b.side === "lower" ? h.value > b.value : h.value < b.value;
  return tighter ? -1 : 1;
}

/**
 * Compares two lists of constraints that cannot be ordered (patterns, `not`): added tightens, removed loosens.
 * @param {string} name @param {Located[]} bList @param {Located[]} hList
 * @param {{ pointer: string }} bFacet @param {{ pointer: string }} hFacet the facets or views that hold the lists
 * @param {Direction} direction
 * @returns {ChangeRecord[]}
 */
function listChanges(name, bList, hList, bFacet, hFacet, direction) {
  const bValues = new Map(bList.map((c) => [c.value, c]));
  const hValues = new Map(hList.map((c) => [c.value, c]));
  const removed = bList.filter((c) => !hValues.has(c.value));
  const added = hList.filter((c) => !bValues.has(c.value));
  /** @param {Located} c */
  const label = (c) => (name === "pattern" ? `\`${c.value}\`` : "a schema");
  const [firstRemoved] = removed;
  const [firstAdded] = added;
  if (firstRemoved && firstAdded) {
    return [
      record(replaced(direction), {
        base: firstRemoved.at,
        head: firstAdded.at,
        message: `${name} ${removed.map(label).join(", ")} replaced by ${added.map(label).join(", ")}`,
      }),
    ];
  }
  if (firstAdded) return [record(tightened(direction), { base: bFacet.pointer, head: firstAdded.at, message: `${name} ${added.map(label).join(", ")} added` })];
  if (firstRemoved)
    return [record(loosened(direction), { base: firstRemoved.at, head: hFacet.pointer, message: `${name} ${removed.map(label).join(", ")} removed` })];
  return [];
}

/**
 * Range, length, count, pattern, format, multipleOf and uniqueItems changes between two facets of one type.
 * @param {Facet} b @param {Facet} h @param {Direction} direction
 * @returns {ChangeRecord[]}
 */
export function constraintChanges(b, h, direction) {
  const out = [];
  for (const name of new Set([...Object.keys(b.bounds), ...Object.keys(h.bounds)])) {
    const order = orderBounds(b.bounds[name], h.bounds[name]);
    if (order === 0) continue;
    const message = `${name} ${boundText(b.bounds[name])} → ${boundText(h.bounds[name])}`;
    const at = { base: b.bounds[name]?.at ?? b.pointer, head: h.bounds[name]?.at ?? h.pointer };
    out.push(record(order < 0 ? tightened(direction) : loosened(direction), { ...at, message }));
  }
  out.push(...listChanges("pattern", b.patterns, h.patterns, b, h, direction));
  if (b.format?.value !== h.format?.value) {
    const at = { base: b.format?.at ?? b.pointer, head: h.format?.at ?? h.pointer };
    const message = `format ${b.format ? `\`${b.format.value}\`` : "none"} → ${h.format ? `\`${h.format.value}\`` : "none"}`;
    out.push(record(!b.format ? tightened(direction) : !h.format ? loosened(direction) : replaced(direction), { ...at, message }));
  }
  if (b.multipleOf?.value !== h.multipleOf?.value) {
    const at = { base: b.multipleOf?.at ?? b.pointer, head: h.multipleOf?.at ?? h.pointer };
    const message = `multipleOf ${b.multipleOf?.value ?? "none"} → ${h.multipleOf?.value ?? "none"}`;
    // A new step that divides the old one accepts every old value and more.
    const divides = b.multipleOf && h.multipleOf && Number.isInteger(b.multipleOf.value / h.multipleOf.value);
    out.push(record(!h.multipleOf || divides ? loosened(direction) : tightened(direction), { ...at, message }));
  }
  if (Boolean(b.uniqueItems) !== Boolean(h.uniqueItems)) {
    const at = { base: b.uniqueItems?.at ?? b.pointer, head: h.uniqueItems?.at ?? h.pointer };
    out.push(
      record(h.uniqueItems ? tightened(direction) : loosened(direction), {
        ...at,
        message: `uniqueItems ${Boolean(b.uniqueItems)} → ${Boolean(h.uniqueItems)}`,
      }),
    );
  }
  return out;
}

/**
 * `not` and keywords the view does not interpret, on whole views.
 * @param {View} b @param {View} h @param {Direction} direction
 */
export function schemaKeywordChanges(b, h, direction) {
  const out = listChanges("not", b.not, h.not, b, h, direction);
  const bKeywords = new Map(b.unknown.map((u) => [u.keyword, u]));
  const hKeywords = new Map(h.unknown.map((u) => [u.keyword, u]));
  for (const keyword of new Set([...bKeywords.keys(), ...hKeywords.keys()])) {
    const x = bKeywords.get(keyword);
    const y = hKeywords.get(keyword);
    if (x?.value === y?.value) continue;
    const at = { base: x?.at ?? b.pointer, head: y?.at ?? h.pointer };
    const what = !x ? "added" : !y ? "removed" : "changed";
    // Not read, so not ordered: a keyword added constrains, removed frees, changed may do either.
    const chosen = what === "added" ? tightened(direction) : what === "removed" ? loosened(direction) : replaced(direction);
    out.push(record(chosen, { ...at, message: `\`${keyword}\` ${what} (a keyword this differ does not interpret)` }));
  }
  return out;
}
