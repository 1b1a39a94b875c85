// Path parameters that would change which endpoint a request reaches. openapi-fetch encodes
// every value (a `/` becomes %2F), but `.` and `..` pass encoding unchanged and are resolved
// away by URL parsing: `chunks.delete("..", ids)` would reach another operation, authenticated.
// This check holds for every path parameter of every operation, whatever its schema says.
import type { ValidationIssue } from "../../kernel/errors.js";

const DOT_SEGMENTS = new Set([".", ".."]);

export function pathParameterIssues(path: Record<string, unknown> | undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [name, value] of Object.entries(path ?? {})) {
    if (value === undefined || value === null) continue; // a missing one is the validators' "required"
    const segment = String(value);
    if (segment.trim() === "") issues.push({ field: name, rule: "pathSegment", message: `${name} must not be empty` });
    else if (DOT_SEGMENTS.has(segment)) issues.push({ field: name, rule: "pathSegment", message: `${name} must not be "${segment}": a dot segment would address another path` });
  }
  return issues;
}
