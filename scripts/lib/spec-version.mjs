// src/generated/spec-version.ts: info.version of the spec, for `platform --version` and the
// version stamped on every drift (the build stamps dist/version.js alike).
import { codeHeader } from "./generated-header.mjs";
import { memberAt } from "./json-members.mjs";

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderSpecVersion({ spec }) {
  const version = memberAt(spec, "info", "version");
  if (typeof version !== "string") throw new Error("the spec has no info.version");
  return [...codeHeader(), "", "/** info.version of the spec the sources were generated from. */", `export const SPEC_VERSION = ${JSON.stringify(version)};`, ""].join("\n");
}
