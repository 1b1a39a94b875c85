// The enums of the request side of the spec, per operation and per field, rendered into
// src/generated/request-enums.ts: the command line takes every enum flag's choices from there,
// so a value the spec adds, renames or drops changes the flag (and its type) with no hand edit.
import { deref, listOperations } from "./spec.mjs";

const LOCATIONS = ["path", "query", "header", "body"];
// An enum-free occurrence of a field (a plain string in one union branch) means the field takes
// any value of its type there: no choices can be offered for it.
const FREE = Symbol("free");

/**
 * { operationId: { query|path|header|body: { "field.path": [values] } } }, in spec order.
 * Body fields are dotted paths (`hyperParameters.temperature`, `IOMappings[]` for array items);
 * the branches of a oneOf/anyOf/allOf are merged, values in first-seen order; a field with no
 * enum in some branch has none at all; a recursive schema is followed once.
 */
export function requestEnums(spec) {
  const result = {};
  for (const op of listOperations(spec)) {
    const item = deref(spec, spec.paths[op.path]);
    const operation = item[op.method];
    const found = Object.fromEntries(LOCATIONS.map((where) => [where, new Map()]));
    for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
      const parameter = deref(spec, raw);
      collect(spec, parameter.schema, parameter.name, found[parameter.in], new Set());
    }
    if (operation.requestBody) {
      const body = deref(spec, operation.requestBody);
      for (const media of Object.values(body.content ?? {})) collectProperties(spec, media.schema, "", found.body, new Set());
    }
    const entry = {};
    for (const [where, collected] of Object.entries(found)) {
      const fields = [...collected].filter(([, values]) => values !== FREE && values.length > 0);
      if (fields.length > 0) entry[where] = Object.fromEntries(fields);
    }
    if (Object.keys(entry).length > 0) result[op.operationId] = entry;
  }
  return result;
}

function record(found, path, values) {
  const known = found.get(path);
  if (known === FREE) return;
  if (values === FREE) return void found.set(path, FREE);
  const merged = known ?? [];
  for (const value of values) if (!merged.includes(value)) merged.push(value);
  found.set(path, merged);
}

// A schema at `path`: its own enum, or its object properties and array items below it.
function collect(spec, node, path, found, seen) {
  if (!node || typeof node !== "object") return;
  if (typeof node.$ref === "string") {
    if (seen.has(node.$ref)) return;
    return collect(spec, deref(spec, node), path, found, new Set(seen).add(node.$ref));
  }
  const branches = ["oneOf", "anyOf", "allOf"].flatMap((k) => node[k] ?? []);
  if (Array.isArray(node.enum)) return record(found, path, node.enum);
  if (Object.hasOwn(node, "const")) return record(found, path, [node.const]);
  if (branches.length > 0) {
    for (const branch of branches) collect(spec, branch, path, found, seen);
    return;
  }
  if (node.properties) return collectProperties(spec, node, path, found, seen);
  if (node.items) return collect(spec, node.items, `${path}[]`, found, seen);
  if (isScalar(node)) record(found, path, FREE);
}

function collectProperties(spec, node, prefix, found, seen) {
  if (!node || typeof node !== "object") return;
  if (typeof node.$ref === "string") {
    if (seen.has(node.$ref)) return;
    return collectProperties(spec, deref(spec, node), prefix, found, new Set(seen).add(node.$ref));
  }
  for (const branch of ["oneOf", "anyOf", "allOf"].flatMap((k) => node[k] ?? [])) collectProperties(spec, branch, prefix, found, seen);
  for (const [name, schema] of Object.entries(node.properties ?? {})) collect(spec, schema, prefix ? `${prefix}.${name}` : name, found, seen);
}

const SCALARS = ["string", "number", "integer", "boolean"];
const isScalar = (node) => [node.type].flat().some((type) => SCALARS.includes(type));

const literal = (value) => JSON.stringify(value);
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

export function renderRequestEnums({ spec }, header) {
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
    header.trimEnd(),
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

/** info.version of the spec, for `platform --version` (the build stamps dist/version.js alike). */
export function renderSpecVersion({ spec }, header) {
  const version = spec.info?.version;
  if (typeof version !== "string") throw new Error("the spec has no info.version");
  return [header.trimEnd(), "", "/** info.version of the spec the sources were generated from. */", `export const SPEC_VERSION = ${literal(version)};`, ""].join("\n");
}
