// Loading and reading openapi/platform.yaml: the one place that knows where the
// spec lives and how to walk it, shared by the pipeline scripts and the tests.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { escapeSegment, pointerOf, segmentsOf } from "../../src/kernel/json-pointer.js";
import { isRecord, listOf, memberAt, recordOf } from "./json-members.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/**
 * One x-discrepancies record, as openapi/discrepancy.schema.json defines it (Spectral holds every
 * record of the spec to that schema).
 * @typedef {{
 *   id: string, summary: string, source: "interface-document" | "public-reference", documented: string, observed: string, decision: string,
 *   examples?: string[],
 * }} DiscrepancyRecord
 */
/**
 * One operation of the spec, as listOperations gives it.
 * @typedef {{
 *   operationId: string, method: string, path: string, pointer: string, summary: string | undefined, tags: string[], deprecated: boolean,
 *   security: string[], securityRequirements: Record<string, string[]>[], requestBody: { required: boolean, mediaTypes: string[] } | null,
 * }} Operation
 */

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_SPEC = "openapi/platform.yaml";

// The $id under which createSpecAjv registers the whole document. Relative on
// purpose: it names the file, not a host.
export const SPEC_ID = "platform.yaml";

// Order of the methods inside a path item, as the OpenAPI specification lists them.
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Absolute path of the spec: PLATFORM_SPEC (relative to the cwd) or the repo's default. */
export function specPath() {
  const override = process.env.PLATFORM_SPEC;
  return override ? resolve(override) : resolve(REPO_ROOT, DEFAULT_SPEC);
}

/**
 * Parses the spec; YAML errors (duplicate keys included) abort rather than warn.
 * @returns {JsonRecord}
 */
export function loadSpec(file = specPath()) {
  const doc = parseDocument(readFileSync(file, "utf8"));
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    throw new Error(`${file}: ${problems.map((p) => p.message).join("\n")}`);
  }
  return doc.toJS();
}

// JSON Pointers are written and read by src/kernel/json-pointer.js, the package's one module for them.
export { escapeSegment };

/** RFC 6901 pointer from segments: ["paths", "/a/{b}", "get"] -> "/paths/~1a~1{b}/get". */
export const toPointer = pointerOf;

/**
 * Segments of an RFC 6901 pointer; accepts the "#/..." fragment form of $ref too.
 * @param {string} pointer
 */
export function fromPointer(pointer) {
  const body = pointer.startsWith("#") ? decodeURIComponent(pointer.slice(1)) : pointer;
  if (body === "") return [];
  if (!body.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  return segmentsOf(body);
}

/**
 * Value at a pointer, or undefined when the path does not exist.
 * @param {JsonValue} spec
 * @param {string} pointer
 * @returns {JsonValue | undefined}
 */
export function getAtPointer(spec, pointer) {
  /** @type {JsonValue | undefined} */
  let node = spec;
  for (const segment of fromPointer(pointer)) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, segment)) return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : node[segment];
  }
  return node;
}

/**
 * Follows local $refs (only "#/..." ones: the spec is a single file) until a plain object.
 * @overload
 * @param {JsonRecord} spec
 * @param {JsonValue} node a node of the spec or a reference to one
 * @returns {JsonValue}
 */
/**
 * A member that may be missing: undefined comes back as it went in.
 * @overload
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} node
 * @returns {JsonValue | undefined}
 */
/**
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} node
 * @returns {JsonValue | undefined}
 */
export function deref(spec, node) {
  const seen = new Set();
  for (let ref = refOf(node); ref !== undefined; ref = refOf(node)) {
    if (!ref.startsWith("#") || seen.has(ref)) throw new Error(`cannot resolve $ref ${ref}`);
    seen.add(ref);
    const target = getAtPointer(spec, ref);
    if (target === undefined) throw new Error(`dangling $ref ${ref}`);
    node = target;
  }
  return node;
}

/**
 * `node` with its $refs followed when that is an object, else an empty one: for a member of the
 * spec that is read field by field (a parameter, a request body, a media type), where a missing
 * one reads as empty.
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} node
 * @returns {JsonRecord}
 */
export const derefRecord = (spec, node) => recordOf(deref(spec, node));

/**
 * The $ref of a reference object, else undefined.
 * @param {JsonValue | undefined} node
 */
export const refOf = (node) => {
  const ref = memberAt(node, "$ref");
  return typeof ref === "string" ? ref : undefined;
};

/**
 * The path item at `path` ($ref followed), or an empty one.
 * @param {JsonRecord} spec
 * @param {string} path
 * @returns {JsonRecord}
 */
export const pathItemAt = (spec, path) => derefRecord(spec, memberAt(spec, "paths", path));

/**
 * The operation object of an operation listOperations gave: `operationAt(spec, op).responses`.
 * @param {JsonRecord} spec
 * @param {{ path: string, method: string }} op
 * @returns {JsonRecord}
 */
export const operationAt = (spec, op) => derefRecord(spec, pathItemAt(spec, op.path)[op.method]);

