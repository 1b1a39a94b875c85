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
// The date-time check runs on every timestamp of every answer `validateResponses` checks, so it
// is built for that: one pattern made once, no capture groups, and the fields read as digits at
// the fixed places the pattern puts them (a capture array and Number() per field cost most of a
// small answer's check).
const dateTime = [
  "(() => {",
  "const pattern = /^\\d\\d\\d\\d-\\d\\d-\\d\\d[tT\\s]\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?:[zZ]|[+-]\\d\\d(?::?\\d\\d)?)$/;",
  "const two = (text, at) => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;",
  "return { validate: (text) => {",
  "if (!pattern.test(text)) return false;",
  "const year = two(text, 0) * 100 + two(text, 2), month = two(text, 5), day = two(text, 8);",
  "const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);",
  "const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;",
  "return month >= 1 && month <= 12 && day >= 1 && day <= days && two(text, 11) <= 23 && two(text, 14) <= 59 && two(text, 17) <= 60;",
  "} };",
  "})()",
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
