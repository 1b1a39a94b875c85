// The enums of the request side of the spec, per operation and per field, rendered into
// src/generated/request-enums.ts: the command line takes every enum flag's choices from there,
// so a value the spec adds, renames or drops changes the flag (and its type) with no hand edit.
import { codeHeader } from "./generated-header.mjs";
import { ENTRY, ITEM, SKIP, walkSchema } from "./schema-walk.mjs";
import { memberAt, recordOf } from "./json-members.mjs";
import { operationNodes } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./schema-walk.mjs").Step} Step */
/** @typedef {JsonValue[] | typeof FREE} FieldEnum a field's values, or FREE when it takes any */
/** @typedef {Map<string, FieldEnum>} FieldValues */

const LOCATIONS = ["path", "query", "header", "body"];
// An enum-free occurrence of a field (a plain string in one union branch) means the field takes
// any value of its type there: no choices can be offered for it.
const FREE = Symbol("free");

/**
 * { operationId: { query|path|header|body: { "field.path": [values] } } }, in spec order.
 * Body fields are dotted paths (`hyperParameters.temperature`, `IOMappings[]` for array items);
 * the branches of a oneOf/anyOf/allOf are merged, values in first-seen order; a field with no
 * enum in some branch has none at all; a recursive schema is followed once.
 * @param {JsonRecord} spec
 * @returns {Record<string, Record<string, Record<string, JsonValue[]>>>}
 */
export function requestEnums(spec) {
  /** @type {Record<string, Record<string, Record<string, JsonValue[]>>>} */
  const result = {};
  for (const { op, parameters, body } of operationNodes(spec)) {
    /** @type {{ [where: string]: FieldValues }} */
    const found = Object.fromEntries(LOCATIONS.map((where) => [where, new Map()]));
    for (const parameter of parameters) {
      collect(spec, parameter.schema, [String(parameter.name)], /** @type {FieldValues} */ (found[String(parameter.in)]));
    }
    if (body) {
      for (const media of Object.values(recordOf(body.content))) collect(spec, memberAt(media, "schema"), [], /** @type {FieldValues} */ (found.body));
    }
    /** @type {Record<string, Record<string, JsonValue[]>>} */
    const entry = {};
    for (const [where, collected] of Object.entries(found)) {
      const fields = [...collected].filter(/** @returns {entry is [string, JsonValue[]]} */ (entry) => entry[1] !== FREE && entry[1].length > 0);
      if (fields.length > 0) entry[where] = Object.fromEntries(fields);
    }
    if (Object.keys(entry).length > 0) result[op.operationId] = entry;
  }
  return result;
}

/**
 * @param {FieldValues} found
 * @param {string} path
 * @param {FieldEnum} values
 */
function record(found, path, values) {
  const known = found.get(path);
  if (known === FREE) return;
  if (values === FREE) return void found.set(path, FREE);
  const merged = known ?? [];
  for (const value of values) if (!merged.includes(value)) merged.push(value);
  found.set(path, merged);
}

// The enum of each field below a schema: a node's own enum (or const) gives its field's values,
// a plain scalar with none makes the field free. Map entries are no field a flag can name.
/**
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} schema
 * @param {Step[]} path
 * @param {FieldValues} found
 */
function collect(spec, schema, path, found) {
  walkSchema(
    spec,
    schema,
    (/** @type {JsonRecord} */ node, steps) => {
      if (steps.includes(ENTRY)) return SKIP;
      // The request body itself is no field: only what lies below it.
      if (steps.length === 0) return;
      const field = fieldPath(steps);
      const constant = node.const;
      const values = Array.isArray(node.enum) ? node.enum : constant !== undefined ? [constant] : undefined;
      if (values) {
        record(found, field, values);
        return SKIP;
      }
      const nests = ["oneOf", "anyOf", "allOf", "properties", "items"].some((keyword) => node[keyword] !== undefined);
      if (!nests && isScalar(node)) record(found, field, FREE);
    },
    path,
  );
}

// `hyperParameters.temperature`, `IOMappings[].name`: property names dotted, array items as `[]`.
const fieldPath = (/** @type {readonly Step[]} */ steps) =>
  steps.reduce((/** @type {string} */ text, step) => (step === ITEM ? `${text}[]` : text ? `${text}.${String(step)}` : String(step)), "");

const SCALARS = ["string", "number", "integer", "boolean"];
const isScalar = (/** @type {JsonRecord} */ node) => [node.type].flat().some((type) => typeof type === "string" && SCALARS.includes(type));

const literal = (/** @type {JsonValue} */ value) => JSON.stringify(value);
const key = (/** @type {string} */ name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderRequestEnums({ spec }) {
  const lines = [];
  for (const [operationId, where] of Object.entries(requestEnums(spec))) {
    lines.push(`  ${key(operationId)}: {`);
    for (const [location, fields] of Object.entries(where)) {
      lines.push(`    ${location}: {`);
      for (const [path, values] of Object.entries(fields)) lines.push(`      ${key(path)}: [${values.map(literal).join(", ")}],`);
      lines.push("    },");
    }
    lines.push("  },");
  }
  return [
    ...codeHeader(),
    "",
    "// The values the spec allows for each request field that has an enum, per operation and per",
    "// place (path, query, header, body; body fields as dotted paths, `[]` for array items). Union",
    "// branches are merged. The command line's enum flags take their choices from here.",
    "export const requestEnums = {",
    ...lines,
    "} as const;",
    "",
    "export type RequestEnums = typeof requestEnums;",
    "",
  ].join("\n");
}
