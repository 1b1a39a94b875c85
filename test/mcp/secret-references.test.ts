// Secret references on their own: where the spec's secrets sit in a body, and how each reference
// is read or refused (naming the field, never quoting what was given).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { definitionsOf, wholeBody } from "../../src/mcp/schemas.js";
import { resolveSecretReferences, secretPaths, secretsAsReferences } from "../../src/mcp/secret-references.js";
import { rejectedValidationError } from "../support/validation-issues.js";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "platform-mcp-secrets-")));
const elsewhere = join(dir, "..", `${dir.split("/").pop()}-elsewhere`);
mkdirSync(elsewhere);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});
const source = {
  env: { GOOD: "sk-from-env-0011", EMPTY: "", UNLISTED: "sk-unlisted-env-4455" },
  allowedEnv: new Set(["GOOD", "EMPTY", "toString"]),
  allowedDirs: [dir],
  isPlatformCredential: (v: string) => v.includes("platform-key-xyz"),
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
      ["env:toString", /env:toString, which is not set/],
      ["env:1-bad name", /cannot exist/],
      [`file:${join(dir, "missing")}`, /cannot read \(ENOENT\)/],
      [`file:${join(dir, "empty")}`, /empty file/],
      [`file:${join(dir, "own")}`, /own platform credential/],
    ];
    for (const [given, message] of cases) {
      const { issues } = await rejectedValidationError(resolveSecretReferences({ fields: { API_KEY: given } }, paths, "connection", source));
      expect(issues, given).toEqual([expect.objectContaining({ field: "connection.fields.API_KEY", rule: "secretReference", message: expect.stringMatching(message) })]);
      if (!given.startsWith("env:") && !given.startsWith("file:")) expect(issues[0]!.message).not.toContain(given);
    }
  });

  it("names every refused field at once", async () => {
    const { issues } = await rejectedValidationError(
      resolveSecretReferences({ headers: [{ key: "A", value: "lit-one-123" }, { key: "B", value: "lit-two-456" }] }, paths, "changes", source),
    );
    expect(issues.map((i) => i.field)).toEqual(["changes.headers[0].value", "changes.headers[1].value"]);
  });
});

describe("the operator's allow-lists", () => {
  const paths = [["fields", "API_KEY"]];
  const issueOf = async (given: string) => (await rejectedValidationError(resolveSecretReferences({ fields: { API_KEY: given } }, paths, "connection", source))).issues[0]!;

  it("refuses a variable that is set but not listed, naming --secret-env and the option, without reading it", async () => {
    const issue = await issueOf("env:UNLISTED");
    expect(issue).toMatchObject({ field: "connection.fields.API_KEY", rule: "secretAllowList" });
    expect(issue.message).toContain("--secret-env UNLISTED (option secretEnv)");
    // Set or not, the answer is the same: a refusal tells nothing of the environment.
    expect((await issueOf("env:NEVER_SET_ANYWHERE")).rule).toBe("secretAllowList");
  });

  it("refuses files outside the listed folders, through .. or a link, naming --secret-dir", async () => {
    writeFileSync(join(elsewhere, "key"), "sk-outside-the-folder-66");
    symlinkSync(join(elsewhere, "key"), join(dir, "link-out"));
    for (const given of [`file:${join(elsewhere, "key")}`, `file:${dir}/../${elsewhere.split("/").pop()}/key`, `file:${join(dir, "link-out")}`, "file:/etc/hostname", `file:${join(elsewhere, "missing")}`]) {
      const issue = await issueOf(given);
      expect(issue, given).toMatchObject({ rule: "secretAllowList", message: expect.stringContaining("--secret-dir DIR (option secretDirs)") });
    }
    const none = { ...source, allowedDirs: [] };
    writeFileSync(join(dir, "inside"), "sk-inside-the-folder-77");
    expect((await rejectedValidationError(resolveSecretReferences({ fields: { API_KEY: `file:${join(dir, "inside")}` } }, paths, "connection", none))).rule).toBe("secretAllowList");
    expect((await resolveSecretReferences({ fields: { API_KEY: `file:${join(dir, "inside")}` } }, paths, "connection", source)).secrets).toEqual(["sk-inside-the-folder-77"]);
  });

  it("refuses a FIFO at once and a file over the cap, inside an allowed folder", async () => {
    execFileSync("mkfifo", [join(dir, "fifo")]);
    // Nobody ever writes to the FIFO: a read that waited for a writer would never answer.
    expect(await issueOf(`file:${join(dir, "fifo")}`)).toMatchObject({ rule: "secretReference", message: expect.stringContaining("ENOTFILE: not a regular file") });
    writeFileSync(join(dir, "huge"), Buffer.alloc(64 * 1024 + 1, 97));
    expect((await issueOf(`file:${join(dir, "huge")}`)).message).toContain("EFBIG");
    expect(await issueOf(`file:${dir}`)).toMatchObject({ rule: "secretAllowList" });
  });
});
