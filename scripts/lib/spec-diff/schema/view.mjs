// A schema as the set of values it accepts, whatever way it is written: `$ref`s followed,
// `allOf` merged, `type: [string, "null"]`, OpenAPI 3.0's `nullable: true` and
// `anyOf: [{type: string}, {type: "null"}]` all read the same, `const` is an enum of one, and an
// `anyOf`/`oneOf` of different types folds into one view with a facet per type. Only unions of
// several shapes of one type (two kinds of object) stay as variants, to be matched branch by branch.
//
// A view: { key, pointer, label, any, types: Map<type, facet> | null, variants, variantKind, not, unknown }
// where `types` null means "any type". A facet holds the constraints of one JSON type, each as
// { value, at } (`at` the pointer of the keyword, for the line of a change).
import { escapeSegment, pointerOf, unescapeSegment } from "../../../../src/kernel/json-pointer.js";
import { isRecord } from "../../json-members.mjs";
import { subschemas } from "../../schema-walk.mjs";

/**
 * @typedef {import("../../json-types.ts").JsonValue} JsonValue
 * @typedef {import("../../json-types.ts").JsonRecord} JsonRecord
 */

const JSON_TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"];
const MAX_VARIANTS = 32;

// Keywords with no bearing on which values are valid (compared elsewhere, as documentation).
const ANNOTATIONS = new Set([
  "title", "description", "$comment", "default", "deprecated", "readOnly", "writeOnly", "example", "examples",
  "discriminator", "xml", "externalDocs", "contentMediaType", "contentEncoding", "$schema", "$id", "$anchor", "$defs", "definitions",
]);
const INTERPRETED = new Set([
  "$ref", "type", "nullable", "enum", "const", "allOf", "anyOf", "oneOf", "not",
  "minLength", "maxLength", "pattern", "format",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "items", "minItems", "maxItems", "uniqueItems",
  "properties", "required", "additionalProperties", "minProperties", "maxProperties",
]);
const STRING_KEYWORDS = ["minLength", "maxLength", "pattern"];
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const ARRAY_KEYWORDS = ["items", "minItems", "maxItems", "uniqueItems"];
const OBJECT_KEYWORDS = ["properties", "required", "additionalProperties", "minProperties", "maxProperties"];

/**
 * A stable text for any JSON value (object keys sorted), to compare values and key enums.
 * @param {JsonValue | undefined} value
 * @returns {string}
 */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/**
 * The JSON type of a value, integers told apart from other numbers.
 * @param {JsonValue | undefined} value
 */
