// Validates one `x-discrepancies` value against openapi/discrepancy.schema.json, the single
// definition of the extension. The ruleset passes the schema's path relative to itself; Spectral
// bundles this file, so `import.meta.url` is not usable and the ruleset's own location is the anchor.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createRulesetFunction } from "@stoplight/spectral-core";
import { schema } from "@stoplight/spectral-functions";

const loaded = new Map();

/**
 * @param {string} file
 */
function loadSchema(file) {
  if (!loaded.has(file)) loaded.set(file, JSON.parse(readFileSync(file, "utf8")));
  return loaded.get(file);
}

export default createRulesetFunction(
  {
    input: null,
    options: {
      type: "object",
      additionalProperties: false,
      required: ["schemaPath"],
      properties: { schemaPath: { type: "string" } },
    },
  },
  function discrepancySchema(targetVal, { schemaPath }, context) {
    // Spectral sets the rule's owner (its ruleset) at load time; its types leave it out.
    const { owner } = /** @type {typeof context.rule & { owner: { source: string | null } }} */ (context.rule);
    const base = owner.source ? dirname(owner.source) : process.cwd();
    const definition = loadSchema(resolve(base, schemaPath));
    return schema(targetVal, { schema: definition, dialect: "draft2020-12", allErrors: true }, context);
  },
);
