// What changes no value sent or read: descriptions and summaries, deprecation marks, annotations
// (default, readOnly, discriminator, ...), vendor extensions, `x-retry-safe`, examples. Found by
// walking both documents in step, node by node at the same place (array items matched by name or
// $ref), so each is reported once where it is written, not once per operation that uses it.
import { isRecord, listOf, memberAt } from "../../json-members.mjs";
import { record } from "../changes.mjs";
import { canonical } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { exampleKeyChanges } from "./examples.mjs";
import { escapeSegment } from "../../spec.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../changes.mjs").Rule} Rule */
/** @typedef {import("../../json-types.ts").JsonValue} JsonValue */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */

export const DOCUMENTATION_CHANGED = rule(
  "documentation-changed",
  ROWS.descriptions,
  null,
  "A description, summary, title, tag, external link, contact, licence or the OpenAPI version changed.",
);
export const DEPRECATED_CHANGED = rule(
  "deprecated-changed",
  ROWS.descriptions,
  null,
  "An operation, parameter or field marked deprecated, or no longer.",
  "Deprecation is a note to readers; removal comes later and is judged then.",
);
export const ANNOTATION_CHANGED = rule(
  "annotation-changed",
  ROWS.descriptions,
  null,
  "A default, readOnly/writeOnly flag, discriminator, xml or content-encoding note, or a server variable's default changed.",
  "These keywords describe values; they validate nothing, so what is accepted and returned stays the same.",
);
export const EXTENSION_CHANGED = rule(
  "extension-changed",
  ROWS.descriptions,
  null,
  "A vendor extension (`x-...`) other than `x-retry-safe` and `x-discrepancies` changed.",
  "Extensions are notes for tools and readers; no validator reads them.",
);
export const RETRY_SAFE_CHANGED = rule("retry-safe-changed", ROWS.retrySafe, null, "An operation's `x-retry-safe` mark changed.");

export const RULES = [DOCUMENTATION_CHANGED, DEPRECATED_CHANGED, ANNOTATION_CHANGED, EXTENSION_CHANGED, RETRY_SAFE_CHANGED];

const DOCUMENTATION_KEYS = new Set(["description", "summary", "title", "$comment", "externalDocs", "termsOfService", "contact", "license"]);
const ANNOTATION_KEYS = new Set(["default", "readOnly", "writeOnly", "discriminator", "xml", "contentMediaType", "contentEncoding"]);
// Objects whose keys are names (of properties, statuses, media types, components), not keywords.
const NAME_MAPS = new Set([
  "properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "paths", "webhooks", "responses", "content", "headers", "schemas",
  "parameters", "requestBodies", "securitySchemes", "links", "callbacks", "variables", "encoding", "pathItems", "mapping", "scopes",
]);
// Values, not objects with keywords: a `const` object's `description` key is data.
const LEAVES = new Set(["enum", "const", "required", "type", "security"]);
// Compared elsewhere, or not text at all.
const SKIPPED = new Set(["/components/examples", "/info/version"]);

/**
 * @param {string} key @param {string} pointer the object the key is in
 * @returns {Rule | undefined}
 */
function ruleFor(key, pointer) {
  if (key === "x-retry-safe") return RETRY_SAFE_CHANGED;
  if (key.startsWith("x-")) return EXTENSION_CHANGED;
  if (key === "deprecated") return DEPRECATED_CHANGED;
  if (DOCUMENTATION_KEYS.has(key)) return DOCUMENTATION_CHANGED;
  // An operation's tags group it in the reference; a schema's `tags` is not a keyword.
  if (key === "tags" && /^\/paths\/[^/]+\/[a-z]+$/.test(pointer)) return DOCUMENTATION_CHANGED;
  if (ANNOTATION_KEYS.has(key)) return ANNOTATION_CHANGED;
  return undefined;
}

/** @param {JsonValue | undefined} value */
const what = (value) =>
  typeof value === "string" && value.length <= 60 && !value.includes("\n")
    ? `\`${value}\``
    : typeof value === "boolean" || typeof value === "number"
      ? String(value)
      : undefined;

/**
 * A key's change between two objects. `bAt` and `hAt` are undefined on the side without the key.
 * @param {Rule} rule @param {string} key @param {JsonValue | undefined} bValue @param {string | undefined} bAt
 * @param {JsonValue | undefined} hValue @param {string | undefined} hAt @param {string} parentB @param {string} parentH
 */
