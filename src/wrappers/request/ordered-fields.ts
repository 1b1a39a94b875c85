// The rules between two fields of a request body that the spec records beside its schemas
// (x-ordered-fields, generated into src/generated/ordered-fields.ts): `minReplicas` may not exceed
// `maxReplicas`. One check, used by the client's request check and the stateful mock's.
import { orderedFields } from "../../generated/ordered-fields.js";
import type { ValidationIssue } from "../../kernel/errors.js";

/** A body the schema accepts may still set a pair of fields the wrong way round. */
export function orderIssues(operationId: string, body: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const { at, lower, upper } of orderedFields[operationId] ?? []) {
    let node: unknown = body;
    for (const key of at) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    if (typeof node !== "object" || node === null) continue;
    const low = (node as Record<string, unknown>)[lower];
    const high = (node as Record<string, unknown>)[upper];
    if (typeof low !== "number" || typeof high !== "number" || low <= high) continue;
    const field = [...at, lower].join(".");
    issues.push({ field, rule: "ordered", message: `${field} (${low}) must not exceed ${[...at, upper].join(".")} (${high})` });
  }
  return issues;
}
