// JSON text of a request body, with a failure that names the field: JSON.stringify throws a bare
// TypeError for a BigInt or a cycle deep inside free-form data such as `chunkMeta`.
import { ValidationError, type ValidationIssue } from "./errors.js";

export function toJsonText(value: unknown, field: string): string {
  try {
    return JSON.stringify(value);
  } catch {
    throw new ValidationError([jsonIssue(value, field) ?? { field, rule: "json", message: `${field} cannot be sent as JSON` }]);
  }
}

/** The first value JSON cannot carry, by its dotted path; undefined when none is found. */
function jsonIssue(root: unknown, field: string): ValidationIssue | undefined {
  const ancestors = new Set<object>();
  const visit = (value: unknown, path: string): ValidationIssue | undefined => {
    if (typeof value === "bigint") return { field: path, rule: "json", message: `${path} is a BigInt, which JSON cannot carry; send a number or a string` };
    if (typeof value !== "object" || value === null) return undefined;
    if (ancestors.has(value)) return { field: path, rule: "json", message: `${path} contains itself (a cycle), which JSON cannot carry` };
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") {
      try {
        (value as { toJSON: () => unknown }).toJSON();
      } catch {
        return { field: path, rule: "json", message: `${path} cannot be sent as JSON: its toJSON() throws` };
      }
      return undefined;
    }
    ancestors.add(value);
    for (const [key, child] of Object.entries(value)) {
      const found = visit(child, `${path}.${key}`);
      if (found) return found;
    }
    ancestors.delete(value);
    return undefined;
  };
  return visit(root, field);
}
