// Operations added, removed, renamed (operationId) or moved (same operationId, another method
// or path). An operation is the same on both sides when its method and path match, parameter
// names aside; failing that, when its operationId does.
import { record } from "../changes.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";

/** @typedef {import("../operation-index.mjs").OperationEntry} OperationEntry */

export const OPERATION_REMOVED = rule("operation-removed", ROWS.removedOrRenamed, null, "An operation removed (a path or a method gone).");
export const OPERATION_ADDED = rule("operation-added", ROWS.operationAdded, null, "An operation added.");
export const OPERATION_ID_CHANGED = rule(
  "operation-id-changed",
  ROWS.removedOrRenamed,
  null,
  "An operation's operationId changed.",
  "The operationId is the operation's name: the generated `operations` type and the client's operation table are keyed by it.",
);
export const OPERATION_MOVED = rule(
  "operation-moved",
  ROWS.removedOrRenamed,
  null,
  "An operation (same operationId) moved to another path or method: its old path is gone.",
);

export const RULES = [OPERATION_REMOVED, OPERATION_ADDED, OPERATION_ID_CHANGED, OPERATION_MOVED];

/** @param {OperationEntry} entry */
const named = (entry) => `${entry.method.toUpperCase()} ${entry.path}${entry.id ? ` (\`${entry.id}\`)` : ""}`;

/**
 * Pairs the operations of two sides. Returns the pairs to compare further, and the records of
 * operations added, removed, renamed or moved, each with the operation it belongs to.
 * @param {Map<string, OperationEntry>} base @param {Map<string, OperationEntry>} head
 */
export function matchOperations(base, head) {
  const pairs = [];
  const records = [];
  const unmatchedBase = [];
  const unmatchedHead = new Map(head);
  for (const [key, b] of base) {
    const h = head.get(key);
    if (h) {
      pairs.push({ b, h });
      unmatchedHead.delete(key);
    } else unmatchedBase.push(b);
  }
  const byId = new Map([...unmatchedHead.values()].filter((h) => h.id).map((h) => [h.id, h]));
  for (const b of unmatchedBase) {
    const h = b.id ? byId.get(b.id) : undefined;
    if (h) {
      unmatchedHead.delete(h.key);
      byId.delete(h.id);
      pairs.push({ b, h });
      records.push({
        entry: h,
        record: record(OPERATION_MOVED, {
          base: b.pointer,
          head: h.pointer,
          message: `moved from ${b.method.toUpperCase()} ${b.path} to ${h.method.toUpperCase()} ${h.path}`,
        }),
      });
    } else {
      records.push({ entry: b, record: record(OPERATION_REMOVED, { base: b.pointer, message: `${named(b)} removed` }) });
    }
  }
  for (const h of unmatchedHead.values()) records.push({ entry: h, record: record(OPERATION_ADDED, { head: h.pointer, message: `${named(h)} added` }) });
  for (const { b, h } of pairs) {
    if (b.id !== h.id) {
      const message = `operationId ${b.id ? `\`${b.id}\`` : "none"} → ${h.id ? `\`${h.id}\`` : "none"}`;
      records.push({ entry: h, record: record(OPERATION_ID_CHANGED, { base: `${b.pointer}/operationId`, head: `${h.pointer}/operationId`, message }) });
    }
  }
  return { pairs, records };
}
