// The lint report's review formats: SARIF 2.1.0 and GitHub annotations, from findings in the
// shape scripts/lib/lint.mjs returns (these are what both linters said about a spec with a bad
// example and a missing summary; test/spec/lint.test.ts runs the linters themselves).
import { describe, expect, it } from "vitest";
import { toAnnotations, toSarif, toText } from "../../scripts/lib/lint-formats.mjs";
import type { Json } from "../support/json.js";

const finding = (tool: string, severity: string, rule: string, message: string, line: number, column: number, pointer: string) => ({
  tool,
  severity,
  rule,
  message,
  file: "openapi/platform.yaml",
  line,
  column,
  pointer,
});

const result = {
  spec: "/repo/openapi/platform.yaml",
  ok: false,
  reports: [
    {
      tool: "redocly",
      errors: 2,
      warnings: 0,
      ignored: 0,
      problems: [
        finding("redocly", "error", "no-invalid-media-type-examples", "Example value must conform to the schema: `name` property must be equal to one of the allowed values.", 3756, 15, "#/components/examples/DeployGuardrail/value/name"),
        finding("redocly", "error", "operation-summary", "Operation object should contain `summary` field.", 1093, 5, "#/paths/~1api~1public~1guardrails~1undeploy/post/summary"),
      ],
    },
    {
      tool: "spectral",
      errors: 1,
      warnings: 1,
      problems: [
        finding("spectral", "error", "operation-summary-required", '"post.summary" property must be truthy', 1093, 10, "#/paths/~1api~1public~1guardrails~1undeploy/post"),
        finding("spectral", "warning", "info-contact", "Info object must have a \"contact\" object,\nwith a name.", 2, 1, "#/info"),
        { tool: "spectral", severity: "error", rule: "tool-failure", message: "spectral exited with code 2", file: "", line: 0, column: 0, pointer: "" },
      ],
    },
  ],
};

describe("lint --format sarif", () => {
  const sarif = JSON.parse(toSarif(result, { versions: { redocly: "2.77.0", spectral: "6.16.3" } }));

  it("has one run per linter, with its version and the rules it reported", () => {
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs.map((r: Json) => r.tool.driver)).toEqual([
      { name: "redocly", semanticVersion: "2.77.0", rules: [{ id: "no-invalid-media-type-examples" }, { id: "operation-summary" }] },
      { name: "spectral", semanticVersion: "6.16.3", rules: [{ id: "operation-summary-required" }, { id: "info-contact" }, { id: "tool-failure" }] },
    ]);
  });

  it("places each finding on its file, line and column, with its level and pointer", () => {
    const [first] = sarif.runs[0].results;
    expect(first).toEqual({
      ruleId: "no-invalid-media-type-examples",
      ruleIndex: 0,
      level: "error",
      message: { text: "Example value must conform to the schema: `name` property must be equal to one of the allowed values." },
      locations: [{ physicalLocation: { artifactLocation: { uri: "openapi/platform.yaml", uriBaseId: "%SRCROOT%" }, region: { startLine: 3756, startColumn: 15 } } }],
      properties: { pointer: "#/components/examples/DeployGuardrail/value/name" },
    });
    expect(sarif.runs[1].results.map((r: Json) => [r.ruleIndex, r.level])).toEqual([[0, "error"], [1, "warning"], [2, "error"]]);
    // A tool that failed without a report has no location to give.
    expect(sarif.runs[1].results[2].locations).toBeUndefined();
  });
});

describe("lint --format github", () => {
  const lines = toAnnotations(result).trimEnd().split("\n");

  it("annotates each finding on its line, then sums up each linter", () => {
    expect(lines).toHaveLength(5 + 2);
    expect(lines[0]).toBe(
      "::error file=openapi/platform.yaml,line=3756,col=15,title=redocly no-invalid-media-type-examples::Example value must conform to the schema: `name` property must be equal to one of the allowed values. (#/components/examples/DeployGuardrail/value/name)",
    );
    expect(lines[3]).toBe('::warning file=openapi/platform.yaml,line=2,col=1,title=spectral info-contact::Info object must have a "contact" object,%0Awith a name. (#/info)');
    expect(lines[4]).toBe("::error title=spectral tool-failure::spectral exited with code 2");
    expect(lines.slice(5)).toEqual(["::notice title=redocly::2 errors, 0 warnings", "::notice title=spectral::1 errors, 1 warnings"]);
  });
});

describe("lint --format text", () => {
  it("prints what npm run lint has always printed", () => {
    const text = toText(result);
    expect(text.startsWith("Linting /repo/openapi/platform.yaml\n\n── redocly\nopenapi/platform.yaml:3756:15  error  no-invalid-media-type-examples  #/components/examples/DeployGuardrail/value/name\n")).toBe(true);
    expect(text.endsWith("\nredocly: 2 errors, 0 warnings\nspectral: 1 errors, 1 warnings\n")).toBe(true);
  });
});
