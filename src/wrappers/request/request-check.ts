// Checks a request against the validators generated from the spec, and turns Ajv's findings
// into issues that name the field and the rule. Loaded on the first request (./validate.ts):
// the compiled validators are most of the client's code.
import type { OperationId } from "../../generated/operations.js";
import { requestValidators as table, type ValidationIssue as AjvIssue } from "../../generated/validators.js";
import { ValidationError, type ValidationIssue } from "../errors.js";

export interface RequestParts {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** Throws a ValidationError naming each problem of the request. */
export function checkRequest(operationId: OperationId, parts: RequestParts): void {
  const issues: ValidationIssue[] = [];
  for (const part of ["path", "query", "body"] as const) {
    const validate = table[`${operationId}_${part}`];
    if (!validate) continue;
    // A request part left out is validated as empty, so required parameters are still named.
    const value = parts[part] ?? (part === "body" ? undefined : {});
    if (part === "body" && value === undefined) continue;
    if (!validate(value)) issues.push(...toIssues(validate.errors ?? []));
  }
  if (issues.length > 0) throw new ValidationError(issues, operationId);
}

/** Readable issues from Ajv errors: one per problem, the noise of `oneOf` branches removed. */
export function toIssues(errors: AjvIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  for (const error of focus(errors)) {
    const issue = toIssue(error);
    const key = `${issue.field}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}

// A failed `oneOf` reports the errors of every branch. When some branch got past the shape of
// the node (an error deeper inside it), those deeper errors say what is wrong; the shallow ones
// only say which other branch did not fit. With nothing deeper, one "matches no shape" remains.
function focus(errors: AjvIssue[]): AjvIssue[] {
  const oneOfPaths = errors.filter((e) => e.keyword === "oneOf").map((e) => e.instancePath);
  if (oneOfPaths.length === 0) return errors;
  return errors.filter((e) => {
    const at = oneOfPaths.find((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`));
    if (at === undefined) return true;
    const deeper = errors.some((o) => o.keyword !== "oneOf" && o.instancePath.startsWith(`${at}/`));
    if (deeper) return e.instancePath !== at;
    return e.keyword === "oneOf";
  });
}

function toIssue(error: AjvIssue): ValidationIssue {
  // Parameters and body fields are named as the caller wrote them: `connectionId`, `hyperParameters.topK`.
  const base = dotted(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const named = (key: string) => [base, String(params[key])].filter(Boolean).join(".");
  switch (error.keyword) {
    case "required":
      return issue(named("missingProperty"), "required", "is required");
    case "additionalProperties":
      return issue(named("additionalProperty"), "additionalProperties", "is not a field of this request in the spec");
    case "enum":
      return issue(base, "enum", `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`);
    case "const":
      return issue(base, "const", `must be ${JSON.stringify(params.allowedValue)}`);
    case "pattern":
      return issue(base, "pattern", patternMessage(String(params.pattern)));
    case "minLength":
      return issue(base, "minLength", params.limit === 1 ? "must not be empty" : `must be at least ${params.limit} characters long`);
    case "minItems":
      return issue(base, "minItems", params.limit === 1 ? "must not be empty" : `must have at least ${params.limit} items`);
    case "minProperties":
      return issue(base, "minProperties", `must set at least ${params.limit} field${params.limit === 1 ? "" : "s"}`);
    case "oneOf":
      return issue(base, "oneOf", "matches none of the shapes the spec allows here");
    case "discriminator":
      return issue(named("tag"), "discriminator", `must be one of the values the spec lists (got ${JSON.stringify(params.tagValue)})`);
    case "not":
      return issue(base, "not", "sets fields that the spec allows only one at a time");
    default:
      return issue(base, error.keyword, error.message ?? "is invalid");
  }
}

function issue(field: string, rule: string, text: string): ValidationIssue {
  const name = field || "body";
  return { field: name, rule, message: `${name} ${text}` };
}

// Id patterns of the spec begin with a literal prefix such as ^cn-: say that in words.
function patternMessage(pattern: string): string {
  const prefix = /^\^([A-Za-z]+(?:-[A-Za-z]+)*-)/.exec(pattern)?.[1];
  return prefix ? `must start with "${prefix}" (pattern ${pattern})` : `must match the pattern ${pattern}`;
}

function dotted(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");
}
