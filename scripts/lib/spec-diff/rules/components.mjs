// Components by name. The generated types (`@platform/management-client/types`) export every
// schema, response, parameter, request body, header and path item of the spec under its
// component name, so a component removed or renamed is an exported type removed, whatever the
// operations that used it now use instead.
import { memberAt, recordOf } from "../../json-members.mjs";
import { record } from "../changes.mjs";
import { ROWS, rule } from "./changelog-rows.mjs";
import { escapeSegment } from "../../spec.mjs";

/** @typedef {import("../changes.mjs").ChangeRecord} ChangeRecord */
/** @typedef {import("../../json-types.ts").JsonRecord} JsonRecord */

export const COMPONENT_REMOVED = rule(
  "component-removed",
  ROWS.exportedTypeRemoved,
  null,
  "A component (schema, response, parameter, request body, header, path item) removed or renamed.",
);
export const COMPONENT_ADDED = rule("component-added", ROWS.exportAdded, null, "A component added.");

export const RULES = [COMPONENT_REMOVED, COMPONENT_ADDED];

// The sections openapi-typescript writes into `components`.
export const EXPORTED_SECTIONS = ["schemas", "responses", "parameters", "requestBodies", "headers", "pathItems"];


/**
 * Components removed or added, section by section.
 * @param {JsonRecord} base @param {JsonRecord} head
 */
export function componentChanges(base, head) {
  /** @type {ChangeRecord[]} */
  const out = [];
  for (const section of EXPORTED_SECTIONS) {
    const x = recordOf(memberAt(base, "components", section));
    const y = recordOf(memberAt(head, "components", section));
    const at = `/components/${section}`;
    for (const name of Object.keys(x)) {
      if (!Object.hasOwn(y, name))
        out.push(
          record(COMPONENT_REMOVED, {
            base: `${at}/${escapeSegment(name)}`,
            head: memberAt(head, "components", section) ? at : "/components",
            holder: at,
            message: `components.${section}.${name} removed`,
          }),
        );
    }
    for (const name of Object.keys(y)) {
      if (!Object.hasOwn(x, name))
        out.push(
          record(COMPONENT_ADDED, {
            base: memberAt(base, "components", section) ? at : "/components",
            head: `${at}/${escapeSegment(name)}`,
            holder: at,
            message: `components.${section}.${name} added`,
          }),
        );
    }
  }
  return out;
}