/**
 * The named examples of a media type object, each $ref followed: `examplesOf(spec, media)`.
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} media
 * @returns {{ name: string, value: JsonValue | undefined }[]} value undefined for an example given by externalValue
 */
export const examplesOf = (spec, media) =>
  Object.entries(recordOf(memberAt(media, "examples"))).map(([name, example]) => ({ name, value: memberAt(deref(spec, example), "value") }));

/**
 * The strings of a list (tags, scopes); anything else in it, or a list that is missing, is left out.
 * @param {JsonValue | undefined} value
 */
const stringsOf = (value) => listOf(value).filter((entry) => typeof entry === "string");

/**
 * A list of security requirements as the spec writes them (scheme name to scopes).
 * @param {JsonValue | undefined} value
 * @returns {Record<string, string[]>[]}
 */
const requirementsOf = (value) =>
  listOf(value)
    .filter(isRecord)
    .map((requirement) => Object.fromEntries(Object.entries(requirement).map(([scheme, scopes]) => [scheme, stringsOf(scopes)])));

/**
 * Every operation, in document order (paths as written, methods in OpenAPI order),
 * so generated tables and reports read like the spec and diff quietly.
 * `security` lists the scheme names of the effective requirements (operation, else root).
 * @param {JsonRecord} spec
 * @returns {Operation[]}
 */
export function listOperations(spec) {
  /** @type {Operation[]} */
  const operations = [];
  const ids = new Set();
  for (const path of Object.keys(recordOf(spec.paths))) {
    if (path.startsWith("x-")) continue;
    const item = pathItemAt(spec, path);
    for (const method of HTTP_METHODS) {
      if (!item[method]) continue;
      const operation = recordOf(item[method]);
      const pointer = toPointer(["paths", path, method]);
      const { operationId } = operation;
      // Every generated artefact is keyed by operationId, so a missing or repeated one is fatal.
      if (typeof operationId !== "string" || operationId === "") {
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      }
      if (ids.has(operationId)) throw new Error(`duplicate operationId ${operationId}`);
      ids.add(operationId);
      const requirements = requirementsOf(operation.security ?? spec.security);
      const body = operation.requestBody ? derefRecord(spec, operation.requestBody) : undefined;
      operations.push({
        operationId,
        method,
        path,
        pointer,
        summary: typeof operation.summary === "string" ? operation.summary : undefined,
        tags: stringsOf(operation.tags),
        deprecated: operation.deprecated === true,
        security: [...new Set(requirements.flatMap((r) => Object.keys(r)))],
        securityRequirements: requirements,
        requestBody: body ? { required: body.required === true, mediaTypes: Object.keys(recordOf(body.content)) } : null,
      });
    }
  }
  return operations;
}

/**
 * listOperations' operations with the objects they are read from, $refs followed: `item` the path
 * item, `operation` the operation object, `parameters` the path item's then the operation's, and
 * `body` the request body (null when there is none).
 * @param {JsonRecord} spec
 * @returns {{ op: Operation, item: JsonRecord, operation: JsonRecord, parameters: JsonRecord[], body: JsonRecord | null }[]}
 */
export function operationNodes(spec) {
  return listOperations(spec).map((op) => {
    const item = pathItemAt(spec, op.path);
    const operation = operationAt(spec, op);
    const parameters = [...listOf(item.parameters), ...listOf(operation.parameters)].map((raw) => derefRecord(spec, raw));
    const body = operation.requestBody ? derefRecord(spec, operation.requestBody) : null;
    return { op, item, operation, parameters, body };
  });
}

// A part's media type says it carries bytes unless it is text or JSON.
const TEXT_PART = /^\s*(text\/|application\/([\w.-]+\+)?json\b)/i;

/**
 * The parts of multipart request bodies that carry bytes (files, chunks), one entry per
 * operation, media type and part. OpenAPI 3.1 describes such a part with its media type in the
 * Encoding Object and no type in its schema (a schema of `type: string` has generators and
 * validators treat the bytes as text). `schema` is the "#/..." pointer of the object schema that
 * declares the part, once $refs are followed.
 * @param {JsonRecord} spec
 */
export function binaryParts(spec) {
  const found = [];
  for (const { op, body } of operationNodes(spec)) {
    for (const [mediaType, media] of Object.entries(recordOf(body?.content))) {
      if (!mediaType.startsWith("multipart/")) continue;
      const schema = refOf(memberAt(media, "schema")) ?? `#${toPointer(["paths", op.path, op.method, "requestBody", "content", mediaType, "schema"])}`;
      for (const [property, encoding] of Object.entries(recordOf(memberAt(media, "encoding")))) {
        const types = String(memberAt(encoding, "contentType") ?? "").split(",");
        if (types.every((type) => type.trim() === "" || TEXT_PART.test(type))) continue;
        found.push({ operationId: op.operationId, mediaType, schema, property });
      }
    }
  }
  return found;
}

