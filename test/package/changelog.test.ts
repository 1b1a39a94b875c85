// The versioning rule of CHANGELOG.md, held to: the package version is the spec's info.version,
// and the changelog's latest release is that version.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT, loadSpec } from "../../scripts/lib/spec.mjs";
import { specVersionOf } from "../support/spec-members.js";

const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8"));
const changelog = readFileSync(resolve(REPO_ROOT, "CHANGELOG.md"), "utf8");

it("package.json version is the spec's info.version", () => {
  expect(manifest.version).toBe(specVersionOf(loadSpec()));
});

it("the changelog's latest release is the package version", () => {
  const releases = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map((m) => m[1]);
  expect(releases[0]).toBe(manifest.version);
});

it("the changelog states the versioning rule", () => {
  expect(changelog).toMatch(/^## Versioning rule$/m);
  expect(changelog).toContain("`info.version`");
});