function typeOfValue(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/**
 * A node of a side's document reached through `$ref`s, and its pointer: what it must be is the
 * reader's to check.
 * @typedef {{ node: JsonValue | undefined, pointer: string }} Followed
 */

/**
 * Resolves a local `$ref` to { node, pointer }; refs outside the document are refused.
 * @param {JsonRecord} spec @param {unknown} ref @param {string} from the pointer the ref is written at
 * @returns {Followed}
 */
export function resolveRef(spec, ref, from) {
  if (typeof ref !== "string" || !ref.startsWith("#")) throw new Error(`${from}: only local $refs are compared, not ${JSON.stringify(ref)}`);
  const body = decodeURIComponent(ref.slice(1));
  /** @type {JsonValue} */
  let node = spec;
  for (const segment of body === "" ? [] : body.slice(1).split("/").map(unescapeSegment)) {
    /** @type {JsonValue | undefined} */
    const next = node !== null && typeof node === "object" && Object.hasOwn(node, segment) ? (Array.isArray(node) ? node[Number(segment)] : node[segment]) : undefined;
    if (next === undefined) throw new Error(`${from}: dangling $ref ${ref}`);
    node = next;
  }
  return { node, pointer: body };
}

/**
 * Follows $refs from a node (parameters, responses, request bodies): { node, pointer }.
 * @param {JsonRecord} spec @param {JsonValue | undefined} node @param {string} pointer
 * @returns {Followed}
 */
export function follow(spec, node, pointer) {
  const seen = new Set();
  while (isRecord(node) && typeof node.$ref === "string") {
    const ref = node.$ref;
    if (seen.has(ref)) throw new Error(`${pointer}: $ref cycle through ${ref}`);
    seen.add(ref);
    ({ node, pointer } = resolveRef(spec, ref, pointer));
  }
  return { node, pointer };
}

/** @param {string} ref */
const refName = (ref) => unescapeSegment(ref.slice(ref.lastIndexOf("/") + 1));

// ------------------------------------------------------------------------------------------------
// Facets

/**
 * A keyword's value and the pointer where it sits (an enum's value, a pattern, a format, ...).
 * @template [T=JsonValue]
 * @typedef {{ value: T, at: string }} Located
 */
/**
 * @typedef {{ side: "lower" | "upper", value: number, exclusive: boolean, at: string }} Bound a lower or upper limit
 * @typedef {Record<string, Bound>} Bounds a facet's limits by name (minimum, maxLength, minItems, ...)
 * @typedef {{ schema: unknown, pointer: string }} Source a schema as written and its pointer, viewed when it is compared
 * @typedef {{ kind: "open" | "closed" | "schema", at: string, sources: Source[] }} Additional what an object's other keys may be
 * @typedef {{
 *   type: string, pointer: string, enum: Map<string, Located> | undefined, bounds: Bounds, patterns: Located<string>[],
 *   format: Located<string> | undefined, multipleOf: Located<number> | undefined, uniqueItems: Located<true> | undefined,
 *   properties?: Map<string, Source[]>, required?: Map<string, string>, additional?: Additional, items?: Source[] | undefined
 * }} Facet what a schema allows of one JSON type
 * @typedef {Facet & { properties: Map<string, Source[]>, required: Map<string, string>, additional: Additional }} ObjectFacet
 *   the facet of type object: its properties (each from one or more sources), required names (each at the pointer of its
 *   `required`) and other keys
 * @typedef {{
 *   key: string, pointer: string, label: string | undefined, any: boolean, types: Map<string, Facet> | null,
 *   variants: View[] | undefined, variantKind: "anyOf" | "oneOf" | undefined, not: Located<string>[],
 *   unknown: Array<Located<string> & { keyword: string }>
 * }} View
 * @typedef {{ of: (schema: unknown, pointer: string, label?: string) => View, ofSources: (sources: Source[]) => View }} Views
 *   one side's views (createViews)
 * @typedef {{ base: Views, head: Views }} SideViews the views of both sides of a comparison
 */

/**
 * Whether a facet is an object's (they alone have properties, required names and other keys).
 * @param {Facet} facet
 * @returns {facet is ObjectFacet}
 */
export function isObjectFacet(facet) {
  return facet.properties !== undefined && facet.required !== undefined && facet.additional !== undefined;
}

/**
 * The facets of a view that is not "any": one per type it accepts. Only a union kept as variants
 * lists none of its own when a branch is "any"; every other view has them.
 * @param {View} view
 * @returns {Map<string, Facet>}
 */
export function facetsOf(view) {
  if (view.types === null) throw new Error(`${view.pointer}: a view that accepts any type has no facets`);
  return view.types;
}

/** @param {string} type @param {string} pointer @returns {Facet} */
function emptyFacet(type, pointer) {
  /** @type {Facet} */
  const facet = { type, pointer, enum: undefined, bounds: {}, patterns: [], format: undefined, multipleOf: undefined, uniqueItems: undefined };
  if (type === "object") Object.assign(facet, { properties: new Map(), required: new Map(), additional: { kind: "open", at: pointer, sources: [] } });
  if (type === "array") facet.items = undefined;
  return facet;
}

/** @param {Facet} facet @returns {Facet} */
function cloneFacet(facet) {
  const copy = { ...facet, bounds: { ...facet.bounds }, patterns: [...facet.patterns] };
  if (facet.enum) copy.enum = new Map(facet.enum);
  if (isObjectFacet(facet)) {
    copy.properties = new Map([...facet.properties].map(([name, sources]) => [name, [...sources]]));
    copy.required = new Map(facet.required);
    copy.additional = { ...facet.additional, sources: [...facet.additional.sources] };
  }
  if (facet.items) copy.items = [...facet.items];
  return copy;
}

// Bounds are stored as lower or upper limits, so comparing them needs no keyword knowledge:
// minimum/exclusiveMinimum (3.1 numbers or 3.0 booleans) become one lower bound.
/** @param {JsonRecord} schema @param {string} pointer @param {string} type @returns {Bounds} */
function boundsOf(schema, pointer, type) {
  /** @type {Bounds} */
  const bounds = {};
  /** @param {string} keyword */
  const at = (keyword) => `${pointer}/${keyword}`;
  /** @param {string} name @param {Bound["side"]} side @param {unknown} value @param {boolean} exclusive @param {string} keyword */
  const put = (name, side, value, exclusive, keyword) => {
    if (typeof value !== "number") return;
    const current = bounds[name];
    const stricter =
      !current ||
      (side === "lower" ? value > current.value || (value === current.value && exclusive) : value < current.value || (value === current.value && exclusive));
    if (stricter) bounds[name] = { side, value, exclusive, at: at(keyword) };
  };
  if (type === "string") {
    put("minLength", "lower", schema.minLength, false, "minLength");
    put("maxLength", "upper", schema.maxLength, false, "maxLength");
  } else if (type === "number" || type === "integer") {
    put("minimum", "lower", schema.minimum, schema.exclusiveMinimum === true, "minimum");
    put("maximum", "upper", schema.maximum, schema.exclusiveMaximum === true, "maximum");
    put("minimum", "lower", schema.exclusiveMinimum, true, "exclusiveMinimum");
    put("maximum", "upper", schema.exclusiveMaximum, true, "exclusiveMaximum");
  } else if (type === "array") {
    put("minItems", "lower", schema.minItems, false, "minItems");
    put("maxItems", "upper", schema.maxItems, false, "maxItems");
  } else if (type === "object") {
    put("minProperties", "lower", schema.minProperties, false, "minProperties");
    put("maxProperties", "upper", schema.maxProperties, false, "maxProperties");
  }
  return bounds;
}

/**
 * @param {JsonRecord} schema @param {string} pointer @param {string} type
 * @param {Located[] | undefined} enumEntries the node's enum, every type's values together
 * @returns {Facet}
 */
function facetOf(schema, pointer, type, enumEntries) {
  const facet = emptyFacet(type, pointer);
  facet.bounds = boundsOf(schema, pointer, type);
  if (enumEntries) facet.enum = new Map(enumEntries.filter(({ value }) => fitsType(value, type)).map((entry) => [canonical(entry.value), entry]));
  if (type === "string" || type === "number" || type === "integer") {
    if (typeof schema.format === "string") facet.format = { value: schema.format, at: `${pointer}/format` };
    if (typeof schema.multipleOf === "number" && type !== "string") facet.multipleOf = { value: schema.multipleOf, at: `${pointer}/multipleOf` };
  }
  if (type === "string") {
    if (typeof schema.pattern === "string") facet.patterns = [{ value: schema.pattern, at: `${pointer}/pattern` }];
    // A string of at most 0 characters, or matching only the empty string, is the value "".
    const emptyOnly = schema.maxLength === 0 || schema.pattern === "^$";
    if (emptyOnly && !facet.enum) {
      facet.enum = new Map([[canonical(""), { value: "", at: `${pointer}/${schema.maxLength === 0 ? "maxLength" : "pattern"}` }]]);
      facet.bounds = {};
      facet.patterns = [];
    }
  }
  // Where the sub-schemas sit is the shared walk's knowledge; what they allow is read here.
  /** @param {string} keyword */
  const below = (keyword) => subschemas(schema).filter((child) => child.keyword === keyword).map((child) => ({ ...child, pointer: `${pointer}${pointerOf(child.segments)}` }));
  if (type === "array") {
    for (const { schema: items, pointer: at } of below("items")) facet.items = [{ schema: items, pointer: at }];
    if (schema.uniqueItems === true) facet.uniqueItems = { value: true, at: `${pointer}/uniqueItems` };
  }
  if (type === "object") {
    for (const { segments: [, name = ""], schema: sub, pointer: at } of below("properties")) facet.properties?.set(name, [{ schema: sub, pointer: at }]);
    if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === "string") facet.required?.set(name, `${pointer}/required`);
    const extra = schema.additionalProperties;
    if (extra === false) facet.additional = { kind: "closed", at: `${pointer}/additionalProperties`, sources: [] };
    else if (extra !== undefined && extra !== true && !(typeof extra === "object" && extra !== null && Object.keys(extra).length === 0)) {
      facet.additional = { kind: "schema", at: `${pointer}/additionalProperties`, sources: [{ schema: extra, pointer: `${pointer}/additionalProperties` }] };
    } else if (extra !== undefined) facet.additional = { kind: "open", at: `${pointer}/additionalProperties`, sources: [] };
  }
  return facet;
}

