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
import { HTTP_METHODS, REPO_ROOT, binaryParts, fromPointer } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonObject} JsonObject */

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
 */
function fail(where, message) {
  throw new Error(`OpenAPI 3.0 rendering: ${where}: ${message}`);
}

/**
 * `type: [a, "null"]` is 3.0's `nullable`; a list of several types becomes an anyOf of each.
 * @param {JsonObject} schema
 * @param {string} where
 */
function typeList(schema, where) {
  if (!Array.isArray(schema.type)) return schema;
  const types = schema.type.filter((type) => type !== "null");
  const nullable = types.length < schema.type.length;
  const { type: _list, ...rest } = schema;
  if (types.length === 0) fail(where, "a schema of type null alone has no 3.0 form");
  const rendered = types.length === 1 ? { ...rest, type: types[0] } : { ...rest, anyOf: types.map((type) => ({ type })) };
  if (types.length > 1 && rest.anyOf) fail(where, "a type list beside anyOf");
  return nullable ? { ...rendered, nullable: true } : rendered;
}

/**
 * An enum that lists the empty string beside names: 3.0 generators turn each value into an
 * identifier, and '' makes one that does not parse. An anyOf of the names and a string of length
 * 0 accepts the same values.
 * @param {JsonObject} schema
 */
function emptyEnumValue(schema) {
  if (!Array.isArray(schema.enum) || !schema.enum.includes("")) return schema;
  const { enum: values, type: _type, ...rest } = schema;
  const names = values.filter((value) => value !== "");
  return { ...rest, anyOf: [{ type: "string", enum: names }, { type: "string", maxLength: 0 }] };
}

/**
 * JSON Schema's list of sample values is 3.0's single `example`.
 * @param {JsonObject} schema
 * @param {string} where
 */
function sampleValues(schema, where) {
  if (schema.examples === undefined) return schema;
  if (!Array.isArray(schema.examples) || schema.examples.length === 0) fail(where, "examples is not a non-empty list");
  if (schema.example !== undefined) fail(where, "both example and examples");
  const { examples, ...rest } = schema;
  return { ...rest, example: examples[0] };
}

/**
 * @param {JsonObject} node
 * @param {string} where
 */
function schema30(node, where) {
  if (node === null || typeof node !== "object" || Array.isArray(node)) fail(where, "not a schema object");
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
    if (schema[keyword] !== null && typeof schema[keyword] === "object") {
      schema = { ...schema, [keyword]: schema30(schema[keyword], `${where}/${keyword}`) };
    }
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    if (Array.isArray(schema[keyword])) {
      schema = { ...schema, [keyword]: schema[keyword].map((child, i) => schema30(child, `${where}/${keyword}/${i}`)) };
    }
  }
  if (schema.properties) {
    const properties = Object.entries(schema.properties).map(([name, child]) => [name, schema30(child, `${where}/properties/${name}`)]);
    schema = { ...schema, properties: Object.fromEntries(properties) };
  }
  return schema;
}

/**
 * Rewrites the `schema` of each entry of a map of media types, parameters or headers.
 * @param {Record<string, JsonObject> | undefined} map
 * @param {string} where
 */
function withSchemas(map, where) {
  if (!map) return map;
  const entries = Object.entries(map).map(([key, value]) => [
    key,
    value?.schema ? { ...value, schema: schema30(value.schema, `${where}/${key}/schema`) } : value,
  ]);
  return Object.fromEntries(entries);
}

/**
 * @param {JsonObject[] | undefined} list
 * @param {string} where
 */
function parameters30(list, where) {
  return list?.map((parameter, i) => (parameter.schema ? { ...parameter, schema: schema30(parameter.schema, `${where}/${i}/schema`) } : parameter));
}

/**
 * @param {JsonObject} response
 * @param {string} where
 */
function response30(response, where) {
  if (response.$ref) return response;
  return { ...response, headers: withSchemas(response.headers, `${where}/headers`), content: withSchemas(response.content, `${where}/content`) };
}

/**
 * @param {JsonObject} body
 * @param {string} where
 */
function requestBody30(body, where) {
  if (!body || body.$ref) return body;
  return { ...body, content: withSchemas(body.content, `${where}/content`) };
}

/**
 * @param {JsonObject} operation
 * @param {string} where
 */
function operation30(operation, where) {
  const responses = Object.fromEntries(
    Object.entries(operation.responses ?? {}).map(([status, response]) => [status, response30(response, `${where}/responses/${status}`)]),
  );
  return dropUndefined({
    ...operation,
    parameters: parameters30(operation.parameters, `${where}/parameters`),
    requestBody: requestBody30(operation.requestBody, `${where}/requestBody`),
    responses,
  });
}

