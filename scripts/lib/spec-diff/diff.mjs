// Compares two sides and returns the report: every change with its rule, level, operation,
// place and line on each side, and what the version bump between the two allows.
import { fieldPath, readablePointer } from "./changes.mjs";
import { lineOf } from "./document.mjs";
import { rank } from "./levels.mjs";
import { indexOperations, operationRef } from "./operation-index.mjs";
import { componentChanges } from "./rules/components.mjs";
import { discrepancyChanges } from "./rules/discrepancies.mjs";
import { documentationChanges } from "./rules/documentation.mjs";
import { componentExampleChanges } from "./rules/examples.mjs";
import { matchOperations } from "./rules/operations.mjs";
import { parameterChanges } from "./rules/parameters.mjs";
import { requestBodyChanges } from "./rules/request-body.mjs";
import { responseChanges } from "./rules/responses.mjs";
import { securityChanges } from "./rules/security.mjs";
import { serverChanges } from "./rules/servers.mjs";
import { createSchemaComparer } from "./schema/compare.mjs";
import { createViews } from "./schema/view.mjs";
import { verdictOf } from "./verdict.mjs";
import { workflowImpact } from "./workflows.mjs";

/**
 * @typedef {import("../json-types.ts").JsonRecord} JsonRecord
 * @typedef {import("./document.mjs").Side} Side
 * @typedef {import("./changes.mjs").ChangeRecord} ChangeRecord
 * @typedef {import("./operation-index.mjs").OperationEntry} OperationEntry
 * @typedef {import("./operation-index.mjs").OperationRef} OperationRef
 * @typedef {import("./schema/view.mjs").SideViews} SideViews
 * @typedef {import("./schema/compare.mjs").SchemaComparer} SchemaComparer
 * @typedef {import("./verdict.mjs").Bump} Bump
 * @typedef {import("./workflows.mjs").WorkflowImpact} WorkflowImpact
 */
/**
 * What the families that compare an operation's parts are given: both sides, their schema views
 * and the comparer of two schemas.
 * @typedef {{ base: Side, head: Side, views: SideViews, schemas: SchemaComparer }} DiffContext
 * @typedef {ChangeRecord & { where: string }} PlacedRecord a record and where in its operation (or the document) it was found
 * @typedef {{ operation: OperationRef | null, records: PlacedRecord[] }} Group the records of one operation, or of the document
 * @typedef {{ file: string, pointer: string, line: number }} Location a place in one side's file
 * @typedef {{ label: string, file: string, ref: string | null, version: string | null }} SideInfo
 * @typedef {{
 *   rule: string, level: string, row: string, direction: string | null, operation: OperationRef | null, where: string[],
 *   field: string | null, message: string, base: Location | null, head: Location | null
 * }} Change one change of the report (openapi/spec-diff.schema.json), before the verdict marks it
 * @typedef {Change & { blocked: boolean }} JudgedChange a change of the report, `blocked` when the version bump does not allow it
 * @typedef {{
 *   format: string, base: SideInfo, head: SideInfo, level: string, bump: Bump | null, ok: boolean | null,
 *   counts: Record<string, number>, changes: JudgedChange[], workflows?: WorkflowImpact[]
 * }} Report what diffSpecs returns (openapi/spec-diff.schema.json)
 */

/**
 * Where a reader of a change is sent: its place in the head, or in the base for what the head no
 * longer has. Every rule gives at least one of the two.
 * @param {Change} change
 * @returns {Location}
 */
export function placeOf(change) {
  const at = change.head ?? change.base;
  if (!at) throw new Error(`${change.rule}: "${change.message}" has a place on neither side`);
  return at;
}

/** The version of the report's JSON shape (openapi/spec-diff.schema.json); bumped on any incompatible change to it. */
export const REPORT_FORMAT = "spec-diff/1";

const parent = (/** @type {string} */ pointer) => (pointer === "" ? "" : pointer.slice(0, pointer.lastIndexOf("/")));

/** @param {Side} side @returns {SideInfo} */
function sideInfo(side) {
  return { label: side.label, file: side.file, ref: side.ref, version: side.version ?? null };
}

/**
 * @param {Side} base
 * @param {Side} head
 * @param {{ arazzo?: JsonRecord | undefined }} [options] the Arazzo document whose workflows the report names when a change reaches them
 * @returns {Report}
 */
