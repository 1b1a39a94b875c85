// Renders docs/discrepancies.md from the x-discrepancies records of the spec, so the
// list a reader sees can never drift from the records the tests and lint use.
import { MARKDOWN_HEADER } from "./generated-header.mjs";
import { memberAt } from "./json-members.mjs";
import { HTTP_METHODS, collectDiscrepancies, deref, fromPointer, operationAt } from "./spec.mjs";
import { tableCell as cell } from "./table-cell.mjs";

/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./spec.mjs").DiscrepancyRecord} DiscrepancyRecord */

/** @type {Record<string, string>} */
const SOURCE_LABELS = {
  "interface-document": "interface document",
  "public-reference": "public reference",
};

// Array items are named by their `name` (parameters, tags) when they have one:
// `parameters.botId` survives a reordering that `parameters[2]` would not.
/**
 * @param {JsonValue | undefined} node
 * @param {string[]} segments
 * @param {string} prefix
 */
function dotted(node, segments, prefix) {
  let text = prefix;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      const child = node[Number(segment)];
      const name = memberAt(child, "name");
      text += typeof name === "string" ? `.${name}` : `[${segment}]`;
      node = child;
    } else {
      text += text === "" ? segment : `.${segment}`;
      node = memberAt(node, segment);
    }
  }
  return text;
}

/**
 * A location a reader recognises: the operationId for anything inside an
 * operation, dotted keys elsewhere (`components.schemas.JobRecord`).
 * @param {JsonRecord} spec
 * @param {string} pointer
 */
export function describeLocation(spec, pointer) {
  const segments = fromPointer(pointer);
  if (segments.length === 0) return "document root";
  const [first, path, method] = segments;
  if (first === "paths" && path !== undefined && method !== undefined && HTTP_METHODS.includes(method)) {
    const operation = operationAt(spec, { path, method });
    return dotted(operation, segments.slice(3), String(operation.operationId));
  }
  return dotted(spec, segments, "");
}

/**
 * @param {string} pointer
 */
function operationLabel(pointer) {
  const [first, path, method] = fromPointer(pointer);
  return first === "paths" && method !== undefined && HTTP_METHODS.includes(method) ? ` (${method.toUpperCase()} ${path})` : "";
}


// A fence one backtick longer than any run inside the content, so samples that
// contain backticks cannot close it early.
/**
 * @param {string} language
 * @param {string} content
 */
function fenced(language, content) {
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}

/**
 * @param {{ pointer: string, record: DiscrepancyRecord }[]} entries
 */
function checkRecords(entries) {
  const seen = new Map();
  // Each record's members were checked against openapi/discrepancy.schema.json as it was
  // collected; what no schema can say is that an id is unique across the spec.
  for (const { pointer, record } of entries) {
    if (seen.has(record.id)) {
      throw new Error(`x-discrepancies id ${record.id} used at "${seen.get(record.id)}" and "${pointer}"`);
    }
    seen.set(record.id, pointer);
  }
}

/**
 * @param {JsonRecord} spec
 * @param {string} name
 * @param {string} id
 */
function renderExample(spec, name, id) {
  const example = memberAt(spec, "components", "examples", name);
  if (example === undefined) {
    throw new Error(`x-discrepancies record ${id} names example ${name}, absent from components.examples`);
  }
  const resolved = deref(spec, example);
  const summary = memberAt(resolved, "summary");
  const value = memberAt(resolved, "value");
  const lines = [`- \`${name}\`${summary ? `: ${summary}` : ""}`];
  if (value !== undefined) {
    const body = typeof value === "string" ? fenced("text", value) : fenced("json", JSON.stringify(value, null, 2));
    lines.push("", body.replace(/^/gm, "  "));
  }
  return lines.join("\n");
}

/**
 * @param {JsonRecord} spec
 * @param {{ pointer: string, record: DiscrepancyRecord }} found
 */
function renderSection(spec, { pointer, record }) {
  const parts = [
    `## ${record.id}`,
    `${record.summary.trim()}`,
    [
      `- Where: \`${describeLocation(spec, pointer)}\`${operationLabel(pointer)}`,
      `- Pointer: \`#${pointer}\``,
      `- Source: ${SOURCE_LABELS[record.source] ?? record.source}`,
    ].join("\n"),
    `**Documented:** ${record.documented.trim()}`,
    `**Observed:** ${record.observed.trim()}`,
    `**Decision:** ${record.decision.trim()}`,
  ];
  if (record.examples?.length) {
    parts.push("**Examples** (kept verbatim under `components.examples`):");
    parts.push(record.examples.map((name) => renderExample(spec, name, record.id)).join("\n\n"));
  }
  return parts.join("\n\n");
}

/**
 * The whole markdown document; same spec in, same bytes out.
 * @param {JsonRecord} spec
 */
export function renderDiscrepanciesMarkdown(spec) {
  const entries = collectDiscrepancies(spec);
  checkRecords(entries);
  const rows = entries.map(({ pointer, record }) =>
    [
      `[${record.id}](#${record.id})`,
      `\`${cell(describeLocation(spec, pointer))}\``,
      cell(record.summary.trim()),
      SOURCE_LABELS[record.source] ?? cell(record.source),
    ].join(" | "),
  );
  const doc = [
    MARKDOWN_HEADER,
    "# Known discrepancies",
    [
      "Places where the platform's interface document disagrees with itself or with the vendor's",
      "public reference, and how `openapi/platform.yaml` models each one. Every entry is an",
      "`x-discrepancies` record in the spec, next to the part it concerns; this page is rebuilt",
      `from them by \`npm run generate\`. ${entries.length} record${entries.length === 1 ? "" : "s"}.`,
    ].join("\n"),
    ["| id | where | summary | source |", "|---|---|---|---|", ...rows.map((r) => `| ${r} |`)].join("\n"),
    ...entries.map((entry) => renderSection(spec, entry)),
  ];
  return `${doc.join("\n\n")}\n`;
}
