// An operation's request body: added, removed, made required or optional, its media types
// added or removed, and the schema of each media type on both sides compared as a request.
import { memberAt, recordOf } from "../../json-members.mjs";
import { record } from "../changes.mjs";
import { canonical, follow } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { escapeSegment } from "../../spec.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../changes.mjs").Direction} Direction */
/** @typedef {import("../changes.mjs").Rule} Rule */
/** @typedef {import("../diff.mjs").DiffContext} DiffContext */
/** @typedef {import("../diff.mjs").PlacedRecord} PlacedRecord */
/** @typedef {import("../operation-index.mjs").OperationEntry} OperationEntry */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("../../json-types.ts").JsonValue} JsonValue */

export const REQUEST_BODY_ADDED_REQUIRED = rule(
  "request-body-added-required",
  ROWS.requestNarrowed,
  "request",
  "A required request body added to an operation that took none.",
  "Every earlier call sends no body: a required field added.",
);
export const REQUEST_BODY_ADDED_OPTIONAL = rule("request-body-added-optional", ROWS.optionalRequestAdded, "request", "An optional request body added.");
export const REQUEST_BODY_REMOVED = rule("request-body-removed", ROWS.removedOrRenamed, "request", "The request body removed: every request field with it.");
export const REQUEST_BODY_MADE_REQUIRED = rule("request-body-made-required", ROWS.requestNarrowed, "request", "The request body made required.");
export const REQUEST_BODY_MADE_OPTIONAL = rule("request-body-made-optional", ROWS.requestRelaxed, "request", "The request body no longer required.");
export const REQUEST_MEDIA_TYPE_REMOVED = rule(
  "request-media-type-removed",
  ROWS.requestNarrowed,
  "request",
  "A media type of the request body removed (`application/json`, `multipart/form-data`, ...).",
  "A body in that encoding is no longer accepted: the request is narrowed.",
);
export const REQUEST_MEDIA_TYPE_ADDED = rule("request-media-type-added", ROWS.requestRelaxed, "request", "A media type added to the request body.");
export const REQUEST_ENCODING_CHANGED = rule(
  "request-encoding-changed",
  ROWS.requestNarrowed,
  "request",
  "How a part of a multipart or form body is encoded changed (its `encoding`: contentType, style, explode, allowReserved, headers).",
  "A part sent the old way may no longer be read as before: the request is narrowed to the new encoding.",
);

export const RULES = [
  REQUEST_BODY_ADDED_REQUIRED,
  REQUEST_BODY_ADDED_OPTIONAL,
  REQUEST_BODY_REMOVED,
  REQUEST_BODY_MADE_REQUIRED,
  REQUEST_BODY_MADE_OPTIONAL,
  REQUEST_MEDIA_TYPE_REMOVED,
  REQUEST_MEDIA_TYPE_ADDED,
  REQUEST_ENCODING_CHANGED,
];


/** @param {JsonRecord} spec @param {OperationEntry} entry */
function bodyOf(spec, entry) {
  if (entry.node.requestBody === undefined) return undefined;
  return follow(spec, entry.node.requestBody, `${entry.pointer}/requestBody`);
}

/**
 * What travels of a part's encoding (its description does not).
 * @param {JsonValue | undefined} entry
 */
const encodingOf = (entry) =>
  canonical({
    contentType: memberAt(entry, "contentType") ?? null,
    style: memberAt(entry, "style") ?? null,
    explode: memberAt(entry, "explode") ?? null,
    allowReserved: memberAt(entry, "allowReserved") ?? false,
    headers: Object.keys(recordOf(memberAt(entry, "headers")))
      .map((h) => h.toLowerCase())
      .sort(),
  });

/**
 * @param {JsonValue | undefined} bEncoding @param {string} bAt @param {JsonValue | undefined} hEncoding @param {string} hAt
 *   the `encoding` maps of a media type on both sides, and the media types' pointers
 * @param {Rule} chosen
 */
function encodingChanges(bEncoding, bAt, hEncoding, hAt, chosen) {
  /** @type {ChangeRecord[]} */
  const out = [];
  for (const part of new Set([...Object.keys(recordOf(bEncoding)), ...Object.keys(recordOf(hEncoding))])) {
    const x = memberAt(bEncoding, part);
    const y = memberAt(hEncoding, part);
    if (encodingOf(x) === encodingOf(y)) continue;
    /** @param {JsonValue | undefined} e */
    const shownType = (e) => {
      const type = memberAt(e, "contentType");
      return type ? `\`${type}\`` : "the default";
    };
    const message = `part \`${part}\` encoding changed (content type ${shownType(x)} → ${shownType(y)})`;
    out.push(
      record(chosen, {
        field: [part],
        base: x ? `${bAt}/encoding/${escapeSegment(part)}` : bAt,
        head: y ? `${hAt}/encoding/${escapeSegment(part)}` : hAt,
        message,
      }),
    );
  }
  return out;
}

