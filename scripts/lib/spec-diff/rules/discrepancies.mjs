// The `x-discrepancies` records (openapi/EXTENSIONS.md), wherever they sit, matched by `id`: a
// record moved from the root to the object it concerns is a move, not a removal and an addition.
import { memberAt } from "../../json-members.mjs";
import { readablePointer, record } from "../changes.mjs";
import { canonical } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { escapeSegment, segmentsOf } from "../../../../src/kernel/json-pointer.js";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("../../json-types.ts").JsonValue} JsonValue */

export const DISCREPANCY_ADDED = rule("discrepancy-added", ROWS.discrepancies, null, "A discrepancy record added.");
export const DISCREPANCY_REMOVED = rule("discrepancy-removed", ROWS.discrepancies, null, "A discrepancy record removed.");
export const DISCREPANCY_CHANGED = rule("discrepancy-changed", ROWS.discrepancies, null, "A discrepancy record's text, decision or examples changed.");
export const DISCREPANCY_MOVED = rule("discrepancy-moved", ROWS.discrepancies, null, "A discrepancy record moved to another place in the document, unchanged.");

export const RULES = [DISCREPANCY_ADDED, DISCREPANCY_REMOVED, DISCREPANCY_CHANGED, DISCREPANCY_MOVED];


/**
 * Every record, keyed by id, with the pointer of the record itself. Tolerant of any place and of
 * a map keyed by id instead of a list, since the differ must read specs that lint would refuse.
 * @param {JsonRecord} spec
 * @returns {Map<string, { record: JsonValue, pointer: string, holder: string, place: string, list: string }>}
 */
export function collectRecords(spec) {
  const found = new Map();
  /**
   * `place` names the holder as a reader would, array items by their `name` (a tag, a
   * parameter), so reordering the tags does not move the records they carry.
   * @param {JsonValue} node @param {string} pointer @param {string} place
   */
  const visit = (node, pointer, place) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) {
        const name = memberAt(child, "name");
        visit(child, `${pointer}/${i}`, `${place}/${typeof name === "string" ? `name=${name}` : i}`);
      }
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapeSegment(key)}`;
      if (key !== "x-discrepancies") {
        visit(value, at, `${place}/${escapeSegment(key)}`);
        continue;
      }
      /** @type {Array<[id: JsonValue | undefined, record: JsonValue, index: number | string]>} */
      const entries = Array.isArray(value)
        ? value.map((r, i) => [memberAt(r, "id"), r, i])
        : value && typeof value === "object"
          ? Object.entries(value).map(([id, r]) => [memberAt(r, "id") ?? id, r, id])
          : [];
      entries.forEach(([id, r, index], i) => {
        const name = typeof id === "string" ? id : `${pointer}#${i}`;
        found.set(name, { record: r, pointer: `${at}/${escapeSegment(index)}`, holder: pointer, place, list: at });
      });
    }
  };
  visit(spec, "", "");
  return found;
}

/**
 * Whether a pointer names something in a document.
 * @param {JsonValue} spec @param {string} pointer
 */
function exists(spec, pointer) {
  /** @type {JsonValue | undefined} */
  let node = spec;
  for (const key of segmentsOf(pointer)) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return false;
    node = Array.isArray(node) ? node[Number(key)] : node[key];
  }
  return true;
}

/**
 * Discrepancy record changes, each with the pointer of the record on the side that has it.
 * @param {JsonRecord} base @param {JsonRecord} head
 */
export function discrepancyChanges(base, head) {
  /** @type {ChangeRecord[]} */
  const out = [];
  const x = collectRecords(base);
  const y = collectRecords(head);
  for (const [id, b] of x) {
    const h = y.get(id);
    if (!h) {
      out.push(record(DISCREPANCY_REMOVED, { base: b.pointer, head: exists(head, b.holder) ? b.holder : null, holder: b.list, message: `\`${id}\` removed` }));
      continue;
    }
    const changed = canonical(b.record) !== canonical(h.record);
    const moved = b.place !== h.place;
    if (changed)
      out.push(record(DISCREPANCY_CHANGED, { base: b.pointer, head: h.pointer, holder: h.list, message: `\`${id}\` changed${moved ? " and moved" : ""}` }));
    else if (moved)
      out.push(
        record(DISCREPANCY_MOVED, {
          base: b.pointer,
          head: h.pointer,
          holder: h.list,
          message: `\`${id}\` moved from ${readablePointer(b.holder)} to ${readablePointer(h.holder)}`,
        }),
      );
  }
  for (const [id, h] of y)
    if (!x.has(id))
      out.push(record(DISCREPANCY_ADDED, { base: exists(base, h.holder) ? h.holder : null, head: h.pointer, holder: h.list, message: `\`${id}\` added` }));
  return out;
}
