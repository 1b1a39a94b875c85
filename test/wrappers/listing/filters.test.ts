// The filter builder against the spec itself: what it builds must pass the spec's own
// ListChunksRequest schema, and what the runtime check refuses must be what that schema
// refuses, each refusal naming the node at fault.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memberAt } from "../../../scripts/lib/json-members.mjs";
import { SPEC_ID, createSpecAjv, loadSpec } from "../../../scripts/lib/spec.mjs";
import {
  CHUNK_FILTER_KEYS,
  MAX_FILTER_DEPTH,
  and,
  eq,
  filterTreeIssues,
  or,
  toFilterTree,
  validateFilterTree,
  type ChunkFilterGroup,
  type ChunkFilterKey,
  type ChunkFilterNode,
} from "../../../src/wrappers/listing/filters.js";
import { exampleRecord } from "../../support/spec-members.js";
import { issuesOf, pairsOf, validationErrorOf } from "../../support/validation-issues.js";

const spec = loadSpec();
const ajv = createSpecAjv(spec);
const validateRequest = ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/ListChunksRequest` });
const specAccepts = (filters: unknown) => validateRequest({ filters, enableFilters: true }) === true;

const leaf = (key: string, value: unknown = "x") => ({ key, op: "equals", value });
const nest = (levels: number, inner: unknown): unknown => {
  let node = inner;
  for (let i = 0; i < levels; i++) node = { operand: "and", conditions: [node] };
  return node;
};

describe("builder", () => {
  const documentExample = {
    operand: "and",
    conditions: [
      {
        operand: "or",
        conditions: [
          { key: "sourceName", op: "equals", value: "handbook.pdf" },
          { key: "sourceName", op: "equals", value: "faq.pdf" },
        ],
      },
      {
        operand: "or",
        conditions: [
          { key: "recordTitle", op: "equals", value: "Travel policy" },
          { key: "recordTitle", op: "equals", value: "Expense policy" },
        ],
      },
    ],
  };

  const built = toFilterTree(
    and(
      or(eq("sourceName", "handbook.pdf"), eq("sourceName", "faq.pdf")),
      or(eq("recordTitle", "Travel policy"), eq("recordTitle", "Expense policy")),
    ),
  );

  it("builds the document's example: `and` over two `or` groups", () => {
    expect(built).toStrictEqual(documentExample);
  });

  it("builds the spec's own ListChunksFiltered example, which the spec accepts", () => {
    expect(built).toStrictEqual(exampleRecord(spec, "ListChunksFiltered").filters);
    expect(specAccepts(built)).toBe(true);
  });

  it("offers exactly the spec's filter keys", () => {
    const enumInSpec = memberAt(spec, "components", "schemas", "ChunkFilterLeaf", "properties", "key", "enum");
    expect([...CHUNK_FILTER_KEYS]).toStrictEqual(enumInSpec);
  });

  it("wraps a lone condition in `and`, since the top of `filters` must be a group", () => {
    expect(toFilterTree(eq("docId", "fc-1"))).toStrictEqual({
      operand: "and",
      conditions: [{ key: "docId", op: "equals", value: "fc-1" }],
    });
  });

  it("returns a copy, so changing the input afterwards cannot reach the request", () => {
    const group = and(eq("sourceName", "a.pdf"));
    const tree = toFilterTree(group);
    (group.conditions[0] as { value: string }).value = "changed";
    group.conditions.push({ operand: "or" } as never);
    expect(tree).toStrictEqual({ operand: "and", conditions: [{ key: "sourceName", op: "equals", value: "a.pdf" }] });
  });

  it("accepts an empty string as a value, as the spec does", () => {
    expect(specAccepts(toFilterTree(eq("chunkTitle", "")))).toBe(true);
  });

  it("refuses a key outside the spec, at compile time and at run time", () => {
    // @ts-expect-error "title" is not a filter key
    const error = validationErrorOf(() => eq("title", "x"));
    expect(error.issues).toStrictEqual([
      { field: "key", rule: "enum", message: expect.stringContaining('got "title"') },
    ]);
  });

  it("refuses a value that is not a string", () => {
    // @ts-expect-error values are strings
    expect(issuesOf(() => eq("sourceName", 42))).toEqual([["value", "type"]]);
  });

  it("refuses an empty group, at compile time and at run time", () => {
    // @ts-expect-error a group needs at least one condition
    expect(issuesOf(() => and())).toEqual([["conditions", "minItems"]]);
    // @ts-expect-error likewise for `or`
    expect(issuesOf(() => or())).toEqual([["conditions", "minItems"]]);
  });

  it("refuses a hand-written node where it is first used, naming it relative to that group", () => {
    const bad = { key: "sourceName", op: "contains", value: "x" } as unknown as ChunkFilterNode;
    // The inner or() throws, before the outer and() is reached.
    expect(issuesOf(() => and(eq("sourceName", "a"), or(eq("docId", "b"), bad)))).toEqual([["conditions.1.op", "enum"]]);
    expect(issuesOf(() => or({} as ChunkFilterNode))).toEqual([["conditions.0", "oneOf"]]);
  });

  it("refuses nesting past the depth cap when the offending group is built", () => {
    let node: ChunkFilterNode = eq("sourceName", "a");
    // The leaf sits at level MAX_FILTER_DEPTH under this many groups: still allowed.
    for (let i = 1; i < MAX_FILTER_DEPTH; i++) node = and(node);
    expect(() => toFilterTree(node)).not.toThrow();
    expect(issuesOf(() => and(node))).toEqual([[Array(MAX_FILTER_DEPTH).fill("conditions.0").join("."), "maxDepth"]]);
  });

  it("refuses a bad tree handed to toFilterTree, with paths from `filters`", () => {
    const tree = { operand: "and", conditions: [leaf("sourceName"), { operand: "nor", conditions: [leaf("docId")] }] };
    const error = validationErrorOf(() => toFilterTree(tree as ChunkFilterGroup));
    expect(pairsOf(error)).toEqual([["filters.conditions.1.operand", "enum"]]);
    expect(error.message).toContain("filters.conditions.1.operand");
  });
});

describe("validateFilterTree", () => {
  const deep = nest(MAX_FILTER_DEPTH + 8, leaf("sourceName"));
  const cyclic: { operand: string; conditions: unknown[] } = { operand: "or", conditions: [leaf("docId")] };
  cyclic.conditions.push(cyclic);

  // `spec`: whether the spec's schema accepts the tree too. Only the guards against cycles
  // and runaway depth go beyond it.
  const cases: { name: string; tree: unknown; field: string; rule: string; spec: "rejects" | "accepts" | "n/a" }[] = [
    { name: "null", tree: null, field: "filters", rule: "type", spec: "rejects" },
    { name: "a string", tree: "sourceName=x", field: "filters", rule: "type", spec: "rejects" },
    { name: "an array", tree: [leaf("sourceName")], field: "filters", rule: "type", spec: "rejects" },
    { name: "a lone condition at the top", tree: leaf("sourceName"), field: "filters", rule: "group", spec: "rejects" },
    { name: "an empty object", tree: {}, field: "filters.operand", rule: "required", spec: "rejects" },
    { name: "unknown operand", tree: { operand: "xor", conditions: [leaf("docId")] }, field: "filters.operand", rule: "enum", spec: "rejects" },
    { name: "operand of the wrong case", tree: { operand: "AND", conditions: [leaf("docId")] }, field: "filters.operand", rule: "enum", spec: "rejects" },
    { name: "missing conditions", tree: { operand: "and" }, field: "filters.conditions", rule: "required", spec: "rejects" },
    { name: "conditions not an array", tree: { operand: "and", conditions: leaf("docId") }, field: "filters.conditions", rule: "type", spec: "rejects" },
    { name: "empty conditions", tree: { operand: "and", conditions: [] }, field: "filters.conditions", rule: "minItems", spec: "rejects" },
    {
      name: "empty conditions in a nested group",
      tree: { operand: "and", conditions: [leaf("docId"), { operand: "or", conditions: [] }] },
      field: "filters.conditions.1.conditions",
      rule: "minItems",
      spec: "rejects",
    },
    {
      name: "unknown operand in a nested group",
      tree: { operand: "and", conditions: [leaf("docId"), { operand: "not", conditions: [leaf("docId")] }] },
      field: "filters.conditions.1.operand",
      rule: "enum",
      spec: "rejects",
    },
    { name: "unknown key", tree: { operand: "and", conditions: [leaf("chunkId")] }, field: "filters.conditions.0.key", rule: "enum", spec: "rejects" },
    {
      name: "unknown op",
      tree: { operand: "and", conditions: [{ key: "docId", op: "contains", value: "x" }] },
      field: "filters.conditions.0.op",
      rule: "enum",
      spec: "rejects",
    },
    { name: "number value", tree: { operand: "and", conditions: [leaf("docId", 7)] }, field: "filters.conditions.0.value", rule: "type", spec: "rejects" },
    { name: "null value", tree: { operand: "and", conditions: [leaf("docId", null)] }, field: "filters.conditions.0.value", rule: "type", spec: "rejects" },
    {
      name: "missing value",
      tree: { operand: "and", conditions: [{ key: "docId", op: "equals" }] },
      field: "filters.conditions.0.value",
      rule: "required",
      spec: "rejects",
    },
    {
      name: "extra key on a condition",
      tree: { operand: "and", conditions: [{ ...leaf("docId"), negate: true }] },
      field: "filters.conditions.0.negate",
      rule: "additionalProperties",
      spec: "rejects",
    },
    {
      name: "extra key on the top group",
      tree: { operand: "and", conditions: [leaf("docId")], limit: 10 },
      field: "filters.limit",
      rule: "additionalProperties",
      spec: "rejects",
    },
    { name: "a condition that is a string", tree: { operand: "or", conditions: ["docId"] }, field: "filters.conditions.0", rule: "type", spec: "rejects" },
    { name: "a condition that is null", tree: { operand: "or", conditions: [leaf("docId"), null] }, field: "filters.conditions.1", rule: "type", spec: "rejects" },
    { name: "a condition that is neither", tree: { operand: "or", conditions: [{ name: "x" }] }, field: "filters.conditions.0", rule: "oneOf", spec: "rejects" },
    {
      name: "nesting past the cap",
      tree: deep,
      field: ["filters", ...Array(MAX_FILTER_DEPTH).fill("conditions.0")].join("."),
      rule: "maxDepth",
      spec: "accepts",
    },
    { name: "a cycle", tree: cyclic, field: "filters.conditions.1", rule: "cycle", spec: "n/a" },
  ];

  it.each(cases)("$name → $field ($rule)", ({ tree, field, rule, spec: verdict }) => {
    const error = validationErrorOf(() => validateFilterTree(tree));
    expect(error.issues).toContainEqual({ field, rule, message: expect.stringContaining(field) });
    expect(error.field).toBe(field);
    if (verdict !== "n/a") expect(specAccepts(tree)).toBe(verdict === "accepts");
  });

  it("collects every issue, in document order", () => {
    const tree = {
      operand: "nand",
      conditions: [leaf("sourceName"), leaf("bogus", 1), { operand: "or", conditions: [] }],
    };
    expect(filterTreeIssues(tree).map(({ field, rule }) => ({ field, rule }))).toStrictEqual([
      { field: "filters.operand", rule: "enum" },
      { field: "filters.conditions.1.key", rule: "enum" },
      { field: "filters.conditions.1.value", rule: "type" },
      { field: "filters.conditions.2.conditions", rule: "minItems" },
    ]);
  });

  it("names paths from the given root field", () => {
    expect(filterTreeIssues({ operand: "and", conditions: [] }, "body.filters")).toMatchObject([
      { field: "body.filters.conditions", rule: "minItems" },
    ]);
  });

  it("ignores inherited properties, as JSON does", () => {
    const inherited = Object.create({ operand: "and", conditions: [leaf("docId")] }) as object;
    expect(filterTreeIssues(inherited).map((i) => i.rule)).toStrictEqual(["required", "required"]);
  });

  it("stops early on a few shared nodes that would serialize to millions of conditions", () => {
    let node: unknown = leaf("docId");
    for (let i = 0; i < 25; i++) node = { operand: "or", conditions: [node, node] };
    expect(issuesOf(() => validateFilterTree(node)).map(([, rule]) => rule)).toStrictEqual(["maxNodes"]);
  });

  it("caps the number of issues reported", () => {
    const noisy = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`extra${i}`, i]));
    const issues = filterTreeIssues({ operand: "and", conditions: [leaf("docId")], ...noisy });
    expect(issues.length).toBe(100);
  });
});

describe("properties", () => {
  type Plan =
    | { kind: "leaf"; key: ChunkFilterKey; value: string }
    | { kind: "group"; operand: "and" | "or"; children: Plan[] };

  const planArb = fc.letrec<{ plan: Plan; leaf: Plan; group: Plan }>((tie) => ({
    plan: fc.oneof({ maxDepth: 6, depthIdentifier: "plan" }, tie("leaf"), tie("group")),
    leaf: fc.record({
      kind: fc.constant("leaf" as const),
      key: fc.constantFrom(...CHUNK_FILTER_KEYS),
      value: fc.string({ unit: "binary", maxLength: 12 }),
    }),
    group: fc.record({
      kind: fc.constant("group" as const),
      operand: fc.constantFrom("and" as const, "or" as const),
      children: fc.array(tie("plan"), { minLength: 1, maxLength: 4, depthIdentifier: "plan" }),
    }),
  })).plan;

  const build = (plan: Plan): ChunkFilterNode => {
    if (plan.kind === "leaf") return eq(plan.key, plan.value);
    const children = plan.children.map(build) as [ChunkFilterNode, ...ChunkFilterNode[]];
    return plan.operand === "and" ? and(...children) : or(...children);
  };
  const literal = (plan: Plan): unknown =>
    plan.kind === "leaf"
      ? { key: plan.key, op: "equals", value: plan.value }
      : { operand: plan.operand, conditions: plan.children.map(literal) };

  it("trees built with the builder pass the spec's schema and survive JSON", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const tree = toFilterTree(build(plan));
        const expected = plan.kind === "leaf" ? { operand: "and", conditions: [literal(plan)] } : literal(plan);
        expect(tree).toStrictEqual(expected);
        expect(validateRequest({ filters: tree, enableFilters: true }), JSON.stringify(validateRequest.errors)).toBe(true);
        expect(JSON.parse(JSON.stringify(tree))).toStrictEqual(tree);
      }),
      { numRuns: 300 },
    );
  });

  // Near-trees: mostly the right shape, with each field sometimes missing, mistyped, or joined
  // by an extra key. The runtime check must agree with the spec's schema on every one of them.
  const ABSENT = Symbol("absent");
  // A field left out one time in eight (fast-check's `freq` is the odds against nil).
  const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { freq: 8, nil: ABSENT });
  // An unknown key one time in eight.
  const extraKey = fc.oneof({ arbitrary: fc.constant({}), weight: 7 }, { arbitrary: fc.constant({ extra: 1 }), weight: 1 });
  const object = (fields: Record<string, fc.Arbitrary<unknown>>) =>
    fc
      .tuple(fc.record(fields), extraKey)
      .map(([node, extra]) => ({ ...Object.fromEntries(Object.entries(node).filter(([, v]) => v !== ABSENT)), ...extra }));
  const mostly = <T>(good: fc.Arbitrary<T>, ...bad: unknown[]) =>
    fc.oneof({ arbitrary: good, weight: 10 }, { arbitrary: fc.constantFrom(...bad), weight: 1 });

  const nearArb = fc.letrec<{ node: unknown; leaf: unknown; group: unknown }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 4, depthIdentifier: "near" },
      { arbitrary: tie("leaf"), weight: 6 },
      { arbitrary: tie("group"), weight: 3 },
      { arbitrary: fc.constantFrom(null, 1, "x", [], {}), weight: 1 },
    ),
    leaf: object({
      key: sometimes(mostly(fc.constantFrom(...CHUNK_FILTER_KEYS), "bogus", "SourceName", 3)),
      op: sometimes(mostly(fc.constant("equals"), "contains", "EQUALS", null)),
      value: sometimes(mostly(fc.string({ maxLength: 6 }), 1, null, true)),
    }),
    group: object({
      operand: sometimes(mostly(fc.constantFrom("and", "or"), "xor", "And", 0)),
      conditions: sometimes(
        mostly(fc.array(tie("node"), { minLength: 0, maxLength: 3, depthIdentifier: "near" }), "x", null, {}),
      ),
    }),
  }));

  it("the runtime check accepts exactly what the spec's schema accepts", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: nearArb.group, weight: 5 }, nearArb.node), (tree) => {
        const issues = filterTreeIssues(tree);
        const bySpec = specAccepts(tree);
        if (bySpec) accepted++;
        expect(issues.length === 0, JSON.stringify({ tree, issues })).toBe(bySpec);
      }),
      { numRuns: 1_000 },
    );
    // The generator must hit both outcomes for the comparison to mean anything.
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(1_000);
  });
});