/**
 * The enum of a node as entries { value, at }, each `at` the pointer of its own item; const is an enum of one.
 * @param {JsonRecord} schema @param {string} pointer
 * @returns {Located[] | undefined}
 */
function enumEntries(schema, pointer) {
  if (schema.const !== undefined) return [{ value: schema.const, at: `${pointer}/const` }];
  if (Array.isArray(schema.enum)) return schema.enum.map((value, i) => ({ value, at: `${pointer}/enum/${i}` }));
  return undefined;
}

/** @param {JsonValue | undefined} value @param {string} type */
function fitsType(value, type) {
  const actual = typeOfValue(value);
  return actual === type || (type === "number" && actual === "integer");
}

/** @param {Facet} facet @returns {facet is Facet & { enum: Map<string, Located> }} */
const isEnumerated = (facet) => facet.enum !== undefined;

// ------------------------------------------------------------------------------------------------
// Views

/** @param {string} key @param {string} pointer @returns {View} */
function anyView(key, pointer) {
  return { key, pointer, label: undefined, any: true, types: null, variants: undefined, variantKind: undefined, not: [], unknown: [] };
}

/** @param {JsonRecord} schema @returns {string[] | null} the JSON types it accepts, null for any */
function typesOf(schema) {
  /** @type {string[] | undefined} */
  let types;
  if (typeof schema.type === "string") types = [schema.type];
  else if (Array.isArray(schema.type)) types = schema.type.filter((t) => typeof t === "string");
  if (types && schema.nullable === true && !types.includes("null")) types.push("null");
  if (types) return types.filter((t) => JSON_TYPES.includes(t));
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values) {
    const found = new Set(values.map(typeOfValue));
    if (found.has("number")) found.delete("integer");
    return [...found];
  }
  // No `type`: the keywords say what the author meant (an object with `properties`).
  const inferred = [];
  if (OBJECT_KEYWORDS.some((k) => schema[k] !== undefined)) inferred.push("object");
  if (ARRAY_KEYWORDS.some((k) => schema[k] !== undefined)) inferred.push("array");
  if (STRING_KEYWORDS.some((k) => schema[k] !== undefined)) inferred.push("string");
  if (NUMBER_KEYWORDS.some((k) => schema[k] !== undefined)) inferred.push("number");
  if (inferred.length === 0) return null;
  if (schema.nullable === true) inferred.push("null");
  return inferred;
}