/**
 * @param {JsonObject} item
 * @param {string} where
 */
function pathItem30(item, where) {
  if (item.$ref) fail(where, "a path item $ref has no rule yet");
  /** @type {JsonObject} */
  const rendered = { ...item, parameters: parameters30(item.parameters, `${where}/parameters`) };
  for (const method of HTTP_METHODS) if (item[method]) rendered[method] = operation30(item[method], `${where}/${method}`);
  return dropUndefined(rendered);
}

/**
 * Most 3.0 tools take a server URL literally (a mock registers its handlers under it, an
 * importer derives its prefix from it), so each variable is replaced by its default.
 * @param {JsonObject} server
 */
function server30(server) {
  const variables = Object.entries(server.variables ?? {});
  if (variables.length === 0) return server;
  let url = server.url;
  for (const [name, variable] of variables) url = url.replaceAll(`{${name}}`, variable.default);
  const { variables: _variables, ...rest } = server;
  const names = variables.map(([name, variable]) => `\`${name}\` (${variable.default})`).join(", ");
  const note = `In this OpenAPI 3.0 rendering the URL carries the default of each variable of the 3.1 document: ${names}.`;
  return { ...rest, url, description: rest.description ? `${rest.description} ${note}` : note };
}

/**
 * @param {JsonObject} components
 */
function components30(components) {
  if (!components) return components;
  const where = "/components";
  if (components.pathItems) fail(`${where}/pathItems`, "no 3.0 form");
  /** @type {(entries: Record<string, JsonObject> | undefined, render: (value: JsonObject, name: string) => JsonObject) => JsonObject | undefined} */
  const map = (entries, render) => entries && Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, render(value, name)]));
  return dropUndefined({
    ...components,
    schemas: map(components.schemas, (schema, name) => schema30(schema, `${where}/schemas/${name}`)),
    parameters: map(components.parameters, (parameter, name) =>
      parameter.schema ? { ...parameter, schema: schema30(parameter.schema, `${where}/parameters/${name}/schema`) } : parameter,
    ),
    responses: map(components.responses, (response, name) => response30(response, `${where}/responses/${name}`)),
    requestBodies: map(components.requestBodies, (body, name) => requestBody30(body, `${where}/requestBodies/${name}`)),
    headers: components.headers && withSchemas(components.headers, `${where}/headers`),
  });
}

/**
 * @param {JsonObject} object
 */
function dropUndefined(object) {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/**
 * A file part: 3.1 gives its media type in the Encoding Object and no type in its schema; 3.0
 * calls it a binary string (its Encoding Object stays).
 * @param {JsonObject} spec
 */
function withFileParts(spec) {
  const copy = structuredClone(spec);
  for (const { schema, property } of binaryParts(spec)) {
    let object = copy;
    for (const segment of fromPointer(schema)) object = object[segment];
    const part = object.properties[property];
    if (part.$ref || part.type !== undefined || part.format !== undefined)
      fail(`${schema}/properties/${property}`, "a file part with a type, a format or a $ref");
    object.properties[property] = { ...part, type: "string", format: "binary" };
  }
  return copy;
}

/**
 * The 3.0.3 document; the input is not changed. Key order follows the input's.
 * @param {JsonObject} spec
 */
export function toOpenApi30(spec) {
  if (!/^3\.1\./.test(spec.openapi)) fail("/openapi", `expected a 3.1 document, found ${spec.openapi}`);
  if (spec.webhooks) fail("/webhooks", "no 3.0 form");
  const { jsonSchemaDialect: _dialect, ...rest } = withFileParts(spec);
  const paths = Object.fromEntries(Object.entries(rest.paths ?? {}).map(([path, item]) => [path, pathItem30(item, `/paths/${path}`)]));
  return dropUndefined({
    ...rest,
    openapi: "3.0.3",
    info: info30(rest.info),
    servers: rest.servers?.map(server30),
    paths,
    components: components30(rest.components),
  });
}

// 3.0's Info has no `summary`, and its License no SPDX `identifier`.
/**
 * @param {JsonObject} info
 */
function info30(info) {
  const entries = Object.entries(info).filter(([key]) => key !== "summary");
  return Object.fromEntries(
    entries.map(([key, value]) => {
      if (key !== "license") return [key, value];
      const { identifier: _identifier, ...license } = value;
      return [key, license];
    }),
  );
}

/**
 * The file's text: stable, two-space JSON, as the other generated files are stable.
 * @param {import("./generated-header.mjs").RenderContext} context
 */
export function renderOpenApi30({ spec }) {
  return `${JSON.stringify(toOpenApi30(spec), null, 2)}\n`;
}
