// docs/discrepancies.md must list every x-discrepancies record of the spec, and the
// walk that finds them must reach every kind of place a record can sit.
import { describe, expect, it } from "vitest";
import { describeLocation, renderDiscrepanciesMarkdown } from "../../scripts/lib/discrepancies.mjs";
import { MARKDOWN_HEADER } from "../../scripts/lib/generated-header.mjs";
import { collectDiscrepancies, loadSpec } from "../../scripts/lib/spec.mjs";

describe("docs/discrepancies.md from the spec", () => {
  const spec = loadSpec();
  const entries = collectDiscrepancies(spec);
  const markdown = renderDiscrepanciesMarkdown(spec);
  const sections = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

  it("starts with the generated-file header", () => {
    expect(markdown.split("\n")[0]).toBe(MARKDOWN_HEADER);
  });

  it("has records to show", () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it("has one section per record, in spec order", () => {
    expect(sections).toEqual(entries.map(({ record }) => record.id));
  });

  it.each(entries.map(({ pointer, record }) => [record.id, pointer, record] as const))(
    "%s has a table row and a full section",
    (id, pointer, record) => {
      expect(markdown).toContain(`| [${id}](#${id}) | \`${describeLocation(spec, pointer)}\` |`);
      const section = markdown.split(/^## /m).find((part) => part.startsWith(`${id}\n`)) ?? "";
      expect(section).toContain(`**Documented:** ${record.documented.trim()}`);
      expect(section).toContain(`**Observed:** ${record.observed.trim()}`);
      expect(section).toContain(`**Decision:** ${record.decision.trim()}`);
      for (const name of record.examples ?? []) expect(section).toContain(`\`${name}\``);
    },
  );

  it("renders the same bytes every time", () => {
    expect(renderDiscrepanciesMarkdown(loadSpec())).toBe(markdown);
  });
});

describe("collectDiscrepancies", () => {
  const record = (id: string) => ({
    id,
    summary: "s",
    source: "interface-document",
    documented: "d",
    observed: "o",
    decision: "c",
  });
  const doc = {
    openapi: "3.1.0",
    "x-discrepancies": [record("at-root")],
    tags: [{ name: "Jobs", "x-discrepancies": [record("at-tag")] }],
    paths: {
      "x-discrepancies": [record("at-paths")],
      "/jobs/{id}": {
        get: {
          operationId: "getJob",
          "x-discrepancies": [record("at-operation")],
          responses: { "200": { description: "ok", "x-discrepancies": [record("at-response")] } },
        },
      },
    },
    components: { schemas: { Job: { type: "object", "x-discrepancies": [record("at-schema")] } } },
  };

  it("finds records on every kind of object, with pointers and readable locations", () => {
    const found = collectDiscrepancies(doc).map(({ pointer, record }) => [
      record.id,
      pointer,
      describeLocation(doc, pointer),
    ]);
    expect(found).toEqual([
      ["at-root", "", "document root"],
      ["at-tag", "/tags/0", "tags.Jobs"],
      ["at-paths", "/paths", "paths"],
      ["at-operation", "/paths/~1jobs~1{id}/get", "getJob"],
      ["at-response", "/paths/~1jobs~1{id}/get/responses/200", "getJob.responses.200"],
      ["at-schema", "/components/schemas/Job", "components.schemas.Job"],
    ]);
  });

  it("refuses a record that lacks a member or has one of the wrong type, naming where and which", () => {
    const { decision: _decision, ...undecided } = record("undecided");
    expect(() => collectDiscrepancies({ info: { "x-discrepancies": [record("fine"), undecided] } })).toThrow(
      'x-discrepancies at "/info", record 1: must have required property \'decision\'',
    );
    expect(() => collectDiscrepancies({ "x-discrepancies": [{ ...record("elsewhere"), source: "hearsay" }] })).toThrow(
      'x-discrepancies at "", record 0: source must be equal to one of the allowed values: interface-document, public-reference',
    );
    expect(() => collectDiscrepancies({ "x-discrepancies": [{ ...record("listed"), examples: "One" }] })).toThrow("record 0: examples must be array");
    expect(() => collectDiscrepancies({ "x-discrepancies": ["text"] })).toThrow("record 0: must be object");
  });

  it("refuses a repeated id", () => {
    const twice = { ...doc, info: { "x-discrepancies": [record("at-root")] } };
    expect(() => renderDiscrepanciesMarkdown(twice)).toThrow(/at-root/);
  });
});