/**
 * The view of a schema node's own keywords, without its allOf/anyOf/oneOf.
 * @param {JsonRecord} schema @param {string} pointer
 * @returns {View}
 */
function ownView(schema, pointer) {
  const view = anyView(pointer, pointer);
  const types = typesOf(schema);
  const entries = enumEntries(schema, pointer);
  if (types) {
    view.any = false;
    view.types = new Map();
    for (const type of types) {
      const facet = facetOf(schema, pointer, type, entries);
      // `type: [string, "null"]` with `enum: [a, b]` accepts no null: a type with no value left goes.
      if (facet.enum && facet.enum.size === 0) continue;
      view.types.set(type, facet);
    }
  }
  if (schema.not !== undefined) view.not.push({ value: canonical(schema.not), at: `${pointer}/not` });
  for (const [keyword, value] of Object.entries(schema)) {
    if (INTERPRETED.has(keyword) || ANNOTATIONS.has(keyword) || keyword.startsWith("x-")) continue;
    view.unknown.push({ keyword, value: canonical(value), at: `${pointer}/${escapeSegment(keyword)}` });
  }
  return view;
}

/** @param {Bounds} a @param {Bounds} b @returns {Bounds} */
function mergeBounds(a, b) {
  const out = { ...a };
  for (const [name, bound] of Object.entries(b)) {
    const current = out[name];
    if (!current) out[name] = bound;
    else if (
      bound.side === "lower"
        ? bound.value > current.value || (bound.value === current.value && bound.exclusive)
        : bound.value < current.value || (bound.value === current.value && bound.exclusive)
    )
      out[name] = bound;
  }
  return out;
}

