// Every rule proven by a pair: each corpus case's base and head are diffed and the changes must
// be exactly the ones the case lists by hand (rule, level, operation, and field where given), no
// more and no fewer; and every rule of the differ is proven by a case named after it.
import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../../scripts/lib/spec-diff/diff.mjs";
import { ALL_RULES } from "../../../scripts/lib/spec-diff/rules/index.mjs";
import { loadCases, sidesOf, type Expected } from "./corpus.js";

const cases = loadCases();

type Change = { rule: string; level: string; operation: { id: string | null } | null; field: string | null; where: string[]; message: string };

const matches = (change: Change, wanted: Expected) =>
  change.rule === wanted.rule &&
  change.level === wanted.level &&
  (change.operation?.id ?? null) === wanted.operation &&
  (wanted.field === undefined || change.field === wanted.field) &&
  (wanted.where === undefined || change.where.some((w) => w.includes(wanted.where!)));

const shown = (c: Change) => `${c.level} ${c.rule} ${c.operation?.id ?? "(document)"} ${c.where.join(", ")} ${c.field ?? ""}: ${c.message}`;

describe("spec-diff corpus", () => {
  it("has at least 30 hand-classified pairs", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it("proves every rule by a case named after it, which expects that rule", () => {
    const byName = new Map(cases.map((c) => [c.name, c]));
    for (const { id } of ALL_RULES) {
      const proof = byName.get(id);
      expect(proof, `no case test/spec/spec-diff/corpus/cases/${id}.yaml proves the rule ${id}`).toBeDefined();
      expect(proof!.expect.map((e) => e.rule), `${proof!.file} does not expect the rule it is named after`).toContain(id);
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, corpusCase) => {
    const { base, head } = sidesOf(corpusCase);
    const changes = diffSpecs(base, head).changes as Change[];
    const left = [...changes];
    const missing: Expected[] = [];
    for (const wanted of corpusCase.expect) {
      const i = left.findIndex((c) => matches(c, wanted));
      if (i < 0) missing.push(wanted);
      else left.splice(i, 1);
    }
    expect({ missing, unexpected: left.map(shown) }, `${corpusCase.file}: ${corpusCase.title}\nall changes:\n${changes.map(shown).join("\n")}`).toEqual({ missing: [], unexpected: [] });
  });
});
