// Unions of several shapes of one type (oneOf/anyOf of objects): branches are matched across the
// two sides by name ($ref or title), by constant fields (`provider: [API]`) and by the fields
// they share, so reordering or adding a branch is not read as every branch changing. A branch
// gone from a request is a shape no longer accepted; a branch added to a response is a shape a
// reader has not handled.
import { record } from "../changes.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { loosened, tightened } from "./constraints.mjs";
import { typeList } from "./types.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../schema/view.mjs").View} View */
/** @typedef {import("../changes.mjs").Direction} Direction */
/** @typedef {import("../schema/view.mjs").SideViews} SideViews */
/** @typedef {import("../schema/view.mjs").Views} Views */

export const REQUEST_VARIANT_REMOVED = rule(
  "request-variant-removed",
  ROWS.requestNarrowed,
  "request",
  "A oneOf/anyOf branch of a request removed: that shape is no longer accepted.",
);
export const REQUEST_VARIANT_ADDED = rule(
  "request-variant-added",
  ROWS.requestRelaxed,
  "request",
  "A oneOf/anyOf branch added to a request: one more shape accepted.",
);
export const RESPONSE_VARIANT_ADDED = rule(
  "response-variant-added",
  ROWS.responseChanged,
  "response",
  "A oneOf/anyOf branch added to a response.",
  "A new shape of answer changes the response's type: a reader handling each known shape meets one it does not know.",
);
export const RESPONSE_VARIANT_REMOVED = rule(
  "response-variant-removed",
  ROWS.responseChanged,
  "response",
  "A oneOf/anyOf branch of a response removed.",
  "The response's type changed: a typed client's union loses a member.",
);

export const RULES = [REQUEST_VARIANT_REMOVED, REQUEST_VARIANT_ADDED, RESPONSE_VARIANT_ADDED, RESPONSE_VARIANT_REMOVED];

const MATCH_THRESHOLD = 20;

/**
 * Fields of an object variant that hold a single constant value (a discriminator in all but name).
 * @param {View} view @param {Views} views the views of the variant's side
 */
function constants(view, views) {
  /** @type {Map<string, string | undefined>} */
  const found = new Map();
  const object = view.types?.get("object");
  if (!object) return found;
  for (const [name, sources] of object.properties ?? []) {
    const property = views.ofSources(sources);
    if (property.any || property.variants || property.types === null || property.types.size !== 1) continue;
    const [facet] = property.types.values();
    if (facet?.enum?.size === 1) found.set(name, [...facet.enum.keys()][0]);
  }
  return found;
}

/** @param {Set<string>} a @param {Set<string>} b */
function jaccard(a, b) {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** @param {View} view @param {"properties" | "required"} which */
const keysOf = (view, which) => new Set(view.types?.get("object")?.[which]?.keys() ?? []);

/**
 * How alike two branches are, 0 when they cannot be the same branch.
 * @param {View} b @param {View} h @param {Map<string, string | undefined>} bConstants @param {Map<string, string | undefined>} hConstants
 * @param {boolean} sameIndex
 */
function similarity(b, h, bConstants, hConstants, sameIndex) {
  if (b.label && h.label && b.label === h.label) return 1000;
  const bTypes = b.any || b.types === null ? null : new Set(b.types.keys());
  const hTypes = h.any || h.types === null ? null : new Set(h.types.keys());
  if (bTypes && hTypes && ![...bTypes].some((t) => hTypes.has(t) || (t === "integer" && hTypes.has("number")) || (t === "number" && hTypes.has("integer"))))
    return 0;
  let score = 0;
  for (const [name, value] of bConstants) {
    if (!hConstants.has(name)) continue;
    if (hConstants.get(name) !== value) return 0;
    score += 60;
  }
  score += 40 * jaccard(keysOf(b, "properties"), keysOf(h, "properties"));
  score += 20 * jaccard(keysOf(b, "required"), keysOf(h, "required"));
  if (b.label && h.label) score -= 10; // differently named branches match only on strong evidence
  return score + (sameIndex ? 1 : 0);
}

/**
 * A branch as a reader would name it.
 * @param {View} view
 */
function describe(view) {
  if (view.label) return `\`${view.label}\``;
  const required = [...keysOf(view, "required")];
  return required.length ? `${typeList(view)} with ${required.map((r) => `\`${r}\``).join(", ")}` : typeList(view);
}

/**
 * Changes between two views where at least one is a union of variants. `recurse(b, h, segments)`
 * compares a matched pair of branches.
 * @param {View} b @param {View} h @param {Direction} direction @param {SideViews} views
 * @param {(b: View, h: View, segments: string[]) => ChangeRecord[]} recurse
 * @returns {ChangeRecord[]}
 */
export function variantChanges(b, h, direction, views, recurse) {
  /** @type {View[]} */
  const bList = b.variants ?? [b];
  /** @type {View[]} */
  const hList = h.variants ?? [h];
  const bSides = bList.map((view) => ({ view, constants: constants(view, views.base) }));
  const hSides = hList.map((view) => ({ view, constants: constants(view, views.head) }));
  const pairs = [];
  for (const [i, { view: bv, constants: bConstants }] of bSides.entries()) {
    for (const [j, { view: hv, constants: hConstants }] of hSides.entries()) {
      pairs.push({ i, j, bv, hv, score: similarity(bv, hv, bConstants, hConstants, i === j) });
    }
  }
  pairs.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  /** @type {Map<number, { j: number, bv: View, hv: View }>} */
  const matchedB = new Map();
  const matchedH = new Set();
  for (const { i, j, bv, hv, score } of pairs) {
    if (score < MATCH_THRESHOLD || matchedB.has(i) || matchedH.has(j)) continue;
    matchedB.set(i, { j, bv, hv });
    matchedH.add(j);
  }
  const out = [];
  const request = direction === "request";
  const both = Boolean(b.variants && h.variants);
  if (both && b.variantKind !== h.variantKind) {
    // oneOf refuses a value two branches accept; anyOf takes it.
    const message = `${b.variantKind} → ${h.variantKind}`;
    out.push(record(h.variantKind === "anyOf" ? loosened(direction) : tightened(direction), { base: b.pointer, head: h.pointer, message }));
  }
  bList.forEach((bv, i) => {
    if (matchedB.has(i)) return;
    out.push(
      record(request ? REQUEST_VARIANT_REMOVED : RESPONSE_VARIANT_REMOVED, { base: bv.pointer, head: h.pointer, message: `branch ${describe(bv)} removed` }),
    );
  });
  hList.forEach((hv, j) => {
    if (matchedH.has(j)) return;
    out.push(record(request ? REQUEST_VARIANT_ADDED : RESPONSE_VARIANT_ADDED, { base: b.pointer, head: hv.pointer, message: `branch ${describe(hv)} added` }));
  });
  for (const { j, bv, hv } of matchedB.values()) {
    const segment = both ? [`<${hv.label ?? bv.label ?? `branch ${j + 1}`}>`] : [];
    out.push(...recurse(bv, hv, segment));
  }
  return out;
}
