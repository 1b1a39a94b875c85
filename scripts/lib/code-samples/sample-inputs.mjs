// What an operation's code samples send, taken from the spec: each path parameter's example,
// each required query parameter's example (else the first value of its enum), and the body of the
// operation's first named request example (the spec puts the documented form first). File parts
// of a multipart body become a local file name, since a sample uploads a file from disk.
import { isRecord, listOf, memberAt, recordOf } from "../json-members.mjs";
import { binaryParts, derefRecord, operationNodes } from "../spec.mjs";

/** @typedef {import("../json-types.ts").JsonValue} JsonValue */
/** @typedef {import("../json-types.ts").JsonRecord} JsonRecord */

/**
 * The local file each upload's samples send. Not in the spec (its multipart examples describe
 * the bytes in words); picked to match what the file part holds.
 * @type {Record<string, string>}
 */
const SAMPLE_FILES = {
  uploadImportChunk: "model.tar",
  uploadAttachment: "invoice.pdf",
  uploadFile: "tool-data.json",
};
/** The model file of the import session's three steps, which the client and command do as one. */
export const IMPORT_SOURCE = "model.tar";

/**
 * How a sample makes a stand-in for the local file it sends, in TypeScript (the bytes given to
 * writeFile) and in the shell, so that it runs as written in an empty folder; each says it
 * stands for the reader's own file.
 */
export const STAND_INS = {
  "model.tar": { what: "your model file", ts: "new Uint8Array(3 * 1024 * 1024)", shell: "head -c 3145728 /dev/zero > model.tar" },
  "invoice.pdf": { what: "your file", ts: '"%PDF-1.7\\n"', shell: "printf '%%PDF-1.7\\n' > invoice.pdf" },
  "tool-data.json": { what: "your tool's data", ts: 'JSON.stringify({ name: "order-lookup" })', shell: `echo '{"name":"order-lookup"}' > tool-data.json` },
};

/**
 * The local file a surface's sample of `inputs` reads: the import's model file for the client's
 * and the command's import (all three steps), the file part's for curl's upload.
 * @param {SampleInputs} inputs
 * @param {"client" | "command" | "curl"} surface
 */
export function localFileOf(inputs, surface) {
  const importStep = ["startImportSession", "uploadImportChunk", "completeImportSession"].includes(inputs.operationId);
  if (importStep && surface !== "curl") return IMPORT_SOURCE;
  const [part] = inputs.fileParts;
  if (part === undefined || inputs.body === undefined) return undefined;
  return inputs.body[part];
}

/**
 * @typedef {object} SampleInputs
 * @property {import("../../../src/generated/operations.js").OperationId} operationId
 * @property {string} method lower case
 * @property {string} path the path template
 * @property {Record<string, string>} params path parameters by name
 * @property {Record<string, unknown>} query required query parameters by name
 * @property {Record<string, unknown> | undefined} body the first request example's value, file parts as file names
 * @property {string | undefined} mediaType the media type of that example
 * @property {string[]} fileParts the body's file parts
 * @property {"apiKey" | "jwtAuth"} security
 */

/**
 * @param {JsonRecord} spec
 * @param {JsonValue | undefined} media
 */
function firstExample(spec, media) {
  const [entry] = Object.values(recordOf(memberAt(media, "examples")));
  if (entry !== undefined) return derefRecord(spec, entry).value;
  return memberAt(media, "example");
}

/**
 * @param {JsonRecord} spec
 * @param {JsonRecord} parameter
 * @param {string} where
 */
function parameterValue(spec, parameter, where) {
  const schema = derefRecord(spec, parameter.schema);
  const value =
    parameter.example ?? Object.values(recordOf(parameter.examples)).map((e) => derefRecord(spec, e).value)[0] ?? schema.example ?? listOf(schema.enum)[0];
  if (value === undefined) throw new Error(`code samples: ${where} parameter ${parameter.name} has no example and no enum`);
  return value;
}

/**
 * The inputs of every operation of the spec, in document order.
 * @returns {SampleInputs[]}
 * @param {JsonRecord} spec
 */
export function sampleInputs(spec) {
  /** @type {Map<string, string[]>} */
  const files = new Map();
  for (const part of binaryParts(spec)) files.set(part.operationId, [...(files.get(part.operationId) ?? []), part.property]);
  return operationNodes(spec).map(({ op, parameters, body: requestBody }) => {
    const where = `${op.operationId}:`;
    /** @type {Record<string, string>} */
    const pathParams = {};
    /** @type {Record<string, unknown>} */
    const query = {};
    for (const parameter of parameters) {
      const name = String(parameter.name);
      if (parameter.in === "path") pathParams[name] = String(parameterValue(spec, parameter, where));
      else if (parameter.in === "query" && parameter.required) query[name] = parameterValue(spec, parameter, where);
    }
    const [mediaType, media] = Object.entries(recordOf(requestBody?.content))[0] ?? [];
    const example = media ? firstExample(spec, media) : undefined;
    if (example !== undefined && !isRecord(example)) throw new Error(`code samples: ${op.operationId}'s first request example is not an object`);
    let body = example;
    const fileParts = files.get(op.operationId) ?? [];
    if (body !== undefined && fileParts.length > 0) {
      const file = SAMPLE_FILES[op.operationId];
      if (file === undefined) throw new Error(`code samples: ${op.operationId} uploads a file; name the local file its samples send in SAMPLE_FILES`);
      body = { ...body, ...Object.fromEntries(fileParts.map((part) => [part, file])) };
    }
    if (op.requestBody?.required && body === undefined)
      throw new Error(`code samples: ${op.operationId} needs a body and its request body has no named example`);
    // src/generated/operations.ts lists the ids and the security schemes of this same spec.
    const operationId = /** @type {import("../../../src/generated/operations.js").OperationId} */ (op.operationId);
    const security = /** @type {SampleInputs["security"]} */ (op.security[0]);
    return { operationId, method: op.method, path: op.path, params: pathParams, query, body, mediaType, fileParts, security };
  });
}
