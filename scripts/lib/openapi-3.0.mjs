// The OpenAPI 3.0.3 rendering of openapi/platform.yaml, for tools that read only 3.0 (see
// openapi/EXTENSIONS.md, "Portability"). Each rule rewrites one 3.1 construct into the 3.0
// construct that accepts the same values; a 3.1 construct no rule knows stops generation, so a
// new one cannot slip into the 3.0 document untranslated. test/spec/openapi-3.0.test.ts checks
// that both documents describe the same operations and accept and refuse the same values.
//
// Written here rather than taken from @apiture/openapi-down-convert: that converter keeps
// `info.summary`, leaves type lists without `null` and file parts without a type as they are,
// and would bring a second TypeScript along as a dependency.
import { resolve } from "node:path";
import { isRecord, memberAt, recordOf } from "./json-members.mjs";
import { HTTP_METHODS, REPO_ROOT, binaryParts, fromPointer } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */

/** Where `npm run generate` writes it, relative to the repository (and the package). */
export const OPENAPI_30_FILE = "openapi/platform-3.0.json";

/** Absolute path of the committed 3.0 rendering. */
export function openApi30Path() {
  return resolve(REPO_ROOT, OPENAPI_30_FILE);
}

// JSON Schema keywords OpenAPI 3.0 does not have and no rule below translates.
const UNTRANSLATED = [
  "$schema",
  "$id",
  "$defs",
  "$anchor",
  "$dynamicRef",
  "const",
  "prefixItems",
  "contains",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
  "patternProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentEncoding",
  "contentMediaType",
];

// Keywords that hold one subschema, and those that hold a list or a map of them.
const SUBSCHEMA = ["items", "not", "additionalProperties"];
const SUBSCHEMA_LISTS = ["allOf", "anyOf", "oneOf"];

/**
 * @param {string} where
 * @param {string} message
 * @returns {never}
 */
function fail(where, message) {
  throw new Error(`OpenAPI 3.0 rendering: ${where}: ${message}`);
}

/**
 * `type: [a, "null"]` is 3.0's `nullable`; a list of several types becomes an anyOf of each.
 * @param {JsonRecord} schema
 * @param {string} where
 * @returns {JsonRecord}
 */
function typeList(schema, where) {
  if (!Array.isArray(schema.type)) return schema;
  const types = schema.type.filter((type) => type !== "null");
  const nullable = types.length < schema.type.length;
  const { type: _list, ...rest } = schema;
  const [first] = types;
  if (first === undefined) fail(where, "a schema of type null alone has no 3.0 form");
  const rendered = types.length === 1 ? { ...rest, type: first } : { ...rest, anyOf: types.map((type) => ({ type })) };
  if (types.length > 1 && rest.anyOf) fail(where, "a type list beside anyOf");
  return nullable ? { ...rendered, nullable: true } : rendered;
}

/**
 * An enum that lists the empty string beside names: 3.0 generators turn each value into an
 * identifier, and '' makes one that does not parse. An anyOf of the names and a string of length
 * 0 accepts the same values.
 * @param {JsonRecord} schema
 * @returns {JsonRecord}
 */
function emptyEnumValue(schema) {
  const values = schema.enum;
  if (!Array.isArray(values) || !values.includes("")) return schema;
  const { enum: _values, type: _type, ...rest } = schema;
  const names = values.filter((value) => value !== "");
  return { ...rest, anyOf: [{ type: "string", enum: names }, { type: "string", maxLength: 0 }] };
}

/**
 * JSON Schema's list of sample values is 3.0's single `example`.
 * @param {JsonRecord} schema
 * @param {string} where
 * @returns {JsonRecord}
 */
function sampleValues(schema, where) {
  if (schema.examples === undefined) return schema;
  // A parsed list holds no undefined: no first value means an empty list or no list.
  const [first] = Array.isArray(schema.examples) ? schema.examples : [];
  if (first === undefined) fail(where, "examples is not a non-empty list");
  if (schema.example !== undefined) fail(where, "both example and examples");
  const { examples: _examples, ...rest } = schema;
  return { ...rest, example: first };
}

/**
 * @param {JsonValue | undefined} node
 * @param {string} where
 * @returns {JsonRecord}
 */
