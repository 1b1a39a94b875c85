// Response validators, compiled from the spec at generation time into standalone code, for the
// stateful mock (which checks every answer it builds before sending it), the validating proxy and
// the client's `validateResponses` (src/drift/answer-check.ts), which load them only when asked to
// look for drift: the client's own reading of answers stays tolerant.
import standaloneCode from "ajv/dist/standalone/index.js";
import { codeHeader } from "./generated-header.mjs";
import { memberAt, recordOf } from "./json-members.mjs";
import { SPEC_ID, createSpecAjv, deref, operationNodes, refOf, toPointer } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */

const JSON_MEDIA_TYPE = "application/json";

/**
 * Every (operation, status) whose answer has a JSON schema, with the pointer of that schema in
 * the spec. A response that is a $ref (the shared 400/401/404/500) is followed to where its
 * schema really sits, so the compiled code shares one function per shared response.
 * @param {JsonRecord} spec
 */
export function responseSchemas(spec) {
  /** @type {{ name: string, operationId: string, status: string, pointer: string }[]} */
  const found = [];
  for (const { op, operation } of operationNodes(spec)) {
    for (const [status, raw] of Object.entries(recordOf(operation.responses))) {
      if (status.startsWith("x-")) continue;
      const pointerOf = refOf(raw)?.slice(1) ?? toPointer(["paths", op.path, op.method, "responses", status]);
      if (!memberAt(deref(spec, raw), "content", JSON_MEDIA_TYPE, "schema")) continue;
      found.push({
        name: `${op.operationId}_${status}`,
        operationId: op.operationId,
        status,
        pointer: `${pointerOf}${toPointer(["content", JSON_MEDIA_TYPE, "schema"])}`,
      });
    }
  }
  return found;
}

// Standalone code refers to Ajv's runtime helpers with require(); the mock ships without Ajv, so
// each helper the response schemas use is written out here instead. Both are what Ajv itself does:
// string length in code points, and ajv-formats' full date-time check.
const UCS2LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;
const codePointLength = "((text) => { let n = 0; for (const _ of text) n++; return n; })";
const DATE_TIME = /require\("ajv-formats\/dist\/formats"\)\.fullFormats\["date-time"\]/g;
const dateTime = [
  "({ validate: (text) => {",
  "const m = /^(\\d\\d\\d\\d)-(\\d\\d)-(\\d\\d)[t\\s](\\d\\d):(\\d\\d):(\\d\\d)(?:\\.\\d+)?(z|([+-])(\\d\\d)(?::?(\\d\\d))?)$/i.exec(text);",
  "if (!m) return false;",
  "const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number);",
  "const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);",
  "const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];",
  "return month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 60;",
  "} })",
].join(" ");
export const inlineRuntimeHelpers = (/** @type {string} */ code) => code.replace(UCS2LENGTH, codePointLength).replace(DATE_TIME, dateTime);

/**
 * Standalone ESM source: one validate function per response schema, and `responseValidators` naming each by `<operationId>_<status>`.
 * @param {import("./generated-header.mjs").RenderContext} context
 */
export function renderResponseValidators({ spec }) {
  // inlineRefs off: the shared error and job schemas compile once, not once per operation.
  const ajv = createSpecAjv(spec, { code: { source: true, esm: true }, inlineRefs: false });
  // One compiled function per schema pointer: the shared error responses are referenced by
  // every operation, and each `<operationId>_<status>` export names the function of its pointer.
  // Standalone code exports each function once, so the table below maps every name to it.
  /** @type {Record<string, string>} */
  const exported = {};
  const table = [];
  /** @type {Map<string, string>} */
  const ids = new Map();
  for (const { name, pointer } of responseSchemas(spec)) {
    if (!ids.has(pointer)) {
      ids.set(pointer, name);
      ajv.addSchema({ $id: name, $ref: `${SPEC_ID}#${pointer}` });
      exported[name] = name;
    }
    table.push(`  ${name}: ${ids.get(pointer)},`);
  }
  const code = inlineRuntimeHelpers(standaloneCode.default(ajv, exported));
  if (/\brequire\(|^import /m.test(code)) {
    throw new Error("standalone response validators import a runtime helper; the mock must not depend on Ajv");
  }
  return `${codeHeader().join("\n")}\n/* eslint-disable */\n${code}\nexport const responseValidators = {\n${table.join("\n")}\n};\n`;
}

/** Declarations for the standalone module, reusing the request validators' issue type. */
export function renderResponseValidatorTypes() {
  return [
    ...codeHeader(),
    "",
    'import type { RequestValidator } from "./validators.js";',
    "",
    "/** An Ajv-style validate function for one documented answer. */",
    "export type ResponseValidator = RequestValidator;",
    "",
    "/** Every documented JSON answer's validator, by `<operationId>_<status>` (status `default` included). */",
    "export declare const responseValidators: Readonly<Record<string, ResponseValidator | undefined>>;",
    "",
  ].join("\n");
}
