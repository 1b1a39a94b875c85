// openapi/platform-3.0.json, the OpenAPI 3.0.3 rendering published for tools that read only 3.0:
// it must describe the same requests and answers as openapi/platform.yaml. Checked two ways: the
// operations match field by field (method, path, parameters, credential, body media types and
// encodings, response statuses), and every schema of a request or an answer accepts and refuses
// the same values in both documents, over the spec's own examples and a few hundred variations
// of them (a field left out, set to null, to another type, an unknown field added). The file
// being what `npm run generate` writes now is test/spec/generated.test.ts's business.
import { Ajv } from "ajv";
import ajvFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApi30Path, toOpenApi30 } from "../../scripts/lib/openapi-3.0.mjs";
import { isRecord, listOf, memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";
import { SPEC_ID, binaryParts, createSpecAjv, deref, examplesOf, listOperations, loadSpec, operationAt, pathItemAt, refOf, toPointer } from "../../scripts/lib/spec.mjs";
import { VALID_PARAMS } from "../support/sample-requests.js";

const spec31 = loadSpec();
const spec30 = recordOf(JSON.parse(readFileSync(openApi30Path(), "utf8")));
const operations = listOperations(spec31);

// Ajv for 3.0 schemas: draft-07 validation with OpenAPI 3.0's `nullable` (Ajv knows it), and the
// document's other keys declared so strict mode still catches typos.
const ID_30 = "platform-3.0.json";
function ajv30(document: JsonRecord) {
  const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true });
  ajvFormats.default(ajv);
  for (const keyword of ["openapi", "info", "servers", "paths", "components", "security", "tags", "example", "discriminator"]) ajv.addKeyword({ keyword });
  const extensions = new Set<string>();
  JSON.stringify(document, (key, value) => {
    if (key.startsWith("x-")) extensions.add(key);
    return value;
  });
  ajv.addVocabulary([...extensions]);
  ajv.addSchema(document, ID_30);
  return ajv;
}
const validators = { "3.1": createSpecAjv(spec31), "3.0": ajv30(spec30) };
const ids = { "3.1": SPEC_ID, "3.0": ID_30 };
const compiled = new Map<string, (value: unknown) => boolean>();
function accepts(version: "3.1" | "3.0", pointer: string, value: unknown): boolean {
  const key = `${version} ${pointer}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = validators[version].compile({ $ref: `${ids[version]}#${pointer}` }) as (value: unknown) => boolean;
    compiled.set(key, validate);
  }
  return validate(value);
}

/** The parameters of an operation, its path item's first, as they are written ($refs and all). */
const rawParameters = (document: JsonRecord, op: { path: string; method: string }) => [
  ...listOf(pathItemAt(document, op.path).parameters),
  ...listOf(operationAt(document, op).parameters),
];

/** What a tool reads off an operation, resolved, with its body and answers' media types. */
function shape(document: JsonRecord, op: { path: string; method: string }) {
  const raw = operationAt(document, op);
  const parameters = rawParameters(document, op)
    .map((p) => recordOf(deref(document, p)))
    .map((p) => ({ name: p.name, in: p.in, required: p.required === true }));
  const body = raw.requestBody === undefined ? undefined : recordOf(deref(document, raw.requestBody));
  return {
    operationId: raw.operationId,
    tags: raw.tags,
    security: raw.security,
    parameters,
    requestBody: body && {
      required: body.required === true,
      content: Object.fromEntries(Object.entries(recordOf(body.content)).map(([type, media]) => [type, memberAt(media, "encoding") ?? null])),
    },
    responses: Object.fromEntries(
      Object.entries(recordOf(raw.responses)).map(([status, response]) => [status, Object.keys(recordOf(memberAt(deref(document, response), "content")))]),
    ),
  };
}

// The files a multipart body carries are bytes on the wire in both documents; only 3.0 says so
// with a JSON type (a binary string), so their values are not varied below.
const fileParts = new Set(binaryParts(spec31).map((part: { operationId: string; mediaType: string; property: string }) => `${part.operationId} ${part.mediaType} /${part.property}`));

/** The member `key` of an object, or the item at index `key` of a list. */
const childAt = (node: JsonValue | undefined, key: string) => (Array.isArray(node) ? node[Number(key)] : memberAt(node, key));