function schema30(node, where) {
  if (!isRecord(node)) return fail(where, "not a schema object");
  if (node.$ref !== undefined) {
    // 3.0 ignores a reference's siblings; a 3.1 sibling would silently stop applying.
    if (Object.keys(node).length > 1) fail(where, `keys beside $ref: ${Object.keys(node).join(", ")}`);
    return { ...node };
  }
  for (const keyword of UNTRANSLATED) if (keyword in node) fail(where, `${keyword} has no 3.0 form here`);
  if (typeof node.exclusiveMinimum === "number" || typeof node.exclusiveMaximum === "number") {
    fail(where, "numeric exclusiveMinimum/exclusiveMaximum has no rule yet");
  }
  let schema = sampleValues(emptyEnumValue(typeList({ ...node }, where)), where);
  for (const keyword of SUBSCHEMA) {
    const child = schema[keyword];
    if (child !== null && typeof child === "object") schema = { ...schema, [keyword]: schema30(child, `${where}/${keyword}`) };
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) schema = { ...schema, [keyword]: list.map((child, i) => schema30(child, `${where}/${keyword}/${i}`)) };
  }
  if (schema.properties) {
    if (!isRecord(schema.properties)) fail(`${where}/properties`, "not a map of schemas");
    schema = { ...schema, properties: mapMembers(schema.properties, (child, name) => schema30(child, `${where}/properties/${name}`)) };
  }
  return schema;
}

/**
 * Each member of a map, rendered; the keys and their order stay.
 * @template {JsonValue} T
 * @param {JsonRecord} map
 * @param {(value: JsonValue, key: string) => T} render
 * @returns {Record<string, T>}
 */
const mapMembers = (map, render) => Object.fromEntries(Object.entries(map).map(([key, value]) => [key, render(value, key)]));

/**
 * A parameter, header or media type with its `schema` rewritten.
 * @param {JsonValue} value
 * @param {string} where
 * @returns {JsonValue}
 */
const withSchema = (value, where) => (isRecord(value) && value.schema ? { ...value, schema: schema30(value.schema, `${where}/schema`) } : value);

/**
 * Rewrites the `schema` of each entry of a map of media types, parameters or headers.
 * @param {JsonValue | undefined} map
 * @param {string} where
 */
function withSchemas(map, where) {
  if (!isRecord(map)) return map;
  return mapMembers(map, (value, key) => withSchema(value, `${where}/${key}`));
}

/**
 * @param {JsonValue | undefined} list
 * @param {string} where
 */
function parameters30(list, where) {
  if (!Array.isArray(list)) return list;
  return list.map((parameter, i) => withSchema(parameter, `${where}/${i}`));
}

/**
 * @param {JsonValue} response
 * @param {string} where
 * @returns {JsonValue}
 */
function response30(response, where) {
  if (!isRecord(response) || response.$ref) return response;
  return dropUndefined({ ...response, headers: withSchemas(response.headers, `${where}/headers`), content: withSchemas(response.content, `${where}/content`) });
}

/**
 * @param {JsonValue} body
 * @param {string} where
 * @returns {JsonValue}
 */
function requestBody30(body, where) {
  if (!isRecord(body) || body.$ref) return body;
  return dropUndefined({ ...body, content: withSchemas(body.content, `${where}/content`) });
}

/**
 * @param {JsonRecord} operation
 * @param {string} where
 */
function operation30(operation, where) {
  const responses = mapMembers(recordOf(operation.responses), (response, status) => response30(response, `${where}/responses/${status}`));
  return dropUndefined({
    ...operation,
    parameters: parameters30(operation.parameters, `${where}/parameters`),
    requestBody: operation.requestBody && requestBody30(operation.requestBody, `${where}/requestBody`),
    responses,
  });
}

/**
 * @param {JsonValue} item
 * @param {string} where
 */
function pathItem30(item, where) {
  if (!isRecord(item)) return fail(where, "not a path item");
  if (item.$ref) fail(where, "a path item $ref has no rule yet");
  /** @type {Record<string, JsonValue | undefined>} */
  const rendered = { ...item, parameters: parameters30(item.parameters, `${where}/parameters`) };
  for (const method of HTTP_METHODS) {
    const operation = item[method];
    if (isRecord(operation)) rendered[method] = operation30(operation, `${where}/${method}`);
  }
  return dropUndefined(rendered);
}

/**
 * Most 3.0 tools take a server URL literally (a mock registers its handlers under it, an
 * importer derives its prefix from it), so each variable is replaced by its default.
 * @param {JsonValue} server
 * @param {string} where
 * @returns {JsonValue}
 */
