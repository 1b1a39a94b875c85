// From a validator's complaints to departures: each kind, pointers with `*` for array items, the
// branches of anyOf and oneOf folded, a type that hides its enum, and never a value, whatever the
// value is. The complaints come from real validators: the generated ones, and Ajv on small schemas
// for the shapes the spec's answers do not have (a forbidden property, anyOf over references).
import { describe, expect, it } from "vitest";
import { createReportAjv } from "../../scripts/lib/drift-outputs.mjs";
import { checkAnswer } from "../../src/drift/answer-check.js";
import { departuresOf, UNSEEN, type SchemaIssue } from "../../src/drift/departures.js";
import { departuresFromPrism } from "../../src/drift/prism-violations.js";

const SECRET = "sk-departure-secret-41c9";

const ajv = createReportAjv();
function departuresAgainst(schema: object, value: unknown) {
  const validate = ajv.compile(schema);
  expect(validate(value)).toBe(false);
  return departuresOf(validate.errors as SchemaIssue[], value);
}

describe("departures of an answer (generated response validators)", () => {
  it("name the pointer, kind, expectation and JSON type of each departing value", () => {
    const checked = checkAnswer(
      "getConnection",
      200,
      JSON.stringify({ connectionId: 7, connectionName: "n", provider: SECRET, status: "ACTIVE", createdOn: SECRET, fields: { API_KEY: [SECRET] } }),
    );
    expect(checked?.documented).toBe("200");
    expect(checked?.departures).toEqual([
      { pointer: "/connectionId", kind: "type", keyword: "type", expected: "string", received: ["integer"] },
      { pointer: "/createdOn", kind: "format", keyword: "format", expected: "format date-time", received: ["string"] },
      { pointer: "/fields/API_KEY", kind: "type", keyword: "type", expected: "string", received: ["array"] },
      { pointer: "/modifiedOn", kind: "required", keyword: "required", expected: "present", received: ["absent"] },
      { pointer: "/provider", kind: "enum", keyword: "enum", expected: "one of API, PROVIDER_ONE, PROVIDER_TWO, PROVIDER_THREE", received: ["string"] },
    ]);
    expect(JSON.stringify(checked)).not.toContain(SECRET);
  });

  it("write array items as * and count a departure once per message, with every type seen", () => {
    const chunk = (chunkId: unknown) => ({ chunkId });
    const checked = checkAnswer("listChunks", 200, JSON.stringify({ count: 3, nextCursor: null, hasMore: false, chunks: [chunk(1), chunk(true), chunk("chk-1")] }));
    expect(checked?.departures).toEqual([{ pointer: "/chunks/*/chunkId", kind: "type", keyword: "type", expected: "string", received: ["boolean", "integer"] }]);
  });

  it("hold a timestamp to RFC 3339's date-time: real calendar days, hours, minutes and a leap second, a zone required", () => {
    const base = { connectionId: "cn-1", connectionName: "n", provider: "API", status: "ACTIVE", modifiedOn: "2025-01-01T00:00:00Z" };
    const createdOn = (value: string) => checkAnswer("getConnection", 200, JSON.stringify({ ...base, createdOn: value }))?.departures.map((d) => d.pointer);
    const valid = [
      "2025-01-01T00:00:00Z",
      "2025-12-31t23:59:60.123456z",
      "2025-06-30 12:00:00+05:30",
      "2025-04-30T00:00:00-0530",
      "2025-09-30T00:00:00+05",
      "2024-02-29T00:00:00Z",
      "2000-02-29T00:00:00Z",
      "2025-08-31T00:00:00Z",
    ];
    const invalid = [
      "2025-02-29T00:00:00Z",
      "1900-02-29T00:00:00Z",
      "2025-04-31T00:00:00Z",
      "2025-06-31T00:00:00Z",
      "2025-09-31T00:00:00Z",
      "2025-11-31T00:00:00Z",
      "2025-13-01T00:00:00Z",
      "2025-00-10T00:00:00Z",
      "2025-01-00T00:00:00Z",
      "2025-01-32T00:00:00Z",
      "2025-01-01T24:00:00Z",
      "2025-01-01T00:60:00Z",
      "2025-01-01T00:00:61Z",
      "2025-01-01T00:00:00",
      "2025-01-01T00:00:00.Z",
      "2025-01-01X00:00:00Z",
      "2025-1-01T00:00:00Z",
      "2025-01-01T00:00:00Z ",
      "2025-01-01T00:00:00+5",
    ];
    for (const value of valid) expect(createdOn(value), value).toEqual([]);
    for (const value of invalid) expect(createdOn(value), value).toEqual(["/createdOn"]);
  });

  it("report a value of the wrong type once, not also as outside its enum", () => {
    const checked = checkAnswer("deployModel", 200, JSON.stringify({ dockStatusId: "ds-1", jobType: "MODELS", action: "DEPLOY", status: 5 }));
    expect(checked?.departures).toEqual([{ pointer: "/status", kind: "type", keyword: "type", expected: "string", received: ["integer"] }]);
  });

  it("fold the spellings of a required id into one missing property", () => {
    const checked = checkAnswer("deployModel", 200, JSON.stringify({ jobType: "MODELS", action: "DEPLOY", status: "SUCCESS" }));
    expect(checked?.departures).toEqual([
      { pointer: "/dockStatusId", kind: "required", keyword: "required", expected: "one of the properties dockStatusId, dock-statusId", received: ["absent"], alternatives: ["dockStatusId", "dock-statusId"] },
    ]);
  });

  it("fold an anyOf of types into one type departure", () => {
    const checked = checkAnswer("listChunks", 200, JSON.stringify({ count: 1, nextCursor: null, hasMore: false, chunks: [{ chunkId: "chk-1", pageNumber: false }] }));
    expect(checked?.departures).toEqual([{ pointer: "/chunks/*/pageNumber", kind: "type", keyword: "type", expected: "integer or string", received: ["boolean"] }]);
  });

  it("make an answer that fits none of the alternatives a no-match, with what is wrong deeper in it", () => {
    // completeImportSession answers a job record or an uploaded-file record (anyOf of references).
    const checked = checkAnswer("completeImportSession", 200, JSON.stringify({ dockStatusId: "ds-1", jobType: "MODELS", action: "IMPORT", status: 5 }));
    expect(checked?.departures).toEqual([
      { pointer: "", kind: "no-match", keyword: "anyOf", expected: "one of the schema's anyOf alternatives", received: ["object"] },
      { pointer: "/status", kind: "type", keyword: "type", expected: "string", received: ["integer"] },
    ]);
  });

  it("check an error answer against its status's schema, or the operation's default", () => {
    expect(checkAnswer("getConnection", 404, JSON.stringify({ errors: "gone" }))).toEqual({
      documented: "404",
      departures: [expect.objectContaining({ pointer: "/errors", kind: "type" })],
    });
    expect(checkAnswer("getConnection", 503, JSON.stringify({ errors: "busy" }))?.documented).toBe("default");
    expect(checkAnswer("getConnection", 503, JSON.stringify({ errors: [{ msg: "busy", code: 503 }] }))).toEqual({ documented: "default", departures: [] });
  });

  it("call an empty or non-JSON body not-json, and leave a bodiless status unchecked", () => {
    expect(checkAnswer("getDockStatus", 200, "")?.departures).toEqual([{ pointer: "", kind: "not-json", keyword: "body", expected: "a JSON body", received: ["empty"] }]);
    expect(checkAnswer("getDockStatus", 200, " \r\n\t")?.departures).toEqual([
      { pointer: "", kind: "not-json", keyword: "body", expected: "a JSON body", received: ["empty"] },
    ]);
    expect(checkAnswer("getDockStatus", 200, `<p>${SECRET}</p>`)?.departures).toEqual([
      { pointer: "", kind: "not-json", keyword: "body", expected: "a JSON body", received: ["text"] },
    ]);
    expect(checkAnswer("getDockStatus", 204, null)).toBeUndefined();
    expect(checkAnswer("noSuchOperation", 200, "{}")).toBeUndefined();
    // Asked again, each answer is checked against the same schema as the first time.
    expect(checkAnswer("getConnection", 503, "")?.documented).toBe("default");
    expect(checkAnswer("getConnection", 404, "")?.documented).toBe("404");
    expect(checkAnswer("noSuchOperation", 200, "{}")).toBeUndefined();
  });
});