/** @type {import("ajv").ValidateFunction | undefined} */
let discrepancyCheck;

/**
 * What makes `record` something other than a DiscrepancyRecord, as the record schema of
 * openapi/discrepancy.schema.json says (its `items`, compiled once): the schema Spectral holds the
 * spec to, so the two cannot disagree.
 * @param {JsonValue} record
 * @returns {string | undefined} undefined when it is one
 */
export function discrepancyProblem(record) {
  discrepancyCheck ??= new Ajv2020().compile(JSON.parse(readFileSync(resolve(REPO_ROOT, "openapi/discrepancy.schema.json"), "utf8")).items);
  if (discrepancyCheck(record)) return undefined;
  const [error] = discrepancyCheck.errors ?? [];
  if (!error) return "does not match openapi/discrepancy.schema.json";
  const member = error.instancePath.slice(1).replaceAll("/", ".");
  const allowed = error.keyword === "enum" ? `: ${error.params.allowedValues.join(", ")}` : "";
  return `${member ? `${member} ` : ""}${error.message}${allowed}`;
}

/**
 * @param {JsonValue} record
 * @returns {record is JsonRecord & DiscrepancyRecord}
 */
export const isDiscrepancyRecord = (record) => discrepancyProblem(record) === undefined;

/**
 * Every x-discrepancies record with the pointer of the object that carries it,
 * depth-first in document order. The walk is blind to OpenAPI structure so a new
 * place for the extension needs no change here.
 * @param {JsonValue} spec
 */
export function collectDiscrepancies(spec) {
  /** @type {{ pointer: string, record: DiscrepancyRecord }[]} */
  const found = [];
  /** @type {(node: JsonValue | undefined, segments: (string | number)[]) => void} */
  const visit = (node, segments) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) visit(child, [...segments, i]);
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-discrepancies") {
        const pointer = toPointer(segments);
        if (!Array.isArray(value)) throw new Error(`x-discrepancies at "${pointer}" is not a list`);
        for (const [i, record] of value.entries()) {
          if (!isDiscrepancyRecord(record)) throw new Error(`x-discrepancies at "${pointer}", record ${i}: ${discrepancyProblem(record)}`);
          found.push({ pointer, record });
        }
      } else {
        visit(value, [...segments, key]);
      }
    }
  };
  visit(spec, []);
  return found;
}

// Keywords OpenAPI 3.1 adds to JSON Schema, by the JSON type of their value. They
// carry no validation, so Ajv only has to accept them (and check that type);
// declaring them keeps strict mode on for real typos.
/** @type {Record<string, import("ajv").JSONType | import("ajv").JSONType[]>} */
const OPENAPI_SCHEMA_KEYWORDS = { discriminator: "object", example: [], xml: "object", externalDocs: "object" };

// Resolving a ref into the document makes Ajv compile the document root as a schema,
// so the root's own OpenAPI fields have to be known keywords too.
/** @type {Record<string, import("ajv").JSONType | import("ajv").JSONType[]>} */
const OPENAPI_DOCUMENT_FIELDS = {
  openapi: "string",
  info: "object",
  jsonSchemaDialect: "string",
  servers: "array",
  paths: "object",
  webhooks: "object",
  components: "object",
  security: "array",
  tags: "array",
};

/** @param {JsonValue} spec */
function extensionKeys(spec) {
  const keys = new Set();
  /** @param {JsonValue | undefined} node */
  const visit = (node) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) keys.add(key);
      visit(value);
    }
  };
  visit(spec);
  return [...keys].sort();
}

/**
 * Ajv (JSON Schema 2020-12, like OpenAPI 3.1) with the whole spec registered under
 * SPEC_ID, so any schema in it compiles by pointer:
 *   ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/JobRecord` })
 * `options` pass through to Ajv (e.g. code: { source: true, esm: true } for standalone).
 * @param {JsonRecord} spec
 * @param {import("ajv").Options} [options]
 */
export function createSpecAjv(spec, options = {}) {
  // Two relaxations, both for idioms OpenAPI 3.1 relies on: `type: [string, "null"]` is
  // how 3.1 says nullable (allowUnionTypes), and `anyOf: [{ required: [a] }, { required: [b] }]`
  // is how the spec accepts either spelling of a key, with branches naming keys they do
  // not define themselves (strictRequired).
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    ...options,
  });
  addFormats.default(ajv); // includes OpenAPI's int32/int64/float/double/byte/binary/password
  // Extensions are declared by name from the spec itself: Ajv has no wildcard keyword.
  const known = { ...OPENAPI_SCHEMA_KEYWORDS, ...OPENAPI_DOCUMENT_FIELDS };
  // With Ajv's own discriminator support on, `discriminator` is a real keyword already.
  if (options.discriminator) delete known.discriminator;
  for (const [keyword, schemaType] of Object.entries(known)) ajv.addKeyword({ keyword, schemaType });
  ajv.addVocabulary(extensionKeys(spec));
  ajv.addSchema(spec, SPEC_ID);
  return ajv;
}
