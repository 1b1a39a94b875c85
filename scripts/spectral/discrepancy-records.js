// Every `x-discrepancies` record of the unresolved document, with its JSON path. Unresolved on
// purpose: a record on a shared component is seen once, where it is written.
// This mirrors collectDiscrepancies in scripts/lib/spec.mjs, which cannot be imported here:
// Spectral bundles rule functions into CommonJS, where spec.mjs's top-level import.meta.url
// fails. Malformed values are skipped, not thrown on; the discrepancy-schema rule reports them.
/** @typedef {import("../lib/json-types.ts").JsonValue} JsonValue */

/**
 * @param {JsonValue} node
 * @param {(string | number)[]} [path]
 * @returns {Generator<{ record: import("../lib/json-types.ts").JsonRecord, path: (string | number)[] }>}
 */
export function* discrepancyRecords(node, path = []) {
  if (node === null || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (key !== "x-discrepancies") {
      yield* discrepancyRecords(value, [...path, key]);
    } else if (Array.isArray(value)) {
      for (const [index, record] of value.entries()) {
        if (record !== null && typeof record === "object" && !Array.isArray(record)) yield { record, path: [...path, key, index] };
      }
    }
  }
}
