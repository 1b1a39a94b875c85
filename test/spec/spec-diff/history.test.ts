// The differ on the project's own history: the 0.1.0 spec against 0.2.0 (openapi/releases/).
// Its breaking changes must be exactly those CHANGELOG.md names under **Breaking** in 0.2.0's
// Spec section (each mapped here by hand to the changes that show it), and the section's other
// spec items must show with the level the table gives them.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { diffSpecs } from "../../../scripts/lib/spec-diff/diff.mjs";
import { sideFromArgument } from "../../../scripts/lib/spec-diff/sources.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

type Change = { rule: string; level: string; operation: { id: string | null } | null; field: string | null; where: string[]; message: string };
type Wanted = { rule?: string; operation?: string | null; field?: string | null; message?: string };

// Each **Breaking** item of 0.2.0's Spec section, by a phrase of it, and the changes it stands for.
const BREAKING_0_2_0: Array<{ phrase: string; changes: Wanted[] }> = [
  {
    phrase: "`fields` is no longer always present",
    changes: ["getConnection", "createConnection", "updateConnection"].map((operation) => ({ rule: "response-property-made-optional", operation, field: "fields" })),
  },
  {
    phrase: "no longer export `DeleteAttachmentForm`",
    changes: [{ rule: "component-removed", operation: null, field: null, message: "components.schemas.DeleteAttachmentForm removed" }],
  },
];

function specSection(version: string): string {
  const changelog = readFileSync(resolve(REPO_ROOT, "CHANGELOG.md"), "utf8");
  const release = changelog.split(/^## /m).find((s) => s.startsWith(`${version}\n`));
  if (!release) throw new Error(`CHANGELOG.md has no ## ${version}`);
  const spec = release.split(/^### /m).find((s) => s.startsWith("Spec\n"));
  if (!spec) throw new Error(`CHANGELOG.md's ${version} has no ### Spec`);
  return spec;
}

let changes: Change[] = [];
let report: { level: string; bump: { kind: string; allows: string } | null; ok: boolean | null };
beforeAll(() => {
  report = diffSpecs(sideFromArgument("0.1.0"), sideFromArgument("0.2.0"));
  changes = (report as unknown as { changes: Change[] }).changes;
});

const find = (where: Wanted) =>
  changes.filter(
    (c) =>
      (where.rule === undefined || c.rule === where.rule) &&
      (where.operation === undefined || (c.operation?.id ?? null) === where.operation) &&
      (where.field === undefined || c.field === where.field) &&
      (where.message === undefined || c.message === where.message),
  );

describe("0.1.0 → 0.2.0", () => {
  it("names, in the changelog, each breaking spec change the mapping above expects", () => {
    const section = specSection("0.2.0");
    const listed = section.split("\n- ").filter((item) => item.startsWith("**Breaking:**"));
    expect(listed.length).toBe(BREAKING_0_2_0.length);
    for (const { phrase } of BREAKING_0_2_0) expect(listed.some((item) => item.replace(/\s+/g, " ").includes(phrase)), phrase).toBe(true);
  });

  it("reports exactly the breaking changes the changelog lists for 0.2.0", () => {
    const expected = BREAKING_0_2_0.flatMap((b) => b.changes);
    for (const wanted of expected) expect(find(wanted), JSON.stringify(wanted)).toHaveLength(1);
    const major = changes.filter((c) => c.level === "major");
    expect(major).toHaveLength(expected.length);
  });

  it("reports the changelog's other 0.2.0 spec items at the level the table gives them", () => {
    // Three operations added from the newer public reference.
    for (const operation of ["replaceConnection", "exportModel", "importIntoTool"]) expect(find({ rule: "operation-added", operation }), operation).toHaveLength(1);
    // Custom API connections: two more shapes of the create body, one more of the update body.
    expect(find({ rule: "request-variant-added", operation: "createConnection" }).map((c) => c.message).sort()).toEqual([
      "branch `CreateCustomDefaultConnection` added",
      "branch `CreateCustomExistingConnection` added",
    ]);
    expect(find({ rule: "request-variant-added", operation: "updateConnection" })).toHaveLength(1);
    // Path-level discrepancy records moved to the root list: moves, not removals.
    expect(find({ rule: "discrepancy-moved" }).map((c) => c.message).sort()).toEqual([
      "`path-parameter-names` moved from paths to the document root",
      "`path-parameter-notation` moved from paths to the document root",
    ]);
    expect(find({ rule: "discrepancy-removed" })).toEqual([]);
    // 4XX/5XX replaced by explicit statuses and default: every operation gains default, none loses a status.
    expect(find({ rule: "response-status-added" }).filter((c) => c.where.includes("response default"))).toHaveLength(22);
    expect(find({ rule: "response-status-removed" })).toEqual([]);
    // Provider unions written with `enum: [X]` instead of `const: X`: no change to any provider field.
    expect(changes.filter((c) => c.field?.endsWith("provider"))).toEqual([]);
    // No description on server variables.
    expect(find({ rule: "documentation-changed", message: "`description` removed (was `Host name of the environment, supplied by the caller.`)" })).toHaveLength(1);
  });

  it("needed a minor bump under the 0.y rule, which 0.1.0 → 0.2.0 is", () => {
    expect(report.level).toBe("major");
    expect(report.bump).toMatchObject({ kind: "minor", allows: "major" });
    expect(report.ok).toBe(true);
  });
});
