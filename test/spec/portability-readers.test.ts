// Tools that read, validate, import, reformat, rebundle or document the spec, unpatched, each on
// the document the README names for its kind (both where either works). Each runs in this
// process through its Node API, but for Redocly's split and join, which exist only as commands.
// Everything written goes to one temp folder.
import { Document, Spectral } from "@stoplight/spectral-core";
import { Json as JsonParser } from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { installOnDemand, PORTABILITY_TOOLS } from "../../scripts/lib/on-demand-install.mjs";
import { cliEntry, runCli, toolEnv } from "../../scripts/lib/node-cli.mjs";
import { openApi30Path } from "../../scripts/lib/openapi-3.0.mjs";
import { collectDiscrepancies, listOperations, loadSpec, specPath } from "../../scripts/lib/spec.mjs";
import { credentialHeader } from "../support/sample-requests.js";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";
import type { Json } from "../support/json.js";

// The tools are a folder of their own (test/spec/portability/package.json), installed here on first use.
await installOnDemand(PORTABILITY_TOOLS);
const tools = await import("./portability/tools.js");
const { getDefaultSortComponentsSet, getDefaultSortSet, openapiFilter, openapiSort, parseString, readmeValidate, scalarValidate, stringify, widdershins } =
  tools;
const Converter = tools.PostmanConverter;

