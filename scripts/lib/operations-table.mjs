// src/generated/operations.ts: per operation, what the generated types leave out and the client
// needs: its method and path, the credential header it takes, how its body is encoded and whether
// a retry is safe.
import { codeHeader } from "./generated-header.mjs";
import { memberAt } from "./json-members.mjs";
import { listOperations } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("./spec.mjs").Operation} Operation */

// The credential header of each operation. The generated types leave security out,
// and the client's auth wrapper needs it per operation, so the spec's rules are
// enforced here: one requirement, one scheme, an apiKey in a header.
/**
 * @param {JsonRecord} spec
 * @param {Operation} operation
 */
function credentialOf(spec, operation) {
  const where = `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path})`;
  const requirements = operation.securityRequirements;
  if (requirements.length !== 1) {
    throw new Error(`${where}: expected exactly one security requirement, found ${requirements.length}`);
  }
  const names = Object.keys(/** @type {Record<string, string[]>} */ (requirements[0]));
  if (names.length !== 1) {
    throw new Error(`${where}: expected one scheme in its security requirement, found ${names.length}`);
  }
  const name = String(names[0]);
  const scheme = memberAt(spec, "components", "securitySchemes", name);
  const header = memberAt(scheme, "name");
  if (memberAt(scheme, "type") !== "apiKey" || memberAt(scheme, "in") !== "header" || typeof header !== "string") {
    throw new Error(`${where}: security scheme ${name} is not a header apiKey scheme`);
  }
  return { security: name, header };
}

// The request body's media types in spec order (the first is what the client sends unless told
// otherwise) and whether the operation needs one; null for an operation without a body.
/**
 * @param {Operation} operation
 */
function requestBodyOf(operation) {
  if (!operation.requestBody) return null;
  const { required, mediaTypes } = operation.requestBody;
  if (mediaTypes.length === 0) throw new Error(`${operation.operationId}: request body has no media type`);
  return { required, mediaTypes };
}

// x-retry-safe is the spec's word on which operations the client may repeat (EXTENSIONS.md).
/**
 * @param {JsonRecord} spec
 * @param {Operation} operation
 */
function retrySafe(spec, operation) {
  const flag = memberAt(spec, "paths", operation.path, operation.method, "x-retry-safe");
  if (flag !== undefined && flag !== true) throw new Error(`${operation.operationId}: x-retry-safe must be true when present`);
  return flag === true;
}

const literal = (/** @type {string | boolean} */ value) => JSON.stringify(value);
const renderBody = (/** @type {ReturnType<typeof requestBodyOf>} */ body) => (body ? `{ required: ${body.required}, mediaTypes: [${body.mediaTypes.map(literal).join(", ")}] }` : "null");
const key = (/** @type {string} */ name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderOperations({ spec }) {
  const entries = listOperations(spec).map((operation) => {
    const { security, header } = credentialOf(spec, operation);
    return [
      `  ${key(operation.operationId)}: {`,
      `    method: ${literal(operation.method)},`,
      `    path: ${literal(operation.path)},`,
      `    security: ${literal(security)},`,
      `    header: ${literal(header)},`,
      `    requestBody: ${renderBody(requestBodyOf(operation))},`,
      `    retrySafe: ${literal(retrySafe(spec, operation))},`,
      "  },",
    ].join("\n");
  });
  return [
    ...codeHeader(),
    "",
    "// Per-operation facts the generated types leave out: which credential header to",
    "// send, how to encode the body and whether a retry is safe. Keyed by operationId, in spec order.",
    "export const operations = {",
    ...entries,
    "} as const;",
    "",
    "export type Operations = typeof operations;",
    "export type OperationId = keyof Operations;",
    "export type OperationInfo = Operations[OperationId];",
    'export type HttpMethod = OperationInfo["method"];',
    'export type OperationPath = OperationInfo["path"];',
    'export type SecuritySchemeName = OperationInfo["security"];',
    'export type CredentialHeader = OperationInfo["header"];',
    'export type RequestMediaType = NonNullable<OperationInfo["requestBody"]>["mediaTypes"][number];',
    "",
  ].join("\n");
}
