// The differ reads sides nobody linted (a base from git, a file a user names): a member of the
// wrong kind is compared as what it is, never read through. These nulls are what YAML gives for a
// key or list item written with no value.
import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../../scripts/lib/spec-diff/diff.mjs";
import { parseSide } from "../../../scripts/lib/spec-diff/document.mjs";

const HEAD = `openapi: 3.1.0
info: {title: T, version: "1"}
servers:
  - url: https://api.example.test/v1
paths:
  /a:
    get:
      operationId: getA
      responses:
        "200":
          description: ok
`;

const changesOf = (base: string) =>
  diffSpecs(parseSide(base, { file: "base.yaml" }), parseSide(HEAD, { file: "head.yaml" })).changes.map((c: { rule: string; message: string }) => `${c.rule}: ${c.message}`);

describe("spec-diff on a side lint would refuse", () => {
  it("compares a response written with no value (null) as one with no headers or content", () => {
    expect(changesOf(HEAD.replace(`        "200":\n          description: ok\n`, `        "200":\n`))).toEqual([]);
  });

  it("reports a server written with no value (null) as removed, the head's as added", () => {
    expect(changesOf(HEAD.replace("  - url: https://api.example.test/v1\n", "  -\n"))).toEqual([
      "server-removed: server `undefined` removed",
      "server-added: server `https://api.example.test/v1` added",
    ]);
  });
});
