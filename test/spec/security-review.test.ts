// The security review: the OWASP ruleset with the decisions of openapi/security.spectral.yaml
// reports nothing at warn or above on the spec, every rule that fires is decided with a reason,
// and the committed docs/security-review.md is what `npm run security-review` renders now.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { readDecisions, reviewSpec } from "../../scripts/lib/owasp.mjs";
import { SECURITY_REVIEW_DOC, decisionRows, renderSecurityReview } from "../../scripts/lib/security-review.mjs";

let review: Awaited<ReturnType<typeof reviewSpec>>;
beforeAll(async () => {
  review = await reviewSpec();
}, 120_000);

describe("security review", () => {
  it("reports no finding that is neither fixed nor waived", () => {
    const open = review.unwaived.map((f: { rule: string; where: string; message: string }) => `${f.rule} at ${f.where}: ${f.message}`);
    expect(open).toEqual([]);
  });

  it("decides every rule that fires, each decision with its reason", () => {
    for (const row of decisionRows(review)) {
      expect(row.decision, row.name).not.toBe("undecided");
      expect(readDecisions().get(row.name)?.reason, row.name).toMatch(/\w{3,}.*\w{3,}/);
    }
  });

  it("names only rules of the OWASP ruleset, so a mistyped name cannot pass for a waiver", () => {
    const known = new Set(review.rules.map((r: { name: string }) => r.name));
    for (const name of readDecisions().keys()) expect(known.has(name), name).toBe(true);
  });

  it("waives only rules that fire on the spec with the OWASP ruleset alone", () => {
    for (const [name, decision] of readDecisions()) {
      if (decision.waived) expect(review.findings.get(name)?.length ?? 0, name).toBeGreaterThan(0);
    }
  });

  it("has docs/security-review.md as npm run security-review renders it now", () => {
    expect(readFileSync(SECURITY_REVIEW_DOC, "utf8")).toBe(renderSecurityReview(review));
  });
});