function server30(server, where) {
  if (!isRecord(server)) return server;
  const variables = Object.entries(recordOf(server.variables));
  if (variables.length === 0) return server;
  if (typeof server.url !== "string") fail(`${where}/url`, "not a string");
  const defaultOf = (/** @type {JsonValue} */ variable) => String(memberAt(variable, "default"));
  let url = server.url;
  for (const [name, variable] of variables) url = url.replaceAll(`{${name}}`, defaultOf(variable));
  const { variables: _variables, ...rest } = server;
  const names = variables.map(([name, variable]) => `\`${name}\` (${defaultOf(variable)})`).join(", ");
  const note = `In this OpenAPI 3.0 rendering the URL carries the default of each variable of the 3.1 document: ${names}.`;
  return { ...rest, url, description: rest.description ? `${rest.description} ${note}` : note };
}

/**
 * @param {JsonValue | undefined} components
 */
function components30(components) {
  if (!isRecord(components)) return components;
  const where = "/components";
  if (components.pathItems) fail(`${where}/pathItems`, "no 3.0 form");
  /** @type {(entries: JsonValue | undefined, render: (value: JsonValue, name: string) => JsonValue) => JsonValue | undefined} */
  const map = (entries, render) => (isRecord(entries) ? mapMembers(entries, render) : entries);
  return dropUndefined({
    ...components,
    schemas: map(components.schemas, (schema, name) => schema30(schema, `${where}/schemas/${name}`)),
    parameters: map(components.parameters, (parameter, name) => withSchema(parameter, `${where}/parameters/${name}`)),
    responses: map(components.responses, (response, name) => response30(response, `${where}/responses/${name}`)),
    requestBodies: map(components.requestBodies, (body, name) => requestBody30(body, `${where}/requestBodies/${name}`)),
    headers: components.headers && withSchemas(components.headers, `${where}/headers`),
  });
}

/**
 * @param {[string, JsonValue | undefined]} entry
 * @returns {entry is [string, JsonValue]}
 */
const isDefined = (entry) => entry[1] !== undefined;

/**
 * The object without its undefined members (those a rule left out), as JSON writes it.
 * @param {Record<string, JsonValue | undefined>} object
 * @returns {JsonRecord}
 */
function dropUndefined(object) {
  return Object.fromEntries(Object.entries(object).filter(isDefined));
}

/**
 * A file part: 3.1 gives its media type in the Encoding Object and no type in its schema; 3.0
 * calls it a binary string (its Encoding Object stays).
 * @param {JsonRecord} spec
 */
function withFileParts(spec) {
  const copy = structuredClone(spec);
  for (const { schema, property } of binaryParts(spec)) {
    const properties = memberAt(copy, ...fromPointer(schema), "properties");
    const where = `${schema}/properties/${property}`;
    const part = memberAt(properties, property);
    if (!isRecord(properties) || !isRecord(part)) return fail(where, "not a schema object");
    if (part.$ref || part.type !== undefined || part.format !== undefined) fail(where, "a file part with a type, a format or a $ref");
    properties[property] = { ...part, type: "string", format: "binary" };
  }
  return copy;
}

/**
 * The 3.0.3 document; the input is not changed. Key order follows the input's.
 * @param {JsonRecord} spec
 */
export function toOpenApi30(spec) {
  if (typeof spec.openapi !== "string" || !/^3\.1\./.test(spec.openapi)) fail("/openapi", `expected a 3.1 document, found ${spec.openapi}`);
  if (spec.webhooks) fail("/webhooks", "no 3.0 form");
  const { jsonSchemaDialect: _dialect, ...rest } = withFileParts(spec);
  const paths = mapMembers(recordOf(rest.paths), (item, path) => pathItem30(item, `/paths/${path}`));
  return dropUndefined({
    ...rest,
    openapi: "3.0.3",
    info: info30(rest.info),
    servers: Array.isArray(rest.servers) ? rest.servers.map((server, i) => server30(server, `/servers/${i}`)) : rest.servers,
    paths,
    components: components30(rest.components),
  });
}

// 3.0's Info has no `summary`, and its License no SPDX `identifier`.
/**
 * @param {JsonValue | undefined} info
 */
function info30(info) {
  const { summary: _summary, ...rest } = recordOf(info);
  if (!isRecord(rest.license)) return rest;
  const { identifier: _identifier, ...license } = rest.license;
  return { ...rest, license };
}

/**
 * The file's text: stable, two-space JSON, as the other generated files are stable.
 * @param {import("./generated-header.mjs").RenderContext} context
 */
export function renderOpenApi30({ spec }) {
  return `${JSON.stringify(toOpenApi30(spec), null, 2)}\n`;
}