/** The value with the member at `path` changed by `change`, or removed when `change` returns undefined. */
function varied(value: JsonValue, path: string[], change: (old: JsonValue | undefined) => JsonValue | undefined): JsonValue {
  const copy = structuredClone(value);
  const node = path.slice(0, -1).reduce<JsonValue | undefined>(childAt, copy);
  const last = path.at(-1)!;
  const next = change(childAt(node, last));
  if (Array.isArray(node)) {
    if (next === undefined) node.splice(Number(last), 1);
    else node[Number(last)] = next;
  } else if (isRecord(node)) {
    if (next === undefined) delete node[last];
    else node[last] = next;
  }
  return copy;
}

/** Paths of every member of a value, down to `depth`. */
function members(value: JsonValue, depth = 4, prefix: string[] = []): string[][] {
  if (depth === 0 || value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...members(child, depth - 1, [...prefix, key])]);
}

const REPLACEMENTS: Array<(old: JsonValue | undefined) => JsonValue | undefined> = [
  () => undefined,
  () => null,
  () => "",
  () => "text",
  () => 0,
  () => 1.5,
  () => -1,
  () => true,
  () => [],
  () => ({}),
];

/** The spec's examples for a schema and variations of each, skipping the members named in `fixed`. */
function corpus(examples: JsonValue[], fixed: (path: string) => boolean): JsonValue[] {
  const values: JsonValue[] = [...examples, null, "", 0, [], {}];
  for (const example of examples) {
    if (isRecord(example)) values.push({ ...example, notInTheSpec: 1 });
    for (const path of members(example)) {
      if (fixed(`/${path.join("/")}`)) continue;
      for (const change of REPLACEMENTS) values.push(varied(example, path, change));
    }
  }
  return values;
}

interface Case {
  name: string;
  pointer: string;
  values: JsonValue[];
}

/** The values of a media type's named examples (an externalValue one has none to vary). */
const mediaExamples = (document: JsonRecord, media: JsonValue | undefined) =>
  examplesOf(document, media).flatMap(({ value }) => (value === undefined ? [] : [value]));

const cases: Case[] = operations.flatMap((op) => {
  const raw = operationAt(spec31, op);
  const found: Case[] = [];
  const at = (...segments: Array<string | number>) => toPointer(["paths", op.path, op.method, ...segments]);
  for (const [type, media] of Object.entries(recordOf(memberAt(deref(spec31, raw.requestBody), "content")))) {
    const values = corpus(mediaExamples(spec31, media), (path) => fileParts.has(`${op.operationId} ${type} ${path}`));
    found.push({ name: `${op.operationId} request ${type}`, pointer: at("requestBody", "content", type, "schema"), values });
  }
  for (const [status, rawResponse] of Object.entries(recordOf(raw.responses))) {
    const ref = refOf(rawResponse);
    const pointer = ref ? `${ref.slice(1)}${toPointer(["content", "application/json", "schema"])}` : at("responses", status, "content", "application/json", "schema");
    const media = memberAt(deref(spec31, rawResponse), "content", "application/json");
    if (media) found.push({ name: `${op.operationId} answer ${status}`, pointer, values: corpus(mediaExamples(spec31, media), () => false) });
  }
  for (const rawParameter of rawParameters(spec31, op)) {
    const name = String(memberAt(deref(spec31, rawParameter), "name"));
    const ref = refOf(rawParameter);
    const pointer = `${ref ? ref.slice(1) : at("parameters", 0)}/schema`;
    const valid = VALID_PARAMS[name];
    const values = [...(valid === undefined ? [] : [valid]), "", "x", "1", "cm-1", "ds-1", "a/b", 1, null];
    found.push({ name: `${op.operationId} parameter ${name}`, pointer, values });
  }
  return found;
});

