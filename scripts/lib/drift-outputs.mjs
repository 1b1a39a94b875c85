// What drift reports need from the spec at run time, generated so that the client, the proxy and
// the stateful mock carry no copy of it (the spec's version, stamped on every drift, is
// src/generated/spec-version.ts, rendered by ./spec-version.mjs): where each
// x-discrepancies record sits in the messages it concerns (to label the drifts it explains, see
// EXTENSIONS.md, "Drift labels"), and a standalone validator of the report format itself
// (openapi/drift-report.schema.json), which a report file is checked against when it is read.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";
import { codeHeader } from "./generated-header.mjs";
import { inlineRuntimeHelpers } from "./response-validators.mjs";
import { listOf, memberAt, recordOf, stringOr } from "./json-members.mjs";
import { walkSchema } from "./schema-walk.mjs";
import { REPO_ROOT, derefRecord, discrepancyProblem, escapeSegment, isDiscrepancyRecord, operationNodes } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./spec.mjs").DiscrepancyRecord} DiscrepancyRecord */
/** @typedef {(at: string, record: DiscrepancyRecord) => void} AddRecord */

const DRIFT_REPORT_SCHEMA = "openapi/drift-report.schema.json";
const JSON_MEDIA_TYPE = "application/json";

/**
 * The property names a record speaks of: every name written in backticks in its prose, dotted
 * paths and indices split (`response.downloadUrl` names response and downloadUrl). A record on an
 * object is about the properties it names, not about every value inside the object.
 * @param {Pick<DiscrepancyRecord, "summary" | "documented" | "observed" | "decision">} record
 */