describe("departures of shapes the spec's answers do not have (Ajv on small schemas)", () => {
  it("forbidden: a property the schema does not allow, named, with its type", () => {
    const schema = { type: "object", additionalProperties: false, properties: { a: { type: "string" } } };
    expect(departuresAgainst(schema, { a: "x", [SECRET.slice(0, 6)]: { deep: SECRET } })).toEqual([
      { pointer: "/sk-dep", kind: "forbidden", keyword: "additionalProperties", expected: "absent", received: ["object"] },
    ]);
  });

  it("forbidden: a false schema and a not", () => {
    expect(departuresAgainst({ type: "object", properties: { gone: false } }, { gone: SECRET })).toEqual([
      { pointer: "/gone", kind: "forbidden", keyword: "false schema", expected: "absent", received: ["string"] },
    ]);
    expect(departuresAgainst({ not: { type: "null" } }, null)).toEqual([expect.objectContaining({ pointer: "", kind: "forbidden", keyword: "not", received: ["null"] })]);
  });

  it("constraint: the rule in the schema's words, never the value", () => {
    const schema = { type: "object", properties: { id: { type: "string", pattern: "^ds-" }, n: { type: "integer", maximum: 3 }, list: { type: "array", minItems: 2 } } };
    expect(departuresAgainst(schema, { id: SECRET, n: 9, list: [SECRET] })).toEqual([
      { pointer: "/id", kind: "constraint", keyword: "pattern", expected: "pattern ^ds-", received: ["string"] },
      { pointer: "/list", kind: "constraint", keyword: "minItems", expected: "minItems 2", received: ["array"] },
      { pointer: "/n", kind: "constraint", keyword: "maximum", expected: "<= 3", received: ["integer"] },
    ]);
  });

  it("enum and const list the schema's values, a long list cut", () => {
    const many = Array.from({ length: 20 }, (_, i) => `V${i}`);
    expect(departuresAgainst({ enum: many }, SECRET)[0]!.expected).toBe("one of V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, … (20 in all)");
    expect(departuresAgainst({ const: "IMPORT" }, SECRET)).toEqual([{ pointer: "", kind: "enum", keyword: "const", expected: "one of IMPORT", received: ["string"] }]);
  });

  it("oneOf that several branches match is a no-match saying so", () => {
    const departures = departuresAgainst({ oneOf: [{ type: "string" }, { type: "string", minLength: 1 }] }, "x");
    expect(departures).toEqual([{ pointer: "", kind: "no-match", keyword: "oneOf", expected: "exactly one of the schema's oneOf alternatives (several match)", received: ["string"] }]);
  });

  it("keeps names from the message, but never longer than 64 characters, and escapes them as a pointer", () => {
    const long = "k".repeat(100);
    const departures = departuresAgainst({ type: "object", additionalProperties: { type: "string" } }, { [long]: 1, "a/b~c": 2 });
    expect(departures.map((d) => d.pointer)).toEqual(["/a~1b~0c", `/${"k".repeat(63)}…`]);
  });

  it("without the message (UNSEEN), says the type is unknown and takes digits for an index", () => {
    const issues: SchemaIssue[] = [{ instancePath: "/items/3/name", schemaPath: "#/enum", keyword: "enum", params: { allowedValues: ["A"] } }];
    expect(departuresOf(issues, UNSEEN)).toEqual([{ pointer: "/items/*/name", kind: "enum", keyword: "enum", expected: "one of A", received: ["unknown"] }]);
  });
});

