// An operation's parameters (its own and its path's): added, removed, renamed, moved between
// query, path, header and cookie, made required or optional, serialized differently, and their
// schemas compared as requests. A parameter is matched by where it goes and its name; a path
// parameter also by its place in the path (its name never travels, but a typed client's
// `params.path` key is that name).
import { isRecord, memberAt } from "../../json-members.mjs";
import { record } from "../changes.mjs";
import { templateNames } from "../operation-index.mjs";
import { follow } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { escapeSegment } from "../../spec.mjs";

/** @typedef {import("../diff.mjs").DiffContext} DiffContext */
/** @typedef {import("../diff.mjs").PlacedRecord} PlacedRecord */
/** @typedef {import("../operation-index.mjs").OperationEntry} OperationEntry */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */
/** @typedef {{ name: string, in: string, node: JsonRecord, pointer: string }} Parameter a parameter object ($ref followed) and where it is written */

export const PARAMETER_REMOVED = rule("parameter-removed", ROWS.removedOrRenamed, "request", "A parameter removed.");
export const PARAMETER_RENAMED = rule(
  "parameter-renamed",
  ROWS.removedOrRenamed,
  "request",
  "A path parameter renamed (same place in the path, another name).",
);
export const PARAMETER_MOVED = rule(
  "parameter-moved",
  ROWS.removedOrRenamed,
  "request",
  "A parameter moved between query, path, header and cookie: gone from where callers send it.",
);
export const PARAMETER_ADDED_REQUIRED = rule(
  "parameter-added-required",
  ROWS.requestNarrowed,
  "request",
  "A required parameter added.",
  "A new parameter that must be sent is a request field made required.",
);
export const PARAMETER_ADDED_OPTIONAL = rule("parameter-added-optional", ROWS.optionalRequestAdded, "request", "An optional parameter added.");
export const PARAMETER_MADE_REQUIRED = rule("parameter-made-required", ROWS.requestNarrowed, "request", "A parameter made required.");
export const PARAMETER_MADE_OPTIONAL = rule("parameter-made-optional", ROWS.requestRelaxed, "request", "A parameter no longer required.");
export const PARAMETER_SERIALIZATION_CHANGED = rule(
  "parameter-serialization-changed",
  ROWS.requestNarrowed,
  "request",
  "A parameter's style, explode, allowReserved or content type changed.",
  "The value a caller sends in the old encoding no longer reads as before: the parameter accepts what it accepted narrowed to the new encoding.",
);

export const RULES = [
  PARAMETER_REMOVED,
  PARAMETER_RENAMED,
  PARAMETER_MOVED,
  PARAMETER_ADDED_REQUIRED,
  PARAMETER_ADDED_OPTIONAL,
  PARAMETER_MADE_REQUIRED,
  PARAMETER_MADE_OPTIONAL,
  PARAMETER_SERIALIZATION_CHANGED,
];

// Header names are case-insensitive on the wire.
/** @param {{ name: string, in: string }} p */
const keyOf = (p) => `${p.in}:${p.in === "header" ? String(p.name).toLowerCase() : p.name}`;
/** @param {Parameter} p */
const label = (p) => `${p.in} parameter \`${p.name}\``;

/**
 * The parameters an operation takes: the path item's, overridden by the operation's own.
 * @param {JsonRecord} spec @param {OperationEntry} entry
 * @returns {Parameter[]}
 */
export function effectiveParameters(spec, entry) {
  /** @type {Map<string, Parameter>} */
  const found = new Map();
  /** @param {unknown} list @param {string} pointer */
  const add = (list, pointer) => {
    (Array.isArray(list) ? list : []).forEach((raw, i) => {
      const { node, pointer: at } = follow(spec, raw, `${pointer}/${i}`);
      if (!isRecord(node) || typeof node.name !== "string" || typeof node.in !== "string") return;
      const parameter = { name: node.name, in: node.in, node, pointer: at };
      found.set(keyOf(parameter), parameter);
    });
  };
  add(entry.item.parameters, `${entry.itemPointer}/parameters`);
  add(entry.node.parameters, `${entry.pointer}/parameters`);
  return [...found.values()];
}

/** @param {Parameter} p */
function serialization(p) {
  const style = p.node.style ?? (p.in === "query" || p.in === "cookie" ? "form" : "simple");
  const explode = p.node.explode ?? style === "form";
  const content = p.node.content ? Object.keys(p.node.content).sort().join(",") : "";
  return `style ${style}, explode ${explode}${p.node.allowReserved ? ", allowReserved" : ""}${content ? `, content ${content}` : ""}`;
}

/**
 * The schema of a parameter (`schema`, or that of its one `content` entry) and its pointer.
 * @param {Parameter} p
 */
