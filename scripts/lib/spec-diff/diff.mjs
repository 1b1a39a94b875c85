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

/** The version of the report's JSON shape (openapi/spec-diff.schema.json); bumped on any incompatible change to it. */
export const REPORT_FORMAT = "spec-diff/1";

const parent = (pointer) => (pointer === "" ? "" : pointer.slice(0, pointer.lastIndexOf("/")));

function sideInfo(side) {
  return { label: side.label, file: side.file, ref: side.ref, version: side.version ?? null };
}

/**
 * @param {import("./document.mjs").Side} base
 * @param {import("./document.mjs").Side} head
 * @param {{ arazzo?: any }} [options] the Arazzo document whose workflows the report names when a change reaches them
 */
export function diffSpecs(base, head, { arazzo } = {}) {
  const views = { base: createViews(base.spec), head: createViews(head.spec) };
  const ctx = { base, head, views, schemas: createSchemaComparer(views) };
  const bOps = indexOperations(base.spec);
  const hOps = indexOperations(head.spec);

  // Groups in reading order: the head's operations as written, then those only the base has, then the document.
  const groups = new Map();
  for (const entry of hOps.values()) groups.set(`h ${entry.key}`, { operation: operationRef(entry), records: [] });
  for (const entry of bOps.values()) if (!hOps.has(entry.key)) groups.set(`b ${entry.key}`, { operation: operationRef(entry), records: [] });
  /** @type {{ operation: null, records: object[] }} */
  const documentGroup = { operation: null, records: [] };
  const groupOf = (entry) => groups.get(`h ${entry.key}`) ?? groups.get(`b ${entry.key}`);

  const { pairs, records: operationRecords } = matchOperations(bOps, hOps);
  for (const { entry, record } of operationRecords) groupOf(entry).records.push({ ...record, where: "operation" });
  for (const { b, h } of pairs) {
    const group = groupOf(h);
    for (const family of [parameterChanges, requestBodyChanges, responseChanges, securityChanges]) group.records.push(...family(ctx, b, h));
  }

  // Changes found by place in the document go to the operation they are written in, if any.
  const byPointer = (ops) => new Map([...ops.values()].map((entry) => [entry.pointer, entry]));
  const bByPointer = byPointer(bOps);
  const hByPointer = byPointer(hOps);
  const owner = (pointer, index) => {
    if (pointer === null) return undefined;
    const match = /^\/paths\/[^/]+\/[^/]+/.exec(pointer);
    return match ? index.get(match[0]) : undefined;
  };
  const placeByPointer = (record) => {
    const entry = owner(record.head, hByPointer) ?? owner(record.base, bByPointer);
    const at = record.holder ?? parent(record.head ?? record.base);
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

  const changes = [];
  for (const group of [...groups.values(), documentGroup]) {
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
