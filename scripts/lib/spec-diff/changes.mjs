// The record of one change. Rule families return records relative to where they looked (a field
// path inside a schema, pointers on either side); the walker places them in an operation and a
// request or response, and the report turns pointers into lines.
import { segmentsOf } from "../../../src/kernel/json-pointer.js";

/**
 * @typedef {"request" | "response"} Direction whose values a schema walk judges: what the client sends, or what it reads
 * @typedef {{ id: string, level: string, row: string, direction: string | null, detects: string, reading?: string }} Rule
 * @typedef {{ rule: Rule, field: string[], message: string, base: string | null, head: string | null, holder?: string }} ChangeRecord
 */

/**
 * @param {Rule} rule
 * `holder` is the object the change is written in, when that is not the parent of `head ?? base`.
 * @param {{ field?: string[], message: string, base?: string | null, head?: string | null, holder?: string }} what
 * @returns {ChangeRecord}
 */
export function record(rule, { field = [], message, base = null, head = null, holder }) {
  return holder === undefined ? { rule, field, message, base, head } : { rule, field, message, base, head, holder };
}

/**
 * A value as a reader sees it in a message: strings quoted, the rest as JSON.
 * @param {unknown} value
 */
export function shown(value) {
  if (typeof value === "string") return `\`${value}\``;
  return `\`${JSON.stringify(value)}\``;
}

/**
 * Field path segments as one path: `fields.API_KEY`, `conditions[].key`, `<ChunkFilterLeaf>.op`.
 * @param {readonly string[]} segments
 */
export function fieldPath(segments) {
  let text = "";
  for (const segment of segments) {
    if (segment === "[]") text += "[]";
    else text += text === "" ? segment : `.${segment}`;
  }
  return text;
}

/**
 * A JSON pointer as dotted names a reader recognises: `components.schemas.JobRecord`; "" is the root.
 * @param {string | null} pointer
 */
export function readablePointer(pointer) {
  if (pointer === "" || pointer === null) return "the document root";
  return segmentsOf(pointer).join(".");
}
