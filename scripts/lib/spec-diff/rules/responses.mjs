// An operation's responses, by the status a client sees: for every status named on either side,
// the response that answers it on each side (the exact code, else its range `4XX`, else
// `default`; success statuses never fall back to `default`, which a typed client reads as an
// error). So `4XX` replaced by `400` plus `default` compares what a 400 carried before and now,
// rather than reporting a status removed and another added. Headers and bodies compared as
// responses.
import { memberAt, recordOf } from "../../json-members.mjs";
import { record } from "../changes.mjs";
import { follow } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { RESPONSE_PROPERTY_MADE_OPTIONAL, RESPONSE_PROPERTY_MADE_REQUIRED } from "./properties.mjs";
import { contentChanges } from "./request-body.mjs";
import { escapeSegment } from "../../spec.mjs";

/** @typedef {import("../diff.mjs").DiffContext} DiffContext */
/** @typedef {import("../diff.mjs").PlacedRecord} PlacedRecord */
/** @typedef {import("../operation-index.mjs").OperationEntry} OperationEntry */
/** @typedef {import("../schema/view.mjs").Followed} Followed */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */

export const RESPONSE_STATUS_REMOVED = rule(
  "response-status-removed",
  ROWS.responseChanged,
  "response",
  "A response status removed with nothing left to answer it (no range, and `default` only for errors).",
  "Every field of that answer is removed.",
);
export const RESPONSE_STATUS_ADDED = rule(
  "response-status-added",
  ROWS.responseAdded,
  "response",
  "A response status added where nothing described it before.",
);
export const RESPONSE_MEDIA_TYPE_REMOVED = rule(
  "response-media-type-removed",
  ROWS.responseChanged,
  "response",
  "A media type of a response removed.",
  "Every field of the answer in that encoding is removed.",
);
export const RESPONSE_MEDIA_TYPE_ADDED = rule("response-media-type-added", ROWS.responseAdded, "response", "A media type added to a response.");
export const RESPONSE_HEADER_REMOVED = rule("response-header-removed", ROWS.responseChanged, "response", "A response header removed.");
export const RESPONSE_HEADER_ADDED = rule("response-header-added", ROWS.responseAdded, "response", "A response header added.");

export const RULES = [
  RESPONSE_STATUS_REMOVED,
  RESPONSE_STATUS_ADDED,
  RESPONSE_MEDIA_TYPE_REMOVED,
  RESPONSE_MEDIA_TYPE_ADDED,
  RESPONSE_HEADER_REMOVED,
  RESPONSE_HEADER_ADDED,
];

/** @param {string} status */
const isSuccess = (status) => /^2/.test(status);

/**
 * The response answering `status` among `responses`: { key, node, pointer } or undefined.
 * @param {JsonRecord} spec @param {JsonRecord} responses @param {string} pointer @param {string} status
 */
function answering(spec, responses, pointer, status) {
  const keys = Object.keys(responses);
  const upper = status.toUpperCase();
  /** @param {string} key */
  const pick = (key) => ({ key, ...follow(spec, responses[key], `${pointer}/${escapeSegment(key)}`) });
  const exact = keys.find((k) => k.toUpperCase() === upper);
  if (exact !== undefined) return pick(exact);
  if (/^\d{3}$/.test(status)) {
    const range = keys.find((k) => k.toUpperCase() === `${status[0]}XX`);
    if (range !== undefined) return pick(range);
  }
  if (!isSuccess(status) && keys.includes("default")) return pick("default");
  return undefined;
}

/**
 * @param {DiffContext} ctx @param {Followed} x @param {Followed} y the response answering one status on each side
 * @param {string} where
 */
function headerChanges(ctx, x, y, where) {
  /** @type {PlacedRecord[]} */
  const out = [];
  /** @param {string} k */
  const name = (k) => k.toLowerCase();
  const bHeaders = new Map(Object.keys(recordOf(memberAt(x.node, "headers"))).map((k) => [name(k), k]));
  const hHeaders = new Map(Object.keys(recordOf(memberAt(y.node, "headers"))).map((k) => [name(k), k]));
  for (const [lower, key] of bHeaders) {
    if (hHeaders.has(lower)) continue;
    out.push({
      ...record(RESPONSE_HEADER_REMOVED, { base: `${x.pointer}/headers/${escapeSegment(key)}`, head: y.pointer, message: `header \`${key}\` removed` }),
      where,
    });
  }
  for (const [lower, key] of hHeaders) {
    if (bHeaders.has(lower)) continue;
    out.push({
      ...record(RESPONSE_HEADER_ADDED, { base: x.pointer, head: `${y.pointer}/headers/${escapeSegment(key)}`, message: `header \`${key}\` added` }),
      where,
    });
  }
  for (const [lower, bKey] of bHeaders) {
    const hKey = hHeaders.get(lower);
    if (hKey === undefined) continue;
    const bh = follow(ctx.base.spec, memberAt(x.node, "headers", bKey), `${x.pointer}/headers/${escapeSegment(bKey)}`);
    const hh = follow(ctx.head.spec, memberAt(y.node, "headers", hKey), `${y.pointer}/headers/${escapeSegment(hKey)}`);
    const at = `${where} header ${hKey}`;
    if ((memberAt(bh.node, "required") === true) !== (memberAt(hh.node, "required") === true)) {
      const made = memberAt(hh.node, "required") === true;
      out.push({
        ...record(made ? RESPONSE_PROPERTY_MADE_REQUIRED : RESPONSE_PROPERTY_MADE_OPTIONAL, {
          base: bh.pointer,
          head: hh.pointer,
          message: made ? "header now always sent" : "header no longer always sent",
        }),
        where: at,
      });
    }
    for (const change of ctx.schemas.compare(memberAt(bh.node, "schema") ?? true, `${bh.pointer}/schema`, memberAt(hh.node, "schema") ?? true, `${hh.pointer}/schema`, "response"))
      out.push({ ...change, where: at });
  }
  return out;
}

/**
 * Response changes between two matched operations; each record carries `where`.
 * @param {DiffContext} ctx @param {OperationEntry} b @param {OperationEntry} h
 * @returns {PlacedRecord[]}
 */
export function responseChanges(ctx, b, h) {
  /** @type {PlacedRecord[]} */
  const out = [];
  const bResponses = recordOf(b.node.responses);
  const hResponses = recordOf(h.node.responses);
  const bPointer = `${b.pointer}/responses`;
  const hPointer = `${h.pointer}/responses`;
  const statuses = [...new Set([...Object.keys(bResponses), ...Object.keys(hResponses)])];
  for (const status of statuses) {
    const x = answering(ctx.base.spec, bResponses, bPointer, status);
    const y = answering(ctx.head.spec, hResponses, hPointer, status);
    const where = `response ${status}`;
    if (!y) {
      if (x) out.push({ ...record(RESPONSE_STATUS_REMOVED, { base: x.pointer, head: hPointer, message: `response ${status} removed` }), where });
      continue;
    }
    if (!x) {
      out.push({ ...record(RESPONSE_STATUS_ADDED, { base: bPointer, head: y.pointer, message: `response ${status} added` }), where });
      continue;
    }
    out.push(...headerChanges(ctx, x, y, where));
    out.push(
      ...contentChanges(ctx, memberAt(x.node, "content"), x.pointer, memberAt(y.node, "content"), y.pointer, "response", where, {
        removed: RESPONSE_MEDIA_TYPE_REMOVED,
        added: RESPONSE_MEDIA_TYPE_ADDED,
      }),
    );
  }
  return out;
}
