// Checks a request against the validators generated from the spec, and turns Ajv's findings
// into issues that name the field and the rule; then the rules between two fields the spec
// records beside its schemas (x-ordered-fields). Loaded on the first request
// (../lazy-modules.ts): the compiled validators are most of the client's code.
import type { OperationId } from "../../generated/operations.js";
import { bodyVariants, requestValidators as table, type RequestValidator, type ValidationIssue as AjvIssue } from "../../generated/validators.js";
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { segmentsOf } from "../../kernel/json-pointer.js";
import { present } from "../../kernel/present.js";
import { orderIssues } from "./ordered-fields.js";

export interface RequestParts {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown | undefined;
}

/** Issues with the request, by the spec; empty when it may be sent. */
export function requestIssues(operationId: OperationId, parts: RequestParts, bodyRequired: boolean): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const part of ["path", "query", "body"] as const) {
    const validate = table[`${operationId}_${part}`];
    if (!validate) continue;
    // A request part left out is validated as empty, so required parameters are still named.
    const value = parts[part] ?? (part === "body" ? parts.body : {});
    if (part === "body" && (value === undefined || value === null)) {
      if (bodyRequired) issues.push({ field: "body", rule: "required", message: `body is required (got ${value === null ? "null" : "nothing"})` });
      continue;
    }
    if (validate(value)) {
      if (part === "body") issues.push(...orderIssues(operationId, value));
      continue;
    }
    const variants = part === "body" ? bodyVariants[operationId] : undefined;
    issues.push(...(variants ? closestVariantIssues(variants, value) : toIssues(validate.errors ?? [])));
  }
  return issues;
}

/** Throws a ValidationError naming each problem of the request. */
export function checkRequest(operationId: OperationId, parts: RequestParts, bodyRequired = false): void {
  const issues = requestIssues(operationId, parts, bodyRequired);
  if (issues.length > 0) throw new ValidationError(issues, operationId);
}

// A body that is one of several shapes failed all of them. A shape whose fixed values (`enum` of
// one value, such as `provider`) do not match is not what the caller meant; of the others, the
// ones with fewest complaints are. One such shape: its issues. Several: each, prefixed with the
// shape's title, so "mapProvider is required" is not read as required for every shape.
function closestVariantIssues(variants: ReadonlyArray<{ title: string; validate: RequestValidator }>, value: unknown): ValidationIssue[] {
  const scored = variants.map(({ title, validate }) => {
    validate(value);
    const errors = validate.errors ?? [];
    const mismatch = errors.some((e) => e.keyword === "enum" && e.instancePath.split("/").length === 2 && (e.params.allowedValues as unknown[]).length === 1);
    return { title, issues: toIssues(errors), mismatch };
  });
  const candidates = scored.filter((v) => !v.mismatch);
  if (candidates.length === 0) {
    // No shape has this discriminating value: say which values there are.
    const allowed = [
      ...new Set(
        variants.flatMap(({ validate }) => (validate.errors ?? []).filter((e) => e.keyword === "enum").flatMap((e) => e.params.allowedValues as unknown[])),
      ),
    ];
    const field = (present(variants[0], "the first shape of a body of several").validate.errors ?? []).find((e) => e.keyword === "enum")?.instancePath.slice(1) ?? "body";
    return [{ field, rule: "enum", message: `${field} must be one of: ${allowed.map((v) => JSON.stringify(v)).join(", ")}` }];
  }
  const fewest = Math.min(...candidates.map((v) => v.issues.length));
  const closest = candidates.filter((v) => v.issues.length === fewest);
  const [only] = closest;
  if (closest.length === 1 && only !== undefined) return only.issues;
  return closest.flatMap(({ title, issues }) => issues.map((i) => ({ ...i, message: `as ${title}: ${i.message}` })));
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
  return segmentsOf(pointer).join(".");
}