describe("Prism's violation lists as departures", () => {
  it("read the part, pointer, keyword and what Ajv's messages give back; leave responses out", () => {
    const departures = departuresFromPrism([
      { location: ["body", "name"], code: "enum", message: "Request body property name must be equal to one of the allowed values: Toxicity, Bias detection" },
      { location: ["body"], code: "required", message: "Request body must have required property 'name'" },
      { location: ["query", "limit"], code: "type", message: "Request query parameter limit must be integer" },
      { location: ["body"], code: "additionalProperties", message: "Request body must NOT have additional properties" },
      { location: ["body", "items", "0", "at"], code: "format", message: 'Request body property at must match format "date-time"' },
      { location: ["response", "body", "status"], code: "type", message: "Response body property status must be string" },
    ]);
    expect(departures).toEqual([
      {
        location: "body",
        departures: [
          { pointer: "", kind: "forbidden", keyword: "additionalProperties", expected: "no properties beyond the schema's", received: ["unknown"] },
          { pointer: "/items/*/at", kind: "format", keyword: "format", expected: "format date-time", received: ["unknown"] },
          { pointer: "/name", kind: "enum", keyword: "enum", expected: "one of Toxicity, Bias detection", received: ["unknown"] },
          { pointer: "/name", kind: "required", keyword: "required", expected: "present", received: ["absent"] },
        ],
      },
      { location: "query", departures: [{ pointer: "/limit", kind: "type", keyword: "type", expected: "integer", received: ["unknown"] }] },
    ]);
  });
});
