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

const prefixed = (records, segments) => (segments.length === 0 ? records : records.map((r) => ({ ...r, field: [...segments, ...r.field] })));

/** Facets of the same type on both sides; then an integer facet with a number one left unpaired. */
function facetPairs(b, h) {
  const pairs = [];
  const paired = new Set();
  for (const [type, facet] of b.types) {
    if (!h.types.has(type)) continue;
    pairs.push([facet, h.types.get(type)]);
    paired.add(type);
  }
  for (const [type, facet] of b.types) {
    const other = { integer: "number", number: "integer" }[type];
    if (h.types.has(type) || !other || !h.types.has(other) || paired.has(other) || b.types.has(other)) continue;
    pairs.push([facet, h.types.get(other)]);
    paired.add(other);
  }
  return pairs;
}

/**
 * @param {{ base: ReturnType<typeof import("./view.mjs").createViews>, head: ReturnType<typeof import("./view.mjs").createViews> }} views
 */
export function createSchemaComparer(views) {
  const memo = new Map();
  const active = new Set();

  /** Records of every change between two views, field paths relative to them. */
  function compareViews(b, h, direction) {
    const key = `${direction}|${b.key}|${h.key}`;
    const cached = memo.get(key);
    if (cached) return cached;
    if (active.has(key)) return [];
    active.add(key);
    try {
      const out =
        b.variants || h.variants
          ? variantChanges(b, h, direction, views, (x, y, segments) => prefixed(compareViews(x, y, direction), segments))
          : single(b, h, direction);
      memo.set(key, out);
      return out;
    } finally {
      active.delete(key);
    }
  }

  function single(b, h, direction) {
    const out = [...typeChanges(b, h, direction), ...schemaKeywordChanges(b, h, direction)];
    if (b.any || h.any) return out;
    for (const [bFacet, hFacet] of facetPairs(b, h)) out.push(...facetChanges(bFacet, hFacet, direction));
    return out;
  }

  function facetChanges(b, h, direction) {
    const out = [...enumChanges(b, h, direction), ...constraintChanges(b, h, direction)];
    const recurse = (bSources, hSources, segments) =>
      prefixed(compareViews(views.base.ofSources(bSources), views.head.ofSources(hSources), direction), segments);
    if (b.properties && h.properties) out.push(...propertyChanges(b, h, direction, recurse));
    if (b.type === "array" && h.type === "array") {
      if (b.items && h.items) out.push(...recurse(b.items, h.items, ["[]"]));
      else if (b.items || h.items) {
        // Items described on one side only: a constraint put on every item, or taken off.
        const message = h.items ? "items now described by a schema" : "items no longer described by a schema";
        out.push(
          record(h.items ? tightened(direction) : loosened(direction), {
            field: ["[]"],
            base: b.items?.[0].pointer ?? b.pointer,
            head: h.items?.[0].pointer ?? h.pointer,
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