export function diffSpecs(base, head, { arazzo } = {}) {
  const views = { base: createViews(base.spec), head: createViews(head.spec) };
  /** @type {DiffContext} */
  const ctx = { base, head, views, schemas: createSchemaComparer(views) };
  const bOps = indexOperations(base.spec);
  const hOps = indexOperations(head.spec);

  // Groups in reading order: the head's operations as written, then those only the base has, then the document.
  /** @type {Map<string, Group>} */
  const groups = new Map();
  for (const entry of hOps.values()) groups.set(`h ${entry.key}`, { operation: operationRef(entry), records: [] });
  for (const entry of bOps.values()) if (!hOps.has(entry.key)) groups.set(`b ${entry.key}`, { operation: operationRef(entry), records: [] });
  /** @type {Group} */
  const documentGroup = { operation: null, records: [] };
  /** @param {OperationEntry} entry @returns {Group} */
  const groupOf = (entry) => {
    const group = groups.get(`h ${entry.key}`) ?? groups.get(`b ${entry.key}`);
    if (!group) throw new Error(`${entry.key}: an operation of neither side`);
    return group;
  };

  const { pairs, records: operationRecords } = matchOperations(bOps, hOps);
  for (const { entry, record } of operationRecords) groupOf(entry).records.push({ ...record, where: "operation" });
  for (const { b, h } of pairs) {
    const group = groupOf(h);
    for (const family of [parameterChanges, requestBodyChanges, responseChanges, securityChanges]) group.records.push(...family(ctx, b, h));
  }

  // Changes found by place in the document go to the operation they are written in, if any.
  const byPointer = (/** @type {Map<string, OperationEntry>} */ ops) => new Map([...ops.values()].map((entry) => [entry.pointer, entry]));
  const bByPointer = byPointer(bOps);
  const hByPointer = byPointer(hOps);
  /** @param {string | null} pointer @param {Map<string, OperationEntry>} index */
  const owner = (pointer, index) => {
    if (pointer === null) return undefined;
    const match = /^\/paths\/[^/]+\/[^/]+/.exec(pointer);
    return match ? index.get(match[0]) : undefined;
  };
  /** @param {ChangeRecord} record */
  const placeByPointer = (record) => {
    const entry = owner(record.head, hByPointer) ?? owner(record.base, bByPointer);
    const written = record.head ?? record.base;
    if (written === null) throw new Error(`${record.rule.id}: "${record.message}" has a place on neither side`);
    const at = record.holder ?? parent(written);
    if (entry) {
      const holder = at.startsWith(entry.pointer) ? at.slice(entry.pointer.length) : "";
      groupOf(entry).records.push({ ...record, where: holder === "" ? "operation" : readablePointer(holder) });
    } else {
      documentGroup.records.push({ ...record, where: readablePointer(at) });
    }
  };
  for (const record of serverChanges(base.spec, head.spec)) documentGroup.records.push(record);
  for (const family of [componentChanges, discrepancyChanges, componentExampleChanges, documentationChanges]) {
    for (const record of family(base.spec, head.spec)) placeByPointer(record);
  }

  /** @type {Change[]} */
  const changes = [];
  for (const group of [...groups.values(), documentGroup]) {
    /** @type {Map<string, Change>} */
    const merged = new Map();
    for (const r of group.records) {
      // The same change met through several statuses, or through each branch of a union that
      // shares the changed part (`<A>.Data.x` and `<B>.Data.x`), is one change.
      const shared = r.field.filter((s) => !s.startsWith("<"));
      const key = `${r.rule.id}|${shared.join("\u0000")}|${r.message}|${r.base}|${r.head}`;
      const seen = merged.get(key);
      if (seen) {
        if (!seen.where.includes(r.where)) seen.where.push(r.where);
        if (seen.field !== (r.field.length ? fieldPath(r.field) : null)) seen.field = shared.length ? fieldPath(shared) : null;
        continue;
      }
      merged.set(key, {
        rule: r.rule.id,
        level: r.rule.level,
        row: r.rule.row,
        direction: r.rule.direction,
        operation: group.operation,
        where: [r.where],
        field: r.field.length ? fieldPath(r.field) : null,
        message: r.message,
        base: r.base === null ? null : { file: base.file, pointer: r.base, line: lineOf(base, r.base) },
        head: r.head === null ? null : { file: head.file, pointer: r.head, line: lineOf(head, r.head) },
      });
    }
    // Within an operation, the change that needs the biggest bump first.
    changes.push(...[...merged.values()].sort((x, y) => rank(y.level) - rank(x.level)));
  }

  const verdict = verdictOf(base, head, changes);
  return {
    format: REPORT_FORMAT,
    base: sideInfo(base),
    head: sideInfo(head),
    ...verdict,
    ...(arazzo ? { workflows: workflowImpact(arazzo, verdict.changes, head.spec) } : {}),
  };
}