function keyChange(rule, key, bValue, bAt, hValue, hAt, parentB, parentH) {
  const holder = parentH;
  if (bValue === undefined)
    return record(rule, { base: parentB, head: hAt ?? null, holder, message: `\`${key}\` added${what(hValue) ? `: ${what(hValue)}` : ""}` });
  if (hValue === undefined)
    return record(rule, { base: bAt ?? null, head: parentH, holder, message: `\`${key}\` removed${what(bValue) ? ` (was ${what(bValue)})` : ""}` });
  const values = what(bValue) && what(hValue) ? `: ${what(bValue)} → ${what(hValue)}` : "";
  return record(rule, { base: bAt ?? null, head: hAt ?? null, holder, message: `\`${key}\` changed${values}` });
}

/**
 * Items of two arrays paired by $ref, by `in`+`name` (parameters), `name` (tags) or `url` (servers), else by position.
 * @param {JsonValue[]} bList @param {JsonValue[]} hList
 * @returns {[number, number][]}
 */
function pairItems(bList, hList) {
  /** @param {JsonValue} item @param {number} i */
  const keyOf = (item, i) => (isRecord(item) ? (item.$ref ?? (item.name !== undefined ? `${item.in ?? ""}:${item.name}` : (item.url ?? `#${i}`))) : `#${i}`);
  const hByKey = new Map(hList.map((item, i) => [keyOf(item, i), i]));
  /** @type {[number, number][]} */
  const pairs = [];
  bList.forEach((item, i) => {
    const j = hByKey.get(keyOf(item, i));
    if (j !== undefined) pairs.push([i, j]);
  });
  return pairs;
}

/**
 * Root tags added or removed (their descriptions are compared by the walk).
 * @param {JsonRecord} base @param {JsonRecord} head
 */
function tagChanges(base, head) {
  /** @param {JsonRecord} spec @returns {Map<JsonValue | undefined, string>} */
  const names = (spec) => new Map(listOf(spec.tags).map((tag, i) => [memberAt(tag, "name"), `/tags/${i}`]));
  const x = names(base);
  const y = names(head);
  const out = [];
  for (const [name, at] of x) if (!y.has(name)) out.push(record(DOCUMENTATION_CHANGED, { base: at, head: "/tags", message: `tag \`${name}\` removed` }));
  for (const [name, at] of y) if (!x.has(name)) out.push(record(DOCUMENTATION_CHANGED, { base: "/tags", head: at, message: `tag \`${name}\` added` }));
  return out;
}

/**
 * Every documentation-only change between two documents, as records with pointers on both sides.
 * @param {JsonRecord} base @param {JsonRecord} head
 */
export function documentationChanges(base, head) {
  const out = [...tagChanges(base, head)];
  for (const key of ["openapi", "jsonSchemaDialect"]) {
    if (base[key] !== head[key]) out.push(keyChange(DOCUMENTATION_CHANGED, key, base[key], `/${key}`, head[key], `/${key}`, "", ""));
  }
  /**
   * @param {JsonValue | undefined} b @param {JsonValue | undefined} h the same place on both sides
   * @param {string} bAt @param {string} hAt @param {string} parentKey the key the place is under
   */
  const visit = (b, h, bAt, hAt, parentKey) => {
    if (SKIPPED.has(hAt)) return;
    if (Array.isArray(b) && Array.isArray(h)) {
      for (const [i, j] of pairItems(b, h)) visit(b[i], h[j], `${bAt}/${i}`, `${hAt}/${j}`, parentKey);
      return;
    }
    if (!isRecord(b) || !isRecord(h)) return;
    const nameMap = NAME_MAPS.has(parentKey);
    for (const key of new Set([...Object.keys(b), ...Object.keys(h)])) {
      const bKeyAt = `${bAt}/${escapeSegment(key)}`;
      const hKeyAt = `${hAt}/${escapeSegment(key)}`;
      if (SKIPPED.has(hKeyAt) || key === "x-discrepancies") continue;
      const inBoth = Object.hasOwn(b, key) && Object.hasOwn(h, key);
      if (nameMap) {
        if (inBoth) visit(b[key], h[key], bKeyAt, hKeyAt, key);
        continue;
      }
      if (key === "example" || key === "examples") {
        if (canonical(b[key]) !== canonical(h[key]))
          out.push(...exampleKeyChanges(key, b[key], Object.hasOwn(b, key) ? bKeyAt : undefined, h[key], Object.hasOwn(h, key) ? hKeyAt : undefined, bAt, hAt));
        continue;
      }
      // (`default` under `responses` is a status: name maps were handled above.)
      const chosen = ruleFor(key, hAt);
      if (chosen) {
        if (canonical(b[key]) !== canonical(h[key]))
          out.push(keyChange(chosen, key, b[key], Object.hasOwn(b, key) ? bKeyAt : undefined, h[key], Object.hasOwn(h, key) ? hKeyAt : undefined, bAt, hAt));
        continue;
      }
      if (inBoth && !LEAVES.has(key)) visit(b[key], h[key], bKeyAt, hKeyAt, key);
    }
  };
  visit(base, head, "", "", "");
  return out;
}
