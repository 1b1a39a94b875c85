// src/generated/id-patterns.ts: the pattern of each id schema of the spec (components/schemas
// named …Id with a pattern), for the checks the client makes outside a request, such as whether
// a saved import's session id is one the service could have given.
import { codeHeader } from "./generated-header.mjs";

/** @typedef {import("./json-types.ts").JsonObject} JsonObject */

/**
 * { SchemaName: "pattern" } for every components/schemas entry named …Id that has a pattern.
 * @param {JsonObject} spec
 */
export function idPatterns(spec) {
  return Object.fromEntries(
    Object.entries(spec.components?.schemas ?? {})
      .filter(([name, schema]) => name.endsWith("Id") && typeof schema?.pattern === "string")
      .map(([name, schema]) => [name, schema.pattern]),
  );
}

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderIdPatterns({ spec }) {
  const entries = Object.entries(idPatterns(spec)).map(([name, pattern]) => `  ${name}: ${JSON.stringify(pattern)},`);
  return [...codeHeader(), "", "/** The pattern of each id schema of the spec (components/schemas …Id), as JSON Schema writes it. */", "export const idPatterns = {", ...entries, "} as const;", ""].join("\n");
}
