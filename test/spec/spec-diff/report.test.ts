// The report's three forms: --json in the documented shape (openapi/spec-diff.schema.json),
// markdown for a PR comment (grouped by operation, each change linked to the line it names), and
// GitHub annotations. Read off the 0.1.0 → 0.2.0 report, which has changes of every level.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { diffSpecs } from "../../../scripts/lib/spec-diff/diff.mjs";
import { segmentsOf } from "../../../src/kernel/json-pointer.js";
import { toAnnotations } from "../../../scripts/lib/spec-diff/format/github.mjs";
import { toMarkdown } from "../../../scripts/lib/spec-diff/format/markdown.mjs";
import { sideFromArgument } from "../../../scripts/lib/spec-diff/sources.mjs";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";
import { workflowCommand } from "../../../scripts/lib/workflow-commands.mjs";
import type { Json } from "../../support/json.js";

type Location = { file: string; pointer: string; line: number };
type Change = {
  rule: string;
  level: string;
  operation: { id: string | null; method: string; path: string } | null;
  field: string | null;
  base: Location | null;
  head: Location | null;
  message: string;
};

let report: Json;
let sides: { base: ReturnType<typeof sideFromArgument>; head: ReturnType<typeof sideFromArgument> };
const lines = (file: string) => readFileSync(resolve(REPO_ROOT, file), "utf8").split("\n");
beforeAll(() => {
  sides = { base: sideFromArgument("0.1.0"), head: sideFromArgument("0.2.0") };
  report = diffSpecs(sides.base, sides.head);
});

describe("spec-diff --json", () => {
  it("is valid against openapi/spec-diff.schema.json", () => {
    const schema = JSON.parse(readFileSync(resolve(REPO_ROOT, "openapi/spec-diff.schema.json"), "utf8"));
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    const json = JSON.parse(JSON.stringify(report));
    expect(validate(json), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The schema would catch a drifted shape: one extra key fails it.
    expect(validate({ ...json, extra: true })).toBe(false);
  });

  it("gives each change the line its pointer names on its side", () => {
    let checked = 0;
    for (const change of report.changes as Change[]) {
      for (const which of ["base", "head"] as const) {
        const at = change[which];
        if (!at) continue;
        // The pointer, or its nearest ancestor written in the file, has its key on that line.
        let written = at.pointer;
        while (written !== "" && !sides[which].lines.has(written)) written = written.slice(0, written.lastIndexOf("/"));
        if (written === "" || written.endsWith("/x-discrepancies") || /\/\d+$/.test(written)) continue;
        const key = segmentsOf(written).pop()!;
        const text = lines(at.file)[at.line - 1]!;
        expect(text.includes(`${key}:`) || text.includes(`'${key}':`), `${change.rule} ${which} ${at.pointer} → ${at.file}:${at.line}: ${text}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});

describe("spec-diff markdown", () => {
  it("groups the changes by operation, biggest bump first, each linked to its line", () => {
    const markdown = toMarkdown(report);
    expect(markdown).toMatch(/^## Spec review: 0\.1\.0 \(openapi\/releases\/0\.1\.0\.yaml\) → 0\.2\.0 \(openapi\/releases\/0\.2\.0\.yaml\)$/m);
    expect(markdown).toContain("✅ `info.version` 0.1.0 → 0.2.0: a minor bump; the changes need a minor bump");
    const section = markdown.split("\n### ").find((s) => s.startsWith("`getConnection` · GET `/api/public/connections/{connectionId}`"))!;
    const bullets = section.split("\n").filter((l) => l.startsWith("- "));
    expect(bullets[0]).toMatch(/^- \*\*major\*\* · response 200 application\/json `fields`: no longer required · \[0\.2\.0\.yaml:(\d+)\]\(openapi\/releases\/0\.2\.0\.yaml#L\1\)/);
    const levels = bullets.map((b) => /^- \**(major|minor|patch)/.exec(b)![1]);
    expect(levels).toEqual([...levels].sort((a, b) => ["major", "minor", "patch"].indexOf(a!) - ["major", "minor", "patch"].indexOf(b!)));
    expect(markdown).toContain("| `response-property-made-optional` | major | a response field removed or its type changed |");
    expect(markdown).toContain("### Document (servers, components, records, examples)");
  });

  it("links to the repository's files on GitHub when run in GitHub Actions", () => {
    const env = { GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "acme/platform-client", GITHUB_SHA: "0123abc" };
    const markdown = toMarkdown(report, { env });
    expect(markdown).toMatch(/\]\(https:\/\/github\.com\/acme\/platform-client\/blob\/0123abc\/openapi\/releases\/0\.2\.0\.yaml#L\d+\)/);
    const viaRef = toMarkdown({ ...report, head: { ...report.head, ref: "main" } }, { env });
    expect(viaRef).toMatch(/\(https:\/\/github\.com\/acme\/platform-client\/blob\/main\/openapi\/releases\/0\.2\.0\.yaml#L\d+\)/);
  });

  it("fits a PR comment by listing fewer levels, saying what it left out", () => {
    const full = toMarkdown(report);
    const short = toMarkdown(report, { maxLength: 12_000 });
    expect(full).toMatch(/^- patch ·/m);
    expect(short.length).toBeLessThan(full.length);
    expect(short).not.toMatch(/^- patch ·/m);
    expect(short).not.toMatch(/^- minor ·/m);
    expect(short).toMatch(/73 patch and 101 minor changes are counted above but not listed/);
    expect(short).toMatch(/^- \*\*major\*\* ·/m);
  });

  it("escapes what markdown would read as HTML outside code spans", () => {
    const odd = { ...report, changes: [{ ...report.changes[0], message: "branch <Thing> added, `<kept>`" }] };
    expect(toMarkdown(odd)).toContain("branch &lt;Thing&gt; added, `<kept>`");
  });
});

describe("spec-diff GitHub annotations", () => {
  it("puts each change on its line, breaking ones as warnings and blocked ones as errors", () => {
    const annotations: string[] = toAnnotations(report).split("\n");
    expect(annotations).toHaveLength(report.changes.length);
    expect(annotations.find((a) => a.includes("made-optional::getConnection"))).toMatch(/^::warning file=openapi\/releases\/0\.2\.0\.yaml,line=\d+,title=spec-diff major%3A response-property-made-optional::getConnection · response 200 application\/json · fields: no longer required \(a response field removed or its type changed\)$/);
    expect(annotations.filter((a) => a.startsWith("::notice")).length).toBe(report.counts.minor + report.counts.patch);
    expect(annotations.filter((a) => a.startsWith("::error"))).toEqual([]);
    // The same changes under a patch bump of 0.1.0 (0.1.1), which allows no breaking change.
    const patched = diffSpecs(sides.base, { ...sides.head, version: "0.1.1" });
    const blocked: string[] = toAnnotations(patched).split("\n");
    expect(blocked.filter((a) => a.startsWith("::error"))).toHaveLength(report.counts.major);
    expect(blocked.filter((a) => a.startsWith("::warning"))).toEqual([]);
  });

  it("escapes the runner's separators in properties and line breaks in messages", () => {
    expect(workflowCommand("error", { file: "a,b.yaml", line: 3, col: 2, title: "x: y" }, "50% done\nnext")).toBe("::error file=a%2Cb.yaml,line=3,col=2,title=x%3A y::50%25 done%0Anext");
    expect(workflowCommand("notice", {}, "plain")).toBe("::notice::plain");
  });
});
