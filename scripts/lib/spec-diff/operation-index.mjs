// The operations of one side, keyed so the same operation is found on the other side: by method
// and path with parameter names blanked (`POST /bot/{}/chunk/list`), so a renamed path
// parameter is a parameter change, not an operation removed and another added.
import { isRecord, recordOf } from "../json-members.mjs";
import { HTTP_METHODS, escapeSegment } from "../spec.mjs";
import { follow } from "./schema/view.mjs";

/** @typedef {import("../json-types.ts").JsonRecord} JsonRecord */

/** `/a/{id}/b` → `/a/{}/b`, the path as the wire sees it. */
export const pathShape = (/** @type {string} */ path) => path.replace(/\{[^}/]*\}/g, "{}");

/** Names of the path's template parameters, in order. */
export const templateNames = (/** @type {string} */ path) => [...path.matchAll(/\{([^}/]*)\}/g)].map((m) => m[1]);

/**
 * An operation of one side: `node` the operation object, `item` its path item ($refs followed).
 * @typedef {{
 *   key: string, id: string | undefined, method: string, path: string, node: JsonRecord, pointer: string, item: JsonRecord, itemPointer: string
 * }} OperationEntry
 * @typedef {{ id: string | null, method: string, path: string }} OperationRef an operation as the report names it
 */

/**
 * @param {JsonRecord} spec
 * @returns {Map<string, OperationEntry>}
 */
export function indexOperations(spec) {
  /** @type {Map<string, OperationEntry>} */
  const operations = new Map();
  for (const [path, raw] of Object.entries(recordOf(spec.paths))) {
    if (path.startsWith("x-") || raw === null || typeof raw !== "object") continue;
    const { node: item, pointer: itemPointer } = follow(spec, raw, `/paths/${escapeSegment(path)}`);
    if (!isRecord(item)) continue;
    for (const method of HTTP_METHODS) {
      const node = item[method];
      if (!isRecord(node)) continue;
      const key = `${method.toUpperCase()} ${pathShape(path)}`;
      const pointer = `${itemPointer}/${method}`;
      const id = typeof node.operationId === "string" ? node.operationId : undefined;
      operations.set(key, { key, id, method, path, node, pointer, item, itemPointer });
    }
  }
  return operations;
}

/**
 * An operation as a reader names it: `createConnection` (POST /api/public/connections).
 * @param {OperationEntry} entry
 * @returns {OperationRef}
 */
export const operationRef = (entry) => ({ id: entry.id ?? null, method: entry.method.toUpperCase(), path: entry.path });
