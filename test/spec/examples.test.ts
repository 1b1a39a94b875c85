// Every named example of the spec, request or response, replayed through Ajv (JSON Schema
// 2020-12, the dialect of OpenAPI 3.1) against the schema of its media type. The same
// walk checks the two modelling rules: requests refuse unknown fields, responses accept them.
import { describe, expect, it } from "vitest";
import { memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord } from "../../scripts/lib/json-types.js";
import { SPEC_ID, createSpecAjv, examplesOf, listOperations, loadSpec, operationAt, toPointer } from "../../scripts/lib/spec.mjs";
import { recordAt } from "../support/json-reads.js";

const spec = loadSpec();
const ajv = createSpecAjv(spec);

type Case = { where: string; kind: "request" | "response"; schemaPointer: string; name: string; value: unknown };

function mediaCases(kind: Case["kind"], where: string, content: JsonRecord, segments: (string | number)[]): Case[] {
  return Object.entries(content).flatMap(([mediaType, media]) =>
    examplesOf(spec, media).map(({ name, value }) => ({
      where: `${where} ${mediaType}`,
      kind,
      schemaPointer: `${SPEC_ID}#${toPointer([...segments, mediaType, "schema"])}`,
      name,
      value,
    })),
  );
}

const cases: Case[] = listOperations(spec).flatMap((op) => {
  const operation = operationAt(spec, op);
  const base = ["paths", op.path, op.method];
  const body = operation.requestBody
    ? mediaCases("request", `${op.operationId} request`, recordAt(operation, "requestBody", "content"), [...base, "requestBody", "content"])
    : [];
  const responses = Object.entries(recordAt(operation, "responses")).flatMap(([status, raw]) => {
    // A $ref'd response is checked once, at its component, below.
    if (memberAt(raw, "$ref")) return [];
    return mediaCases("response", `${op.operationId} ${status}`, recordOf(memberAt(raw, "content")), [...base, "responses", status, "content"]);
  });
  return [...body, ...responses];
});
for (const [name, response] of Object.entries(recordAt(spec, "components", "responses"))) {
  cases.push(...mediaCases("response", `components.responses.${name}`, recordAt(response, "content"), ["components", "responses", name, "content"]));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

describe("named examples", () => {
  it("exist for every request and response of every operation", () => {
    const withExamples = new Set(cases.map((c) => c.where));
    for (const op of listOperations(spec)) {
      const operation = operationAt(spec, op);
      if (operation.requestBody) expect(withExamples, op.operationId).toContain(`${op.operationId} request ${op.requestBody!.mediaTypes[0]}`);
      expect(withExamples, op.operationId).toContain(`${op.operationId} 200 application/json`);
    }
    // The vendor samples kept verbatim are named examples too: none may be missing.
    const named = Object.keys(recordAt(spec, "components", "examples"));
    const referenced = new Set(JSON.stringify(spec).match(/#\/components\/examples\/[A-Za-z0-9]+/g)!.map((r) => r.split("/").pop()));
    expect(named.filter((n) => !referenced.has(n))).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.where} / ${c.name}`, c] as const))("%s validates against its schema", (_, c) => {
    const validate = ajv.getSchema(c.schemaPointer) ?? ajv.compile({ $ref: c.schemaPointer });
    const ok = validate(c.value);
    expect(validate.errors ?? [], JSON.stringify(c.value)).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each(cases.filter((c) => c.kind === "request" && isObject(c.value)).map((c) => [`${c.where} / ${c.name}`, c] as const))(
    "%s is refused with an undocumented field added (requests are strict)",
    (_, c) => {
      const validate = ajv.compile({ $ref: c.schemaPointer });
      expect(validate({ ...(c.value as object), undocumentedField: "x" })).toBe(false);
    },
  );

  it.each(cases.filter((c) => c.kind === "response" && isObject(c.value)).map((c) => [`${c.where} / ${c.name}`, c] as const))(
    "%s still validates with an extra field added (responses are tolerant)",
    (_, c) => {
      const validate = ajv.compile({ $ref: c.schemaPointer });
      expect(validate({ ...(c.value as object), fieldAddedLater: "x" })).toBe(true);
    },
  );
});
