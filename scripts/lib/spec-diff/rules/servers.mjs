// The document's servers: matched by URL template (variable names aside). A server gone moves
// every path it served; a variable's enum narrowed refuses hosts callers use.
import { isRecord, memberAt, recordOf } from "../../json-members.mjs";
import { record, shown } from "../changes.mjs";
import { canonical } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("../../json-types.ts").JsonValue} JsonValue */
/** @typedef {import("../diff.mjs").PlacedRecord} PlacedRecord */

export const SERVER_REMOVED = rule(
  "server-removed",
  ROWS.removedOrRenamed,
  "request",
  "A server URL removed (or changed: the old one is gone).",
  "Every path under that address is removed, or renamed under another.",
);
export const SERVER_ADDED = rule("server-added", ROWS.requestRelaxed, "request", "A server URL added.", "Callers may send to one more address.");
export const SERVER_VARIABLE_NARROWED = rule(
  "server-variable-narrowed",
  ROWS.requestNarrowed,
  "request",
  "A server variable's enum lost a value, or gained one where any value was allowed.",
);
export const SERVER_VARIABLE_RELAXED = rule(
  "server-variable-relaxed",
  ROWS.requestRelaxed,
  "request",
  "A server variable's enum gained a value, or was dropped.",
);

export const RULES = [SERVER_REMOVED, SERVER_ADDED, SERVER_VARIABLE_NARROWED, SERVER_VARIABLE_RELAXED];

/** @param {unknown} url */
const shape = (url) => String(url).replace(/\{[^}]*\}/g, "{}").replace(/\/+$/, "");

/**
 * @param {JsonValue} x @param {string} bAt @param {JsonValue} y @param {string} hAt the two servers and their pointers
 * @returns {ChangeRecord[]}
 */
function variableChanges(x, bAt, y, hAt) {
  /** @type {ChangeRecord[]} */
  const out = [];
  const bVars = recordOf(memberAt(x, "variables"));
  const hVars = recordOf(memberAt(y, "variables"));
  // Variables match by position in the URL template, as their names never travel.
  /** @param {unknown} url */
  const names = (url) => [...String(url).matchAll(/\{([^}]*)\}/g)].map((m) => String(m[1]));
  const bNames = names(memberAt(x, "url"));
  const hNames = names(memberAt(y, "url"));
  bNames.forEach((bName, i) => {
    const hName = hNames[i];
    const bVar = memberAt(bVars, bName);
    const hVar = hName === undefined ? undefined : memberAt(hVars, hName);
    if (!isRecord(bVar) || !isRecord(hVar)) return;
    const bEnum = Array.isArray(bVar.enum) ? new Map(bVar.enum.map((v) => [canonical(v), v])) : undefined;
    const hEnum = Array.isArray(hVar.enum) ? new Map(hVar.enum.map((v) => [canonical(v), v])) : undefined;
    const at = { base: `${bAt}/variables/${bName}`, head: `${hAt}/variables/${hName}` };
    if (!bEnum || !hEnum) {
      if (hEnum)
        out.push(record(SERVER_VARIABLE_NARROWED, { ...at, message: `variable \`${hName}\` now limited to ${[...hEnum.values()].map(shown).join(", ")}` }));
      else if (bEnum)
        out.push(
          record(SERVER_VARIABLE_RELAXED, { ...at, message: `variable \`${hName}\` no longer limited to ${[...bEnum.values()].map(shown).join(", ")}` }),
        );
      return;
    }
    const removed = [...bEnum].filter(([k]) => !hEnum.has(k)).map(([, v]) => v);
    const added = [...hEnum].filter(([k]) => !bEnum.has(k)).map(([, v]) => v);
    if (removed.length) out.push(record(SERVER_VARIABLE_NARROWED, { ...at, message: `variable \`${hName}\`: ${removed.map(shown).join(", ")} removed` }));
    if (added.length) out.push(record(SERVER_VARIABLE_RELAXED, { ...at, message: `variable \`${hName}\`: ${added.map(shown).join(", ")} added` }));
  });
  return out;
}

/**
 * Changes to the document's servers; each record carries `where`.
 * @param {JsonRecord} base @param {JsonRecord} head
 */
export function serverChanges(base, head) {
  /** @type {PlacedRecord[]} */
  const out = [];
  /** @param {JsonRecord} spec */
  const list = (spec) => (Array.isArray(spec.servers) ? spec.servers : []).map((server, i) => ({ server, at: `/servers/${i}`, shape: shape(memberAt(server, "url")) }));
  const bList = list(base);
  const hList = list(head);
  const where = "servers";
  for (const x of bList) {
    const y = hList.find((s) => s.shape === x.shape);
    if (!y) out.push({ ...record(SERVER_REMOVED, { base: x.at, head: "/servers", message: `server \`${memberAt(x.server, "url")}\` removed` }), where });
    else out.push(...variableChanges(x.server, x.at, y.server, y.at).map((r) => ({ ...r, where })));
  }
  for (const y of hList) {
    if (!bList.some((x) => x.shape === y.shape))
      out.push({ ...record(SERVER_ADDED, { base: "/servers", head: y.at, message: `server \`${memberAt(y.server, "url")}\` added` }), where });
  }
  return out;
}
