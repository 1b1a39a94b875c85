// src/generated/id-patterns.ts: the pattern of each id schema of the spec (components/schemas
// named …Id with a pattern), for the checks the client makes outside a request, such as whether
// a saved import's session id is one the service could have given.
import { codeHeader } from "./generated-header.mjs";
import { memberAt, recordOf } from "./json-members.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */

/**
 * { SchemaName: "pattern" } for every components/schemas entry named …Id that has a pattern.
 * @param {JsonRecord} spec
 */
export function idPatterns(spec) {
  return Object.fromEntries(
    Object.entries(recordOf(memberAt(spec, "components", "schemas"))).flatMap(/** @returns {[string, string][]} */ ([name, schema]) => {
      const pattern = memberAt(schema, "pattern");
      return name.endsWith("Id") && typeof pattern === "string" ? [[name, pattern]] : [];
    }),
  );
}

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderIdPatterns({ spec }) {
  const entries = Object.entries(idPatterns(spec)).map(([name, pattern]) => `  ${name}: ${JSON.stringify(pattern)},`);
  return [...codeHeader(), "", "/** The pattern of each id schema of the spec (components/schemas …Id), as JSON Schema writes it. */", "export const idPatterns = {", ...entries, "} as const;", ""].join("\n");
}