describe("the OpenAPI 3.0 rendering", () => {
  it("is OpenAPI 3.0.3, with no 3.1-only field", () => {
    expect(spec30.openapi).toBe("3.0.3");
    expect(spec30.info).not.toHaveProperty("summary");
    expect(memberAt(spec30, "info", "license")).not.toHaveProperty("identifier");
    // No 3.1 schema keyword anywhere (the discrepancy records' own `examples` lists aside).
    const found: string[] = [];
    const visit = (node: JsonValue, path: string) => {
      if (node === null || typeof node !== "object") return;
      if (isRecord(node) && (Array.isArray(node.type) || "contentMediaType" in node || Array.isArray(node.examples) || "const" in node)) found.push(path);
      for (const [key, child] of Object.entries(node)) if (key !== "x-discrepancies") visit(child, `${path}/${key}`);
    };
    visit(spec30, "");
    expect(found).toEqual([]);
    // Its one server is the 3.1 server with the variable at its default, for tools that take a URL as it is.
    expect(listOf(spec30.servers).map((server) => memberAt(server, "url"))).toEqual(["https://platform.invalid"]);
  });

  it("has the same operations, parameters, credentials, body media types and answer statuses", () => {
    expect(listOperations(spec30).map((op) => op.operationId)).toEqual(operations.map((op) => op.operationId));
    for (const op of operations) expect(shape(spec30, op), op.operationId).toEqual(shape(spec31, op));
    expect(memberAt(spec30, "components", "securitySchemes")).toEqual(memberAt(spec31, "components", "securitySchemes"));
    expect(memberAt(spec30, "components", "examples")).toEqual(memberAt(spec31, "components", "examples"));
  });

  it("accepts and refuses the same values as the 3.1 spec, for every request and answer", () => {
    const disagreements: string[] = [];
    let accepted = 0;
    let refused = 0;
    for (const { name, pointer, values } of cases) {
      for (const value of values) {
        const verdict = accepts("3.1", pointer, value);
        if (verdict !== accepts("3.0", pointer, value)) disagreements.push(`${name}: 3.1 ${verdict ? "accepts" : "refuses"} ${JSON.stringify(value).slice(0, 160)}`);
        if (verdict) accepted++;
        else refused++;
      }
    }
    expect(disagreements).toEqual([]);
    // The comparison means something only if both verdicts came up often.
    expect(Math.min(accepted, refused)).toBeGreaterThan(500);
  });
});

describe("the rendering's rules", () => {
  const minimal = (schemas: JsonRecord) => ({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {}, components: { schemas } });

  it("turns each 3.1 construct into its 3.0 form", () => {
    const rendered = recordOf(
      memberAt(
        toOpenApi30(
          minimal({
            Cursor: { type: ["string", "null"] },
            Code: { type: ["integer", "string"] },
            Setting: { type: "string", enum: ["a", ""] },
            Stamp: { type: "string", examples: ["2025-01-01T00:00:00Z"] },
          }),
        ),
        "components",
        "schemas",
      ),
    );
    expect(rendered.Cursor).toEqual({ type: "string", nullable: true });
    expect(rendered.Code).toEqual({ anyOf: [{ type: "integer" }, { type: "string" }] });
    expect(rendered.Setting).toEqual({ anyOf: [{ type: "string", enum: ["a"] }, { type: "string", maxLength: 0 }] });
    expect(rendered.Stamp).toEqual({ type: "string", example: "2025-01-01T00:00:00Z" });
  });

  it("stops at a 3.1 construct it has no rule for, naming where", () => {
    expect(() => toOpenApi30(minimal({ Fixed: { const: "a" } }))).toThrow("/components/schemas/Fixed: const has no 3.0 form here");
    expect(() => toOpenApi30(minimal({ Tuple: { type: "array", prefixItems: [{ type: "string" }] } }))).toThrow("/components/schemas/Tuple");
    expect(() => toOpenApi30(minimal({ Ref: { $ref: "#/components/schemas/Other", description: "d" } }))).toThrow("keys beside $ref");
  });

  it("stops at a document it cannot read as OpenAPI, naming where", () => {
    const serverless = { ...minimal({}), servers: [{ variables: { region: { default: "eu" } } }] };
    expect(() => toOpenApi30(serverless)).toThrow("/servers/0/url: not a string");
    expect(() => toOpenApi30({ ...minimal({}), paths: { "/things": "text" } })).toThrow("/paths//things: not a path item");
    const multipart = { schema: { type: "object", properties: {} }, encoding: { file: { contentType: "application/octet-stream" } } };
    const upload = { operationId: "upload", requestBody: { content: { "multipart/form-data": multipart } }, responses: {} };
    expect(() => toOpenApi30({ ...minimal({}), paths: { "/files": { post: upload } } })).toThrow(
      "#/paths/~1files/post/requestBody/content/multipart~1form-data/schema/properties/file: not a schema object",
    );
  });
});