/** @param {Facet} a @param {Facet} b @param {string} [type] @returns {Facet} */
function mergeFacets(a, b, type = a.type) {
  const out = cloneFacet(a);
  out.type = type;
  out.bounds = mergeBounds(a.bounds, b.bounds);
  out.patterns = [...a.patterns, ...b.patterns];
  out.format = a.format ?? b.format;
  out.multipleOf = a.multipleOf ?? b.multipleOf;
  out.uniqueItems = a.uniqueItems ?? b.uniqueItems;
  const bEnum = b.enum;
  if (a.enum && bEnum) out.enum = new Map([...a.enum].filter(([key]) => bEnum.has(key)));
  else out.enum = a.enum ? new Map(a.enum) : bEnum ? new Map([...bEnum].filter(([, v]) => fitsType(v.value, type))) : undefined;
  // `out` is a copy of `a`: an object facet when `a` is one.
  if (isObjectFacet(a) && isObjectFacet(b) && isObjectFacet(out)) {
    for (const [name, sources] of b.properties) out.properties.set(name, [...(out.properties.get(name) ?? []), ...sources]);
    for (const [name, at] of b.required) if (!out.required.has(name)) out.required.set(name, at);
    const kinds = [a.additional.kind, b.additional.kind];
    if (kinds.includes("closed")) out.additional = a.additional.kind === "closed" ? a.additional : b.additional;
    else if (kinds.includes("schema"))
      out.additional = {
        kind: "schema",
        at: a.additional.kind === "schema" ? a.additional.at : b.additional.at,
        sources: [...a.additional.sources, ...b.additional.sources],
      };
  }
  if (a.items || b.items) out.items = [...(a.items ?? []), ...(b.items ?? [])];
  return out;
}

/**
 * allOf: the values both views accept.
 * @param {View} a @param {View} b
 * @returns {View}
 */
function intersect(a, b) {
  /** @type {View} */
  const out = { ...a, key: `${a.key}&${b.key}`, not: [...a.not, ...b.not], unknown: [...a.unknown, ...b.unknown] };
  if (a.variants || b.variants) {
    const left = a.variants ?? [{ ...a, variants: undefined }];
    const right = b.variants ?? [{ ...b, variants: undefined }];
    if (left.length * right.length > MAX_VARIANTS) throw new Error(`${a.pointer}: more than ${MAX_VARIANTS} combinations of anyOf/oneOf branches under allOf`);
    /** @type {View[]} */
    const variants = [];
    for (const l of left) {
      for (const r of right) {
        const variant = intersect(l, r);
        // A variant keeps the name of the branch it came from, so it is matched by that name.
        variant.label = (b.variants ? r.label : undefined) ?? (a.variants ? l.label : undefined);
        variant.pointer = b.variants ? r.pointer : l.pointer;
        variants.push(variant);
      }
    }
    return { ...out, variants, variantKind: a.variantKind ?? b.variantKind, types: unionTypes(variants), any: false };
  }
  if (a.any) return { ...out, any: b.any, types: b.types, label: a.label ?? b.label };
  if (b.any) return { ...out, any: false, types: a.types };
  const bTypes = facetsOf(b);
  const types = new Map();
  for (const [type, facet] of facetsOf(a)) {
    const same = bTypes.get(type);
    const number = bTypes.get("number");
    const integer = bTypes.get("integer");
    if (same) types.set(type, mergeFacets(facet, same));
    else if (type === "integer" && number) types.set("integer", mergeFacets(facet, number, "integer"));
    else if (type === "number" && integer) types.set("integer", mergeFacets(integer, facet, "integer"));
  }
  return { ...out, any: false, types };
}

/** @param {View[]} variants @returns {Map<string, Facet> | null} */
function unionTypes(variants) {
  if (variants.some((v) => v.any)) return null;
  const types = new Map();
  for (const variant of variants) for (const [type, facet] of facetsOf(variant)) if (!types.has(type)) types.set(type, facet);
  return types;
}

/**
 * anyOf/oneOf: folded into one view when every type comes from one branch or only from enums.
 * @param {View[]} branches @param {"anyOf" | "oneOf"} kind @param {string} key @param {string} pointer
 * @returns {View}
 */
