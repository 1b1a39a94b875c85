// One side of a comparison: the parsed spec and, for every JSON pointer in it, the line it is
// written on, so each change links to its place in the file a reviewer reads.
import { LineCounter, isMap, isNode, isSeq, parseDocument } from "yaml";
import { isRecord } from "../json-members.mjs";
import { escapeSegment } from "../spec.mjs";

const MAX_ALIAS_COUNT = 100;

/**
 * @typedef {import("../json-types.ts").JsonRecord} JsonRecord
 * @typedef {{ spec: JsonRecord, lines: Map<string, number>, file: string, label: string, ref: string | null, version: string | undefined }} Side
 */


/**
 * Parses YAML or JSON text into a side. `file` is the path a link should name (relative to the
 * repository when the file is in it), `ref` the git ref it was read from, if any.
 * @param {string} text @param {{ file: string, label?: string, ref?: string | null }} where
 * @returns {Side}
 */
export function parseSide(text, { file, label = file, ref = null }) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) throw new Error(`${label}: not a readable spec: ${problems.map((p) => p.message).join("; ")}`);
  // The YAML library's own limit: a spec uses a handful of aliases, and without a limit a few
  // hundred bytes of nested aliases (an "alias bomb") expand ninefold per level for minutes.
  /** @type {unknown} */
  let parsed;
  try {
    parsed = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (error instanceof ReferenceError) throw new Error(`${label}: not a readable spec: its aliases expand past ${MAX_ALIAS_COUNT} nodes each (${error.message})`);
    throw error;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error(`${label}: not an OpenAPI document (no top-level mapping)`);
  const spec = /** @type {JsonRecord} */ (parsed);
  if (typeof spec.openapi !== "string" && typeof spec.swagger !== "string") throw new Error(`${label}: not an OpenAPI document (no "openapi" field)`);
  if (typeof spec.swagger === "string") throw new Error(`${label}: Swagger ${spec.swagger} documents are not compared; only OpenAPI 3.x`);
  const lines = new Map([["", 1]]);
  /** @param {unknown} node */
  const lineAt = (node) => (isNode(node) && node.range ? lineCounter.linePos(node.range[0]).line : undefined);
  /** @param {unknown} node @param {string} pointer */
  const visit = (node, pointer) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key && typeof pair.key === "object" && "value" in pair.key ? pair.key.value : pair.key;
        const child = `${pointer}/${escapeSegment(String(key))}`;
        const line = lineAt(pair.key) ?? lineAt(pair.value);
        if (line !== undefined) lines.set(child, line);
        visit(pair.value, child);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const child = `${pointer}/${index}`;
        const line = lineAt(item);
        if (line !== undefined) lines.set(child, line);
        visit(item, child);
      });
    }
  };
  visit(doc.contents, "");
  return { spec, lines, file, label, ref, version: versionOf(spec) };
}

/**
 * A side from a document already in memory (a spec built or edited by a program): no text, so
 * every change links to line 1.
 * @param {unknown} document @param {{ file: string, label?: string, ref?: string | null }} where
 * @returns {Side}
 */
export function sideFromDocument(document, { file, label = file, ref = null }) {
  if (document === null || typeof document !== "object" || Array.isArray(document)) throw new Error(`${label}: not an OpenAPI 3 document`);
  const spec = /** @type {JsonRecord} */ (document);
  if (typeof spec.openapi !== "string") throw new Error(`${label}: not an OpenAPI 3 document`);
  return { spec, lines: new Map([["", 1]]), file, label, ref, version: versionOf(spec) };
}

/** @param {JsonRecord} spec @returns {string | undefined} its info.version */
const versionOf = (spec) => (isRecord(spec.info) && typeof spec.info.version === "string" ? spec.info.version : undefined);

/**
 * The line of a pointer, or of its nearest ancestor written in the file.
 * @param {Pick<Side, "lines">} side @param {string} pointer
 */
export function lineOf(side, pointer) {
  let at = pointer;
  for (;;) {
    const line = side.lines.get(at);
    if (line !== undefined) return line;
    if (at === "") return 1;
    at = at.slice(0, at.lastIndexOf("/"));
  }
}
