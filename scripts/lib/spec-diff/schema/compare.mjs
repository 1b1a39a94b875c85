// The walk over two schemas in one direction (request: what the client sends; response: what it
// reads). It knows the shape of a schema (types, facets, properties, items, variants) and asks
// each rule family what changed at each step; the families know what a change means.
//
// Results are cached per pair of views and direction, so a component used by twenty operations
// is compared once; a schema that contains itself (a filter tree) is compared once per pair too,
// the inner occurrence contributing nothing new.
import { variantChanges } from "../rules/composition.mjs";
import { constraintChanges, loosened, schemaKeywordChanges, tightened } from "../rules/constraints.mjs";
import { enumChanges } from "../rules/enums.mjs";
import { propertyChanges } from "../rules/properties.mjs";
import { typeChanges } from "../rules/types.mjs";
import { record } from "../changes.mjs";
import { facetsOf, isObjectFacet } from "./view.mjs";

/**
 * @typedef {import("./view.mjs").View} View
 * @typedef {import("./view.mjs").Facet} Facet
 * @typedef {import("./view.mjs").Source} Source
 * @typedef {import("./view.mjs").SideViews} SideViews
 * @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord
 * @typedef {import("../changes.mjs").Direction} Direction
 * @typedef {{
 *   compareViews: (b: View, h: View, direction: Direction) => ChangeRecord[],
 *   compare: (bSchema: unknown, bPointer: string, hSchema: unknown, hPointer: string, direction: Direction) => ChangeRecord[]
 * }} SchemaComparer
 */

/**
 * The other of integer and number, which a facet of the one may be compared with.
 * @type {Record<string, string>}
 */
const NUMERIC_PARTNER = { integer: "number", number: "integer" };

/** @param {ChangeRecord[]} records @param {string[]} segments @returns {ChangeRecord[]} */
const prefixed = (records, segments) => (segments.length === 0 ? records : records.map((r) => ({ ...r, field: [...segments, ...r.field] })));

/**
 * Facets of the same type on both sides; then an integer facet with a number one left unpaired.
 * @param {View} b @param {View} h
 * @returns {Array<[Facet, Facet]>}
 */
function facetPairs(b, h) {
  const bTypes = facetsOf(b);
  const hTypes = facetsOf(h);
  /** @type {Array<[Facet, Facet]>} */
  const pairs = [];
  const paired = new Set();
  for (const [type, facet] of bTypes) {
    const same = hTypes.get(type);
    if (!same) continue;
    pairs.push([facet, same]);
    paired.add(type);
  }
  for (const [type, facet] of bTypes) {
    const other = NUMERIC_PARTNER[type];
    const partner = other === undefined ? undefined : hTypes.get(other);
    if (hTypes.has(type) || !other || !partner || paired.has(other) || bTypes.has(other)) continue;
    pairs.push([facet, partner]);
    paired.add(other);
  }
  return pairs;
}

/**
 * @param {SideViews} views
 * @returns {SchemaComparer}
 */
export function createSchemaComparer(views) {
  /** @type {Map<string, ChangeRecord[]>} */
  const memo = new Map();
  /** @type {Set<string>} */
  const active = new Set();

  /**
   * Records of every change between two views, field paths relative to them.
   * @param {View} b @param {View} h @param {Direction} direction
   * @returns {ChangeRecord[]}
   */
  function compareViews(b, h, direction) {
    const key = `${direction}|${b.key}|${h.key}`;
    const cached = memo.get(key);
    if (cached) return cached;
    if (active.has(key)) return [];
    active.add(key);
    try {
      /** A matched pair of branches, compared under the field path that names them. */
      const branches = (/** @type {View} */ x, /** @type {View} */ y, /** @type {string[]} */ segments) => prefixed(compareViews(x, y, direction), segments);
      const out = b.variants || h.variants ? variantChanges(b, h, direction, views, branches) : single(b, h, direction);
      memo.set(key, out);
      return out;
    } finally {
      active.delete(key);
    }
  }

  /** @param {View} b @param {View} h @param {Direction} direction @returns {ChangeRecord[]} */
  function single(b, h, direction) {
    /** @type {ChangeRecord[]} */
    const out = [...typeChanges(b, h, direction), ...schemaKeywordChanges(b, h, direction)];
    if (b.any || h.any) return out;
    for (const [bFacet, hFacet] of facetPairs(b, h)) out.push(...facetChanges(bFacet, hFacet, direction));
    return out;
  }

  /** @param {Facet} b @param {Facet} h @param {Direction} direction @returns {ChangeRecord[]} */
  function facetChanges(b, h, direction) {
    /** @type {ChangeRecord[]} */
    const out = [...enumChanges(b, h, direction), ...constraintChanges(b, h, direction)];
    /** @param {Source[]} bSources @param {Source[]} hSources @param {string[]} segments */
    const recurse = (bSources, hSources, segments) =>
      prefixed(compareViews(views.base.ofSources(bSources), views.head.ofSources(hSources), direction), segments);
    if (isObjectFacet(b) && isObjectFacet(h)) out.push(...propertyChanges(b, h, direction, recurse));
    if (b.type === "array" && h.type === "array") {
      if (b.items && h.items) out.push(...recurse(b.items, h.items, ["[]"]));
      else if (b.items || h.items) {
        // Items described on one side only: a constraint put on every item, or taken off.
        const message = h.items ? "items now described by a schema" : "items no longer described by a schema";
        out.push(
          record(h.items ? tightened(direction) : loosened(direction), {
            field: ["[]"],
            base: b.items?.[0]?.pointer ?? b.pointer,
            head: h.items?.[0]?.pointer ?? h.pointer,
            message,
          }),
        );
      }
    }
    return out;
  }

  return {
    compareViews,
    /** Compares two raw schemas found at the given pointers. */
    compare(bSchema, bPointer, hSchema, hPointer, direction) {
      return compareViews(views.base.of(bSchema, bPointer), views.head.of(hSchema, hPointer), direction);
    },
  };
}