function union(branches, kind, key, pointer) {
  const flat = branches.flatMap((b) => b.variants ?? [b]);
  if (flat.some((b) => b.any && b.not.length === 0 && b.unknown.length === 0)) return anyView(key, pointer);
  const foldable = flat.every((b) => !b.any && b.not.length === 0 && b.unknown.length === 0);
  if (foldable) {
    /** @type {Map<string, Facet>} */
    const types = new Map();
    let folded = true;
    for (const branch of flat) {
      for (const [type, facet] of facetsOf(branch)) {
        const current = types.get(type);
        if (!current) types.set(type, facet);
        else if (isEnumerated(current) && isEnumerated(facet)) types.set(type, { ...cloneFacet(current), enum: new Map([...current.enum, ...facet.enum]) });
        else folded = false;
      }
    }
    if (folded) return { ...anyView(key, pointer), any: false, types };
  }
  return { ...anyView(key, pointer), any: false, types: unionTypes(flat), variants: flat, variantKind: kind };
}

/**
 * Builds views of one side's schemas, each cached by the pointer (or pointers) it was read from.
 * @param {JsonRecord} spec
 * @returns {Views}
 */
export function createViews(spec) {
  /** @type {Map<string, View>} */
  const cache = new Map();
  /** @type {Set<string>} */
  const building = new Set();

  /**
   * The view of one schema node at `pointer`.
   * @param {unknown} raw the schema as written @param {string} pointer @param {string} [label]
   * @returns {View}
   */
  function of(raw, pointer, label) {
    if (raw === true || raw === undefined) return anyView(pointer, pointer);
    if (raw === false) return { ...anyView(pointer, pointer), any: false, types: new Map() };
    if (raw === null || typeof raw !== "object") throw new Error(`${pointer}: a schema must be an object or a boolean`);
    const schema = /** @type {JsonRecord} */ (raw);
    if (typeof schema.$ref === "string") {
      const target = resolveRef(spec, schema.$ref, pointer);
      const name = refName(schema.$ref);
      const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$ref" && !ANNOTATIONS.has(k) && !k.startsWith("x-")));
      const referenced = of(target.node, target.pointer, name);
      if (Object.keys(rest).length === 0) return referenced;
      return { ...intersect(referenced, build(rest, pointer)), pointer, label: name };
    }
    const cached = cache.get(pointer);
    if (cached) return label && !cached.label ? { ...cached, label } : cached;
    // A schema that contains itself through allOf/anyOf/oneOf (not through properties or
    // items, which are read lazily) has no finite view.
    if (building.has(pointer)) throw new Error(`${pointer}: a schema that is its own allOf/anyOf/oneOf branch cannot be compared`);
    building.add(pointer);
    try {
      const view = build(schema, pointer);
      view.label = label ?? (typeof schema.title === "string" ? schema.title : undefined);
      cache.set(pointer, view);
      return view;
    } finally {
      building.delete(pointer);
    }
  }

  /** @param {JsonRecord} schema @param {string} pointer @returns {View} */
  function build(schema, pointer) {
    let view = ownView(schema, pointer);
    // The node's own keywords and an allOf that says nothing about type should not make the
    // whole node "any": an allOf of objects is an object.
    const children = subschemas(schema);
    /** @param {string} kind */
    const branchesOf = (kind) => children.filter((child) => child.keyword === kind).map((child) => of(child.schema, `${pointer}${pointerOf(child.segments)}`));
    for (const part of branchesOf("allOf")) view = intersect(view, part);
    for (const kind of /** @type {const} */ (["anyOf", "oneOf"])) {
      if (!Array.isArray(schema[kind])) continue;
      const branches = branchesOf(kind);
      view = intersect(view, union(branches, kind, `${pointer}/${kind}`, `${pointer}/${kind}`));
    }
    return { ...view, key: pointer, pointer };
  }

  /**
   * The view of several sources of one place (a property defined in two allOf parts).
   * @param {Source[]} sources
   * @returns {View}
   */
  function ofSources(sources) {
    const [first, ...rest] = sources;
    if (!first) throw new Error("a place with no schema has no view");
    if (rest.length === 0) return of(first.schema, first.pointer);
    const key = sources.map((s) => s.pointer).join("&");
    const cached = cache.get(key);
    if (cached) return cached;
    let view = of(first.schema, first.pointer);
    for (const source of rest) view = intersect(view, of(source.schema, source.pointer));
    view = { ...view, key, pointer: first.pointer };
    cache.set(key, view);
    return view;
  }

  return { of, ofSources };
}
