// Secret references on their own: where the spec's secrets sit in a body, and how each reference
// is read or refused (naming the field, never quoting what was given).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ValidationError } from "../../src/wrappers/errors.js";
import { definitionsOf, wholeBody } from "../../src/mcp/schemas.js";
import { resolveSecretReferences, secretPaths, secretsAsReferences } from "../../src/mcp/secret-references.js";

const dir = mkdtempSync(join(tmpdir(), "platform-mcp-secrets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const source = { env: { GOOD: "sk-from-env-0011", EMPTY: "" }, isPlatformCredential: (v: string) => v.includes("platform-key-xyz") };
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues;
};

describe("secretPaths", () => {
  it("finds fields.API_KEY and every custom header's value in the create body's shapes", () => {
    const paths = secretPaths(wholeBody("createConnection"), definitionsOf("createConnection"));
    expect(paths.map((p) => p.join("."))).toEqual(["fields.API_KEY", "headers.*.value"]);
  });

  it("leaves no secret in a schema once turned into references", () => {
    expect(JSON.stringify(secretsAsReferences(wholeBody("updateConnection")))).not.toContain("x-secret");
    expect(secretPaths(secretsAsReferences(wholeBody("updateConnection")))).toEqual([]);
  });
});

describe("resolveSecretReferences", () => {
  const paths = [["fields", "API_KEY"], ["headers", "*", "value"]];

  it("reads env: and file: references into a copy, and returns the secrets read", async () => {
    writeFileSync(join(dir, "key"), "sk-from-file-2233\n");
    const body = { fields: { API_KEY: "env:GOOD" }, headers: [{ key: "A", value: `file:${join(dir, "key")}` }, { key: "B", value: "env:GOOD" }] };
    const { value, secrets } = await resolveSecretReferences(body, paths, "connection", source);
    expect(value).toEqual({ fields: { API_KEY: "sk-from-env-0011" }, headers: [{ key: "A", value: "sk-from-file-2233" }, { key: "B", value: "sk-from-env-0011" }] });
    expect(secrets).toEqual(["sk-from-env-0011", "sk-from-file-2233", "sk-from-env-0011"]);
    expect(body.fields.API_KEY).toBe("env:GOOD");
  });

  it("refuses a literal, an empty or impossible variable, an unreadable or empty file, and the platform's own key", async () => {
    writeFileSync(join(dir, "empty"), "\n");
    writeFileSync(join(dir, "own"), "platform-key-xyz");
    const cases: Array<[string, RegExp]> = [
      ["sk-literal-key-9999", /must be a reference to the secret, not the secret: env:NAME/],
      ["env:EMPTY", /env:EMPTY, which is not set/],
      ["env:1-bad name", /cannot exist/],
      [`file:${join(dir, "missing")}`, /cannot read \(ENOENT\)/],
      [`file:${join(dir, "empty")}`, /empty file/],
      [`file:${join(dir, "own")}`, /own platform credential/],
    ];
    for (const [given, message] of cases) {
      const issues = await refusal(resolveSecretReferences({ fields: { API_KEY: given } }, paths, "connection", source));
      expect(issues, given).toEqual([expect.objectContaining({ field: "connection.fields.API_KEY", rule: "secretReference", message: expect.stringMatching(message) })]);
      if (!given.startsWith("env:") && !given.startsWith("file:")) expect(issues[0]!.message).not.toContain(given);
    }
  });

  it("names every refused field at once", async () => {
    const issues = await refusal(resolveSecretReferences({ headers: [{ key: "A", value: "lit-one-123" }, { key: "B", value: "lit-two-456" }] }, paths, "changes", source));
    expect(issues.map((i) => i.field)).toEqual(["changes.headers[0].value", "changes.headers[1].value"]);
  });
});