/**
 * Media types and their schemas compared in one direction: shared by request bodies and responses.
 * @param {DiffContext} ctx
 * @param {JsonValue | undefined} bContent @param {string} bPointer @param {JsonValue | undefined} hContent @param {string} hPointer
 *   the `content` maps on both sides and the objects that hold them
 * @param {Direction} direction @param {string} where
 * @param {{ removed: Rule, added: Rule, encoding?: Rule }} rules for a media type removed or added, and a part's encoding changed
 * @returns {PlacedRecord[]}
 */
export function contentChanges(ctx, bContent, bPointer, hContent, hPointer, direction, where, rules) {
  /** @type {PlacedRecord[]} */
  const out = [];
  const bMap = recordOf(bContent);
  const hMap = recordOf(hContent);
  const bTypes = Object.keys(bMap);
  const hTypes = Object.keys(hMap);
  for (const type of bTypes) {
    if (hTypes.includes(type)) continue;
    out.push({
      ...record(rules.removed, { base: `${bPointer}/content/${escapeSegment(type)}`, head: hPointer, message: `media type \`${type}\` removed` }),
      where: `${where} ${type}`,
    });
  }
  for (const type of hTypes) {
    if (bTypes.includes(type)) continue;
    out.push({
      ...record(rules.added, { base: bPointer, head: `${hPointer}/content/${escapeSegment(type)}`, message: `media type \`${type}\` added` }),
      where: `${where} ${type}`,
    });
  }
  for (const type of bTypes) {
    if (!hTypes.includes(type)) continue;
    if (rules.encoding)
      out.push(
        ...encodingChanges(
          memberAt(bMap, type, "encoding"),
          `${bPointer}/content/${escapeSegment(type)}`,
          memberAt(hMap, type, "encoding"),
          `${hPointer}/content/${escapeSegment(type)}`,
          rules.encoding,
        ).map((r) => ({ ...r, where: `${where} ${type}` })),
      );
    const bAt = `${bPointer}/content/${escapeSegment(type)}/schema`;
    const hAt = `${hPointer}/content/${escapeSegment(type)}/schema`;
    const changes = ctx.schemas.compare(memberAt(bMap, type, "schema") ?? true, bAt, memberAt(hMap, type, "schema") ?? true, hAt, direction);
    for (const change of changes) out.push({ ...change, where: `${where} ${type}` });
  }
  return out;
}

/**
 * Request body changes between two matched operations; each record carries `where`.
 * @param {DiffContext} ctx @param {OperationEntry} b @param {OperationEntry} h
 * @returns {PlacedRecord[]}
 */
export function requestBodyChanges(ctx, b, h) {
  const x = bodyOf(ctx.base.spec, b);
  const y = bodyOf(ctx.head.spec, h);
  const where = "request body";
  if (!y) return x ? [{ ...record(REQUEST_BODY_REMOVED, { base: x.pointer, head: h.pointer, message: "request body removed" }), where }] : [];
  if (!x) {
    const required = memberAt(y.node, "required") === true;
    return [
      {
        ...record(required ? REQUEST_BODY_ADDED_REQUIRED : REQUEST_BODY_ADDED_OPTIONAL, {
          base: b.pointer,
          head: y.pointer,
          message: `request body added, ${required ? "required" : "optional"}`,
        }),
        where,
      },
    ];
  }
  const out = [];
  const bRequired = memberAt(x.node, "required") === true;
  const hRequired = memberAt(y.node, "required") === true;
  if (bRequired !== hRequired) {
    const at = { base: `${x.pointer}/required`, head: `${y.pointer}/required` };
    out.push({
      ...record(hRequired ? REQUEST_BODY_MADE_REQUIRED : REQUEST_BODY_MADE_OPTIONAL, { ...at, message: hRequired ? "made required" : "no longer required" }),
      where,
    });
  }
  out.push(
    ...contentChanges(ctx, memberAt(x.node, "content"), x.pointer, memberAt(y.node, "content"), y.pointer, "request", where, {
      removed: REQUEST_MEDIA_TYPE_REMOVED,
      added: REQUEST_MEDIA_TYPE_ADDED,
      encoding: REQUEST_ENCODING_CHANGED,
    }),
  );
  return out;
}
