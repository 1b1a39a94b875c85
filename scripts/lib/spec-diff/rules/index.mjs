// Every rule of the differ, family by family. Each family's file holds its rules (data: id, the
// CHANGELOG row applied, direction) and the small functions that find them; this list is what
// the report's legend, the guide's rule table and the corpus's coverage check read.
import { RULES as COMPONENTS } from "./components.mjs";
import { RULES as COMPOSITION } from "./composition.mjs";
import { RULES as CONSTRAINTS } from "./constraints.mjs";
import { RULES as DISCREPANCIES } from "./discrepancies.mjs";
import { RULES as DOCUMENTATION } from "./documentation.mjs";
import { RULES as ENUMS } from "./enums.mjs";
import { RULES as EXAMPLES } from "./examples.mjs";
import { RULES as OPERATIONS } from "./operations.mjs";
import { RULES as PARAMETERS } from "./parameters.mjs";
import { RULES as PROPERTIES } from "./properties.mjs";
import { RULES as REQUEST_BODY } from "./request-body.mjs";
import { RULES as RESPONSES } from "./responses.mjs";
import { RULES as SECURITY } from "./security.mjs";
import { RULES as SERVERS } from "./servers.mjs";
import { RULES as TYPES } from "./types.mjs";

/** Families in the order a reader meets them: operations, their parts, schemas, the document. */
export const FAMILIES = {
  operations: OPERATIONS,
  parameters: PARAMETERS,
  "request-body": REQUEST_BODY,
  responses: RESPONSES,
  security: SECURITY,
  properties: PROPERTIES,
  types: TYPES,
  enums: ENUMS,
  constraints: CONSTRAINTS,
  composition: COMPOSITION,
  servers: SERVERS,
  components: COMPONENTS,
  discrepancies: DISCREPANCIES,
  examples: EXAMPLES,
  documentation: DOCUMENTATION,
};

export const ALL_RULES = Object.values(FAMILIES).flat();

const byId = new Map(ALL_RULES.map((r) => [r.id, r]));
if (byId.size !== ALL_RULES.length) throw new Error("two spec-diff rules share an id");

/**
 * The rule with this id; throws on an unknown id.
 * @param {string} id
 */
export function ruleById(id) {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown spec-diff rule "${id}"`);
  return found;
}