const file = specPath();
const spec = loadSpec(file);
const operations = listOperations(spec);
const document30 = JSON.parse(readFileSync(openApi30Path(), "utf8"));
const DOCUMENTS = { "3.1": spec, "3.0": document30 };
const scratch = mkdtempSync(join(tmpdir(), "portability-readers-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each x-discrepancies record of a document as text, sorted: where they sit may change, what they say may not. */
const records = (document: JsonValue) => collectDiscrepancies(document).map(({ record }: { record: unknown }) => JSON.stringify(record)).sort();
const operationKeys = (document: JsonRecord) => listOperations(document).map((op: { method: string; path: string }) => `${op.method} ${op.path}`).sort();

describe.each(Object.entries(DOCUMENTS))("parsers and validators on the %s document", (_version, document) => {
  it("@scalar/openapi-parser calls it valid", async () => {
    const result = await scalarValidate(structuredClone(document));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("@readme/openapi-parser calls it valid", async () => {
    const result = await readmeValidate(structuredClone(document));
    expect(result).toMatchObject({ valid: true });
  });

  it("openapi-format sorts and filters it without losing anything", async () => {
    const sorted = await openapiSort(structuredClone(document), { sortSet: await getDefaultSortSet(), sortComponentsSet: await getDefaultSortComponentsSet() });
    // An empty filter set still drops empty objects (a schema `{}` among them).
    const filtered = await openapiFilter(structuredClone(document), { filterSet: {} });
    expect(sorted.data).toEqual(document);
    expect(filtered.data).toEqual(document);
    expect(await parseString(await stringify(sorted.data as Record<string, unknown>, { format: "yaml" }))).toEqual(document);
  });
});

describe("openapi-schema-validator (an OpenAPI 3.0 schema)", () => {
  it("finds nothing wrong with the 3.0 document", () => {
    const validator = new tools.OpenAPISchemaValidator({ version: 3 });
    expect(validator.validate(structuredClone(document30)).errors).toEqual([]);
  });
});

describe("openapi-to-postmanv2 (what its command line's default conversion does)", () => {
  it("imports every operation as a request carrying the credential header its security names", async () => {
    const result = await new Promise<{ result: boolean; reason?: string; output: Array<{ data: Json }> }>((done, failed) =>
      Converter.convertV2({ type: "string", data: readFileSync(file, "utf8") }, {}, (error, answer) => (error ? failed(error) : done(answer as never))),
    );
    expect(result.reason).toBeUndefined();
    const requests: Json[] = [];
    const walk = (items: Json[]): void => {
      for (const item of items) {
        if (item.item) walk(item.item);
        else requests.push(item.request);
      }
    };
    walk(result.output[0]!.data.item);
    const byOperation = Object.fromEntries(
      requests.map((request) => {
        const path = `/${request.url.path.map((s: string) => s.replace(/^:(.+)$/, "{$1}")).join("/")}`;
        const op = operations.find((o) => o.method === request.method.toLowerCase() && o.path === path);
        const auth = Object.fromEntries((request.auth?.apikey ?? []).map((entry: { key: string; value: string }) => [entry.key, entry.value]));
        return [op?.operationId ?? `${request.method} ${path}`, `${request.auth?.type} ${auth.in} ${auth.key}`];
      }),
    );
    expect(byOperation).toEqual(Object.fromEntries(operations.map((op) => [op.operationId, `apikey header ${credentialHeader(spec, op)}`])));
    const headers = Object.values(byOperation).map((auth) => auth.split(" ").pop());
    expect(headers.filter((h) => h === "x-api-key")).toHaveLength(22);
    expect(headers.filter((h) => h === "auth")).toHaveLength(3);
  });
});

describe("Redocly split, bundle and join", () => {
  // Not with vitest's NODE_ENV=test: Redocly's split then writes only its folders, no file.
  const { NODE_ENV: _test, ...env } = toolEnv as Record<string, string | undefined>;
  const redocly = (...args: string[]) => runCli(cliEntry("@redocly/cli", "redocly"), args, { cwd: scratch, env: env as typeof toolEnv });
  const readYaml = (name: string) => parseYaml(readFileSync(join(scratch, name), "utf8"));

  it("split then bundle gives the spec back, every discrepancy record with it", async () => {
    const split = await redocly("split", file, "--outDir", join(scratch, "split"));
    expect(split.code, split.stderr).toBe(0);
    const bundle = await redocly("bundle", join(scratch, "split", "openapi.yaml"), "-o", join(scratch, "bundled.yaml"));
    expect(bundle.code, bundle.stderr).toBe(0);
    const bundled = readYaml("bundled.yaml");
    expect(records(bundled)).toEqual(records(spec));
    expect(bundled).toEqual(spec);
  });

  it("join with another API keeps every operation and every discrepancy record", async () => {
    // join wants at least two documents: a second API of one operation.
    writeFileSync(
      join(scratch, "other.yaml"),
      "openapi: 3.1.0\ninfo: {title: Other, version: 1.0.0}\npaths:\n  /other:\n    get:\n      operationId: other\n      responses:\n        '200': {description: Done.}\n",
    );
    const join_ = await redocly("join", file, join(scratch, "other.yaml"), "-o", join(scratch, "joined.yaml"));
    expect(join_.code, join_.stderr).toBe(0);
    const joined = readYaml("joined.yaml");
    expect(records(joined)).toEqual(records(spec));
    expect(operationKeys(joined)).toEqual([...operationKeys(spec), "get /other"].sort());
  });
});

describe("Spectral's spectral:oas, every rule on", () => {
  // The 3.1 spec gets the same ruleset, with the house rules, from the lint gate.
  it("finds nothing in the 3.0 document", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, "all"]] });
    const findings = await spectral.run(new Document(readFileSync(openApi30Path(), "utf8"), JsonParser, openApi30Path()));
    expect(findings.map((f) => `${f.code} ${f.path.join(".")}: ${f.message}`)).toEqual([]);
  });
});

describe("widdershins", () => {
  // It compiles its templates through doT, which logs each one unless told not to.
  createRequire(tools.toolsRequire.resolve("widdershins"))("dot").log = false;

  it("documents every operation in tables whose rows all have their cells", async () => {
    const markdown: string = await widdershins.convert(structuredClone(document30), {});
    for (const op of operations) expect(markdown, op.operationId).toContain(`## ${op.operationId}`);
    // A table is a run of lines starting with `|`; every row closes its last cell and has as
    // many cells as the table's header. A line break inside a cell breaks both.
    const broken: string[] = [];
    let header = 0;
    for (const line of markdown.split("\n")) {
      if (!line.startsWith("|")) {
        header = 0;
        continue;
      }
      const cells = line.replace(/\\\|/g, "").split("|").length;
      if (header === 0) header = cells;
      if (!line.trimEnd().endsWith("|") || cells !== header) broken.push(line.slice(0, 120));
    }
    expect(broken).toEqual([]);
  });
});