function schemaOf(p) {
  if (p.node.schema !== undefined) return { schema: p.node.schema, pointer: `${p.pointer}/schema` };
  const [type] = Object.keys(p.node.content ?? {});
  if (type !== undefined) return { schema: memberAt(p.node, "content", type, "schema") ?? true, pointer: `${p.pointer}/content/${escapeSegment(type)}/schema` };
  return { schema: true, pointer: p.pointer };
}

/**
 * Pairs the parameters of two operations: by place and name, then path parameters by position, then by name alone (moved).
 * @param {Parameter[]} bList @param {Parameter[]} hList @param {string} bPath @param {string} hPath
 */
function matchParameters(bList, hList, bPath, hPath) {
  /** @type {{ b: Parameter, h: Parameter, how: "same" | "renamed" | "moved" }[]} */
  const pairs = [];
  const hLeft = new Map(hList.map((p) => [keyOf(p), p]));
  const bLeft = [];
  for (const b of bList) {
    const h = hLeft.get(keyOf(b));
    if (h) {
      pairs.push({ b, h, how: "same" });
      hLeft.delete(keyOf(b));
    } else bLeft.push(b);
  }
  const bNames = templateNames(bPath);
  const hNames = templateNames(hPath);
  for (const b of [...bLeft]) {
    if (b.in !== "path") continue;
    const position = bNames.indexOf(b.name);
    const name = position >= 0 ? hNames[position] : undefined;
    const h = name !== undefined ? hLeft.get(`path:${name}`) : undefined;
    if (!h) continue;
    pairs.push({ b, h, how: "renamed" });
    hLeft.delete(keyOf(h));
    bLeft.splice(bLeft.indexOf(b), 1);
  }
  for (const b of [...bLeft]) {
    const h = [...hLeft.values()].find((p) => p.name.toLowerCase() === b.name.toLowerCase());
    if (!h) continue;
    pairs.push({ b, h, how: "moved" });
    hLeft.delete(keyOf(h));
    bLeft.splice(bLeft.indexOf(b), 1);
  }
  return { pairs, removed: bLeft, added: [...hLeft.values()] };
}

/**
 * Parameter changes between two matched operations; each record carries `where`.
 * @param {DiffContext} ctx @param {OperationEntry} b @param {OperationEntry} h
 * @returns {PlacedRecord[]}
 */
export function parameterChanges(ctx, b, h) {
  /** @type {PlacedRecord[]} */
  const out = [];
  const { pairs, removed, added } = matchParameters(effectiveParameters(ctx.base.spec, b), effectiveParameters(ctx.head.spec, h), b.path, h.path);
  /** @param {Parameter} p */
  const required = (p) => p.in === "path" || p.node.required === true;
  for (const p of removed)
    out.push({ ...record(PARAMETER_REMOVED, { base: p.pointer, head: `${h.pointer}`, message: `${label(p)} removed` }), where: label(p) });
  for (const p of added) {
    const chosen = required(p) ? PARAMETER_ADDED_REQUIRED : PARAMETER_ADDED_OPTIONAL;
    out.push({
      ...record(chosen, { base: b.pointer, head: p.pointer, message: `${label(p)} added, ${required(p) ? "required" : "optional"}` }),
      where: label(p),
    });
  }
  for (const { b: x, h: y, how } of pairs) {
    const where = label(y);
    const at = { base: x.pointer, head: y.pointer };
    if (how === "renamed") out.push({ ...record(PARAMETER_RENAMED, { ...at, message: `path parameter \`${x.name}\` renamed \`${y.name}\`` }), where });
    if (how === "moved") out.push({ ...record(PARAMETER_MOVED, { ...at, message: `\`${x.name}\` moved from ${x.in} to ${y.in}` }), where });
    if (how !== "moved" && required(x) !== required(y)) {
      const chosen = required(y) ? PARAMETER_MADE_REQUIRED : PARAMETER_MADE_OPTIONAL;
      out.push({
        ...record(chosen, { base: `${x.pointer}/required`, head: `${y.pointer}/required`, message: required(y) ? "made required" : "no longer required" }),
        where,
      });
    }
    if (how === "same" && serialization(x) !== serialization(y)) {
      out.push({ ...record(PARAMETER_SERIALIZATION_CHANGED, { ...at, message: `${serialization(x)} → ${serialization(y)}` }), where });
    }
    const bSchema = schemaOf(x);
    const hSchema = schemaOf(y);
    for (const change of ctx.schemas.compare(bSchema.schema, bSchema.pointer, hSchema.schema, hSchema.pointer, "request")) out.push({ ...change, where });
  }
  return out;
}
