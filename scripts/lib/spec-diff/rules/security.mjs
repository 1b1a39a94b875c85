// Each operation's credential: its security requirements (its own, else the document's), each
// scheme read for what travels (`apiKey` in header `x-api-key`, `http bearer`, ...), so renaming a
// scheme in components changes nothing while changing its header name changes every operation
// that uses it.
import { isRecord, memberAt, recordOf } from "../../json-members.mjs";
import { record } from "../changes.mjs";
import { follow } from "../schema/view.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { escapeSegment } from "../../spec.mjs";

/** @typedef {import("../operation-index.mjs").OperationEntry} OperationEntry */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("../../json-types.ts").JsonValue} JsonValue */
/** @typedef {import("../diff.mjs").DiffContext} DiffContext */
/** @typedef {import("../diff.mjs").PlacedRecord} PlacedRecord */

export const CREDENTIAL_CHANGED = rule(
  "credential-changed",
  ROWS.credentialChanged,
  "request",
  "An operation no longer accepts a credential it accepted: another header, scheme or location, or one more required.",
);
export const CREDENTIAL_ALTERNATIVE_ADDED = rule(
  "credential-alternative-added",
  ROWS.requestRelaxed,
  "request",
  "An operation accepts a credential it did not, and still every one it did (or none at all).",
);

export const RULES = [CREDENTIAL_CHANGED, CREDENTIAL_ALTERNATIVE_ADDED];


/**
 * What a scheme sends, as a reader would say it: `header x-api-key`, `http bearer`.
 * @param {JsonRecord} spec @param {string} name @param {JsonValue} scopes
 */
function identity(spec, name, scopes) {
  const raw = memberAt(spec, "components", "securitySchemes", name);
  if (!raw) return `undefined scheme ${name}`;
  const { node } = follow(spec, raw, `/components/securitySchemes/${escapeSegment(name)}`);
  if (!isRecord(node)) return `undefined scheme ${name}`;
  const scoped = Array.isArray(scopes) && scopes.length ? ` [${[...scopes].sort().join(" ")}]` : "";
  switch (node.type) {
    case "apiKey":
      return `${node.in} ${node.in === "header" ? String(node.name).toLowerCase() : node.name}`;
    case "http":
      return `http ${String(node.scheme).toLowerCase()}`;
    case "openIdConnect":
      return `openIdConnect ${node.openIdConnectUrl}${scoped}`;
    case "oauth2":
      return `oauth2 ${name}${scoped}`;
    default:
      return String(node.type);
  }
}

/**
 * The credentials an operation accepts, each alternative as one text, and where they are written.
 * @param {JsonRecord} spec @param {OperationEntry} entry
 */
function requirements(spec, entry) {
  const own = entry.node.security;
  const list = Array.isArray(own) ? own : Array.isArray(spec.security) ? spec.security : [];
  const pointer = Array.isArray(own) ? `${entry.pointer}/security` : "/security";
  const alternatives = list.map((requirement) =>
    Object.entries(recordOf(requirement))
      .map(([name, scopes]) => identity(spec, name, scopes))
      .sort()
      .join(" + "),
  );
  // No requirement at all means no credential is needed, as an empty requirement says.
  return { alternatives: new Set(alternatives.length ? alternatives : [""]), pointer };
}

/** @param {Set<string>} alternatives */
const describe = (alternatives) => ([...alternatives].map((a) => (a === "" ? "none" : a)).join(" or ") || "none");

/**
 * Credential changes between two matched operations; each record carries `where`.
 * @param {DiffContext} ctx @param {OperationEntry} b @param {OperationEntry} h
 * @returns {PlacedRecord[]}
 */
export function securityChanges(ctx, b, h) {
  const x = requirements(ctx.base.spec, b);
  const y = requirements(ctx.head.spec, h);
  /** @param {ReturnType<typeof requirements>} r */
  const open = (r) => r.alternatives.has("");
  const removed = [...x.alternatives].filter((a) => !y.alternatives.has(a));
  const added = [...y.alternatives].filter((a) => !x.alternatives.has(a));
  if (removed.length === 0 && added.length === 0) return [];
  const at = { base: x.pointer, head: y.pointer };
  const message = `credential ${describe(x.alternatives)} → ${describe(y.alternatives)}`;
  const where = "security";
  if (open(y) && !open(x)) return [{ ...record(CREDENTIAL_ALTERNATIVE_ADDED, { ...at, message }), where }];
  if (removed.length > 0 || (open(x) && !open(y))) return [{ ...record(CREDENTIAL_CHANGED, { ...at, message }), where }];
  return [{ ...record(CREDENTIAL_ALTERNATIVE_ADDED, { ...at, message }), where }];
}
