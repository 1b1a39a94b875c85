// The schema walk the generators share: which nodes it reaches, with which paths, and where it
// stops (a visitor's SKIP, a $ref already on the way down).
import { describe, expect, it } from "vitest";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";
import { ENTRY, ITEM, SKIP, subschemas, walkSchema, type Step } from "../../scripts/lib/schema-walk.mjs";

const spec = {
  components: {
    schemas: {
      Tree: { type: "object", title: "tree", properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Tree" } } } },
      Pet: { title: "pet", oneOf: [{ title: "cat", properties: { claws: { type: "boolean" } } }, { title: "dog", properties: { bark: { type: "string" } } }] },
    },
  },
};

const show = (path: readonly Step[]) => path.map((step) => (step === ITEM ? "[]" : step === ENTRY ? "{}" : step)).join("/");

function visited(schema: JsonValue | undefined, visit?: (node: JsonRecord, path: readonly Step[]) => typeof SKIP | undefined): string[] {
  const seen: string[] = [];
  walkSchema(spec, schema, (node, path) => {
    seen.push(`${show(path)}:${String(node.title ?? node.type)}`);
    return visit?.(node, path);
  });
  return seen;
}

describe("walkSchema", () => {
  it("follows $refs and enters a recursive one once on each way down", () => {
    expect(visited({ $ref: "#/components/schemas/Tree" })).toEqual([":tree", "label:string", "children:array"]);
  });

  it("visits union branches at their parent's path, then properties, items and map entries below it", () => {
    const schema = {
      type: "object",
      properties: { pet: { $ref: "#/components/schemas/Pet" }, tags: { type: "array", items: { type: "string" } } },
      additionalProperties: { type: "integer" },
    };
    expect(visited(schema)).toEqual([":object", "pet:pet", "pet:cat", "pet/claws:boolean", "pet:dog", "pet/bark:string", "tags:array", "tags/[]:string", "{}:integer"]);
  });

  it("leaves what lies below a node unvisited when the visitor says SKIP", () => {
    const schema = { type: "object", properties: { pet: { $ref: "#/components/schemas/Pet" }, name: { type: "string" } } };
    expect(visited(schema, (node) => (node.title === "pet" ? SKIP : undefined))).toEqual([":object", "pet:pet", "name:string"]);
  });

  it("ignores what is not a schema object (a boolean additionalProperties, a missing items)", () => {
    expect(visited({ type: "object", additionalProperties: true })).toEqual([":object"]);
    expect(visited(undefined)).toEqual([]);
  });
});

describe("subschemas", () => {
  it("lists the schemas directly under a node in the walk's order, each with its pointer segments and step, as written", () => {
    const items = { $ref: "#/components/schemas/Tree" };
    const node = { anyOf: [true, { type: "null" }], properties: { "a/b": { type: "string" } }, items, additionalProperties: false, patternProperties: { "^x-": {} } };
    expect(subschemas(node).map(({ keyword, segments, step, schema }) => [keyword, segments, step === undefined ? "-" : show([step]), schema])).toEqual([
      ["anyOf", ["anyOf", "0"], "-", true],
      ["anyOf", ["anyOf", "1"], "-", { type: "null" }],
      ["properties", ["properties", "a/b"], "a/b", { type: "string" }],
      ["items", ["items"], "[]", items],
      ["additionalProperties", ["additionalProperties"], "{}", false],
      ["patternProperties", ["patternProperties", "^x-"], "{}", {}],
    ]);
  });
});
