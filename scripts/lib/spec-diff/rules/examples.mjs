// Examples: the named ones under components.examples, the `examples` maps of media types and
// parameters (by name), and `example`/`examples` values of schemas. Prism serves them and the
// contract tests read them, but the table counts them as documentation.
import { isRecord, memberAt, recordOf } from "../../json-members.mjs";
import { record } from "../changes.mjs";
import { canonical } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { escapeSegment } from "../../spec.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("../../json-types.ts").JsonValue} JsonValue */

export const EXAMPLE_ADDED = rule("example-added", ROWS.descriptions, null, "An example added.");
export const EXAMPLE_REMOVED = rule("example-removed", ROWS.descriptions, null, "An example removed.");
export const EXAMPLE_CHANGED = rule("example-changed", ROWS.descriptions, null, "An example's value, summary or reference changed.");

export const RULES = [EXAMPLE_ADDED, EXAMPLE_REMOVED, EXAMPLE_CHANGED];

/**
 * Named maps of examples compared entry by entry: added, removed, changed.
 * @param {JsonRecord} bMap @param {string} bAt @param {JsonRecord} hMap @param {string} hAt @param {string} what
 */
function namedChanges(bMap, bAt, hMap, hAt, what) {
  const holder = hAt;
  /** @type {ChangeRecord[]} */
  const out = [];
  for (const [name, value] of Object.entries(bMap)) {
    if (!Object.hasOwn(hMap, name))
      out.push(record(EXAMPLE_REMOVED, { base: `${bAt}/${escapeSegment(name)}`, head: hAt, holder, message: `${what} \`${name}\` removed` }));
    else if (canonical(value) !== canonical(hMap[name]))
      out.push(
        record(EXAMPLE_CHANGED, {
          base: `${bAt}/${escapeSegment(name)}`,
          head: `${hAt}/${escapeSegment(name)}`,
          holder,
          message: `${what} \`${name}\` changed`,
        }),
      );
  }
  for (const name of Object.keys(hMap)) {
    if (!Object.hasOwn(bMap, name))
      out.push(record(EXAMPLE_ADDED, { base: bAt, head: `${hAt}/${escapeSegment(name)}`, holder, message: `${what} \`${name}\` added` }));
  }
  return out;
}

/**
 * The named examples under components.examples.
 * @param {JsonRecord} base @param {JsonRecord} head
 */
export function componentExampleChanges(base, head) {
  const at = "/components/examples";
  return namedChanges(recordOf(memberAt(base, "components", "examples")), at, recordOf(memberAt(head, "components", "examples")), at, "example");
}

/**
 * An `example` or `examples` key of one object, present on either side (the documentation walk
 * calls this). A media type's or parameter's `examples` is a map compared by name; a schema's is
 * a list compared whole. `bAt` and `hAt` are undefined on the side without the key.
 * @param {string} key @param {JsonValue | undefined} bValue @param {string | undefined} bAt
 * @param {JsonValue | undefined} hValue @param {string | undefined} hAt @param {string} parentB @param {string} parentH
 * @returns {ChangeRecord[]}
 */
export function exampleKeyChanges(key, bValue, bAt, hValue, hAt, parentB, parentH) {
  if (key === "examples" && (isRecord(bValue) || isRecord(hValue)) && !Array.isArray(bValue) && !Array.isArray(hValue)) {
    return namedChanges(isRecord(bValue) ? bValue : {}, bAt ?? parentB, isRecord(hValue) ? hValue : {}, hAt ?? parentH, "example");
  }
  const holder = parentH;
  if (bValue === undefined) return [record(EXAMPLE_ADDED, { base: parentB, head: hAt ?? null, holder, message: `\`${key}\` added` })];
  if (hValue === undefined) return [record(EXAMPLE_REMOVED, { base: bAt ?? null, head: parentH, holder, message: `\`${key}\` removed` })];
  return [record(EXAMPLE_CHANGED, { base: bAt ?? null, head: hAt ?? null, holder, message: `\`${key}\` changed` })];
}