export function namesInRecord(record) {
  const text = [record.summary, record.documented, record.observed, record.decision].join(" ");
  const names = new Set();
  for (const [, quoted] of text.matchAll(/`([^`]+)`/g)) {
    for (const piece of String(quoted).split(/[.[\]]/)) if (/^[A-Za-z_$][\w$-]*$/.test(piece)) names.add(piece);
  }
  return [...names].sort();
}

/**
 * The x-discrepancies records on a node of the spec, each checked as collectDiscrepancies checks
 * them (Spectral holds the spec to the rest of openapi/discrepancy.schema.json).
 * @param {JsonValue | undefined} node
 * @returns {DiscrepancyRecord[]}
 */
function recordsOn(node) {
  return listOf(memberAt(node, "x-discrepancies")).map((record, i) => {
    if (!isDiscrepancyRecord(record)) throw new Error(`x-discrepancies, record ${i}: ${discrepancyProblem(record)}`);
    return record;
  });
}

/**
 * Calls `add(at, record)` for every record on a schema reached from `schema`, `at` being the JSON
 * pointer of the values that schema describes ("*" for any array item or map entry).
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} schema
 * @param {import("./schema-walk.mjs").Step[]} path
 * @param {AddRecord} add
 */
function recordsIn(spec, schema, path, add) {
  walkSchema(
    spec,
    schema,
    (/** @type {JsonRecord} */ node, steps) => {
      const at = steps.map((step) => `/${typeof step === "string" ? escapeSegment(step) : "*"}`).join("");
      for (const record of recordsOn(node)) add(at, record);
    },
    path,
  );
}

/**
 * For every message the drift checks look at, the records that may label its drifts, as
 * [at, id] pairs: responses by `<operationId>_<status>` (status as the spec keys it, default
 * included), requests by `<operationId>_<path|query|body>`. Records on the path item, the
 * operation, the response or the request body sit at "" (the whole message); records on a
 * parameter at `/<name>`. `names` holds each record's property names (namesInRecord).
 * @param {JsonRecord} spec
 */
export function discrepancyLabels(spec) {
  /** @type {Record<string, Map<string, [string, string]>>} */
  const table = {};
  /** @type {Record<string, string[]>} */
  const names = {};
  for (const { op, item, operation, body } of operationNodes(spec)) {
    const whole = [...recordsOn(item), ...recordsOn(operation)];
    const entriesFor = (/** @type {string} */ key) => {
      table[key] ??= new Map();
      const entries = table[key];
      /** @type {AddRecord} */
      const add = (at, record) => {
        names[record.id] = namesInRecord(record);
        entries.set(`${at} ${record.id}`, [at, record.id]);
      };
      for (const record of whole) add("", record);
      return add;
    };
    for (const [status, raw] of Object.entries(recordOf(operation.responses))) {
      const add = entriesFor(`${op.operationId}_${status}`);
      const response = derefRecord(spec, raw);
      for (const record of [...recordsOn(raw), ...recordsOn(response)]) add("", record);
      recordsIn(spec, memberAt(response, "content", JSON_MEDIA_TYPE, "schema"), [], add);
    }
    if (body) {
      const add = entriesFor(`${op.operationId}_body`);
      for (const record of recordsOn(body)) add("", record);
      const [media] = Object.values(recordOf(body.content));
      recordsIn(spec, memberAt(media, "schema"), [], add);
    }
    for (const raw of [...listOf(item.parameters), ...listOf(operation.parameters)]) {
      const parameter = derefRecord(spec, raw);
      if (parameter.in !== "path" && parameter.in !== "query") continue;
      const add = entriesFor(`${op.operationId}_${parameter.in}`);
      const name = stringOr(parameter.name, "");
      const at = `/${escapeSegment(name)}`;
      for (const record of [...recordsOn(raw), ...recordsOn(parameter)]) add(at, record);
      recordsIn(spec, parameter.schema, [name], add);
    }
  }
  // Only the messages some record speaks of; entries in a stable order, so the file diffs quietly.
  const labels = Object.fromEntries(
    Object.entries(table)
      .filter(([, entries]) => entries.size > 0)
      .map(([key, entries]) => [key, [...entries.values()].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]))]),
  );
  return { labels, names: Object.fromEntries(Object.entries(names).sort(([a], [b]) => a.localeCompare(b))) };
}

// The command line reads the same constant: the text is the one its generator writes, so that one
// renderer of the file can go without the file changing.
/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderDiscrepancyLabels({ spec }) {
  const { labels, names } = discrepancyLabels(spec);
  return [
    ...codeHeader(),
    "",
    "/** A record at JSON pointer `at` of a message (\"*\": any array item or map entry), by its id. */",
    "export type DiscrepancyLabel = readonly [at: string, id: string];",
    "",
    "/**",
    " * Where each x-discrepancies record sits in the messages the drift checks look at: responses by",
    " * `<operationId>_<status>` (the spec's status key, `default` included), requests by",
    " * `<operationId>_<path|query|body>`. Only messages some record speaks of are listed.",
    " */",
    "export const discrepancyLabels: Readonly<Record<string, readonly DiscrepancyLabel[]>> = {",
    ...Object.entries(labels).map(([key, entries]) => `  ${key}: ${JSON.stringify(entries)},`),
    "};",
    "",
    "/** The property names each record gives in backticks: a record on an object speaks of those. */",
    "export const discrepancyNames: Readonly<Record<string, readonly string[]>> = {",
    ...Object.entries(names).map(([id, list]) => `  ${JSON.stringify(id)}: ${JSON.stringify(list)},`),
    "};",
    "",
  ].join("\n");
}

/** openapi/drift-report.schema.json, parsed. */
export function loadReportSchema() {
  return JSON.parse(readFileSync(resolve(REPO_ROOT, DRIFT_REPORT_SCHEMA), "utf8"));
}

/** Ajv for JSON Schema 2020-12 with formats, as the report schema is compiled (`options` pass through). */
export function createReportAjv(options = {}) {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, ...options });
  addFormats.default(ajv);
  return ajv;
}

export function renderReportValidator() {
  const ajv = createReportAjv({ code: { source: true, esm: true } });
  const schema = loadReportSchema();
  ajv.addSchema(schema);
  const code = inlineRuntimeHelpers(standaloneCode.default(ajv, { validateDriftReport: schema.$id }));
  if (/\brequire\(|^import /m.test(code)) throw new Error("the standalone drift report validator imports a runtime helper; the package must not depend on Ajv");
  return `${codeHeader(DRIFT_REPORT_SCHEMA).join("\n")}\n/* eslint-disable */\n${code}\n`;
}

export function renderReportValidatorTypes() {
  return [
    ...codeHeader(DRIFT_REPORT_SCHEMA),
    "",
    'import type { RequestValidator } from "./validators.js";',
    "",
    "/** Ajv-style check of a value against openapi/drift-report.schema.json; `errors` lists what fails. */",
    "export declare const validateDriftReport: RequestValidator;",
    "",
  ].join("\n");
}
