// A request checked against the spec with the validators generated from it, as Prism checks it:
// path parameters, query and body, every failure reported as a violation with its field and rule.
// Values that travel as text (query parameters, multipart fields) are read as the number or
// boolean the schema asks for, which is what the validators' own type errors say.
import { departuresOf, type Departure } from "../../../drift/departures.js";
import { pointerOf, unescapeSegment } from "../../../kernel/json-pointer.js";
import type { OperationId } from "../../../generated/operations.js";
import { requestValidators, type RequestValidator, type ValidationIssue } from "../../../generated/validators.js";
import { orderIssues } from "../../../wrappers/request/ordered-fields.js";
import type { Violation } from "./problems.js";

type Location = "path" | "query" | "body";

export interface CheckedRequest {
  query: Record<string, unknown>;
  body: unknown;
}

/** A refused request's departures from the spec, per part, for the mock's drift report. */
export type RequestDrift = Array<{ location: Location; departures: Departure[] }>;

// An operation's three validators, looked up once: the table is large and its keys are built.
const VALIDATORS = new Map<OperationId, Record<Location, RequestValidator | undefined>>();
function validatorsOf(operationId: OperationId): Record<Location, RequestValidator | undefined> {
  let found = VALIDATORS.get(operationId);
  if (!found) {
    found = { path: requestValidators[`${operationId}_path`], query: requestValidators[`${operationId}_query`], body: requestValidators[`${operationId}_body`] };
    VALIDATORS.set(operationId, found);
  }
  return found;
}

// Numbers as JSON writes them, nothing else: Number() would also read "0x1", "1e0" and " 1 " as 1,
// so a client sending those would pass here and fail on a stricter server.
const INTEGER_TEXT = /^-?(?:0|[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function coerce(text: string, type: unknown): unknown {
  const types = Array.isArray(type) ? type : [type];
  if (types.includes("integer") && INTEGER_TEXT.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (types.includes("number") && NUMBER_TEXT.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

/**
 * Validates `value`; where the only complaint about a top-level text value is its type, reads
 * it as that type and validates again. Returns the (possibly coerced) value and the issues left.
 */
function validateText(validate: RequestValidator, value: Record<string, unknown>): { value: Record<string, unknown>; issues: ValidationIssue[] } {
  let current = value;
  for (let round = 0; round < 2; round++) {
    if (validate(current)) return { value: current, issues: [] };
    const issues = validate.errors ?? [];
    let changed = false;
    const next = { ...current };
    for (const issue of issues) {
      const segment = /^\/([^/]+)$/.exec(issue.instancePath)?.[1];
      const key = segment === undefined ? undefined : unescapeSegment(segment);
      if (issue.keyword !== "type" || key === undefined || typeof next[key] !== "string") continue;
      const coerced = coerce(next[key] as string, issue.params.type);
      if (coerced !== next[key]) {
        next[key] = coerced;
        changed = true;
      }
    }
    if (!changed) return { value: current, issues };
    current = next;
  }
  return validate(current) ? { value: current, issues: [] } : { value: current, issues: validate.errors ?? [] };
}

function toViolations(location: Location, issues: ValidationIssue[]): Violation[] {
  // anyOf/oneOf report every branch's complaint, then their own; the branch errors say more.
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const issue of issues) {
    const missing = issue.keyword === "required" ? `/${String(issue.params.missingProperty)}` : "";
    const extra = issue.keyword === "additionalProperties" ? `/${String(issue.params.additionalProperty)}` : "";
    const field = `${issue.instancePath}${missing}${extra}`;
    const message = issue.keyword === "additionalProperties" ? "is not a property of this schema" : issue.keyword === "required" ? "is required" : (issue.message ?? issue.keyword);
    const key = `${field} ${issue.keyword} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push({ in: location, field, rule: issue.keyword, message: issue.keyword === "enum" ? `${message}: ${JSON.stringify(issue.params.allowedValues)}` : message });
  }
  return violations;
}

/**
 * Checks a request's parts. `textBody` marks a multipart body, whose fields are text on the wire.
 * Resolves to the coerced query and body, or the violations.
 */
export function checkRequest(
  operationId: OperationId,
  parts: { params: Record<string, string>; query: Record<string, string>; body: unknown; textBody: boolean },
): { ok: CheckedRequest } | { violations: Violation[]; drift: RequestDrift } {
  const violations: Violation[] = [];
  const drift: RequestDrift = [];
  const refuse = (location: Location, issues: ValidationIssue[], value: unknown) => {
    if (issues.length === 0) return;
    violations.push(...toViolations(location, issues));
    drift.push({ location, departures: departuresOf(issues, value) });
  };

  const { path: pathValidator, query: queryValidator, body: bodyValidator } = validatorsOf(operationId);
  if (pathValidator && !pathValidator(parts.params)) refuse("path", pathValidator.errors ?? [], parts.params);

  let query: Record<string, unknown> = parts.query;
  if (queryValidator) {
    const checked = validateText(queryValidator, parts.query);
    query = checked.value;
    refuse("query", checked.issues, checked.value);
  } else {
    const names = Object.keys(parts.query);
    for (const name of names) violations.push({ in: "query", field: `/${name}`, rule: "additionalProperties", message: "is not a parameter of this operation" });
    // The same refusal as the validator of an operation without query parameters would make.
    const issues = names.map((name) => ({ instancePath: "", schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: name } }));
    if (issues.length > 0) drift.push({ location: "query", departures: departuresOf(issues, parts.query) });
  }

  let body = parts.body;
  if (bodyValidator && body !== undefined) {
    if (parts.textBody && body !== null && typeof body === "object") {
      const checked = validateText(bodyValidator, body as Record<string, unknown>);
      body = checked.value;
      refuse("body", checked.issues, checked.value);
    } else if (!bodyValidator(body)) {
      refuse("body", bodyValidator.errors ?? [], body);
    }
    if (violations.length === 0) {
      const ordered = orderIssues(operationId, body);
      for (const issue of ordered) violations.push({ in: "body", field: `/${issue.field.replaceAll(".", "/")}`, rule: issue.rule, message: issue.message });
      // A break of the spec like any other, so the drift report has it too (as x-ordered-fields).
      const issues = ordered.map((issue) => ({ instancePath: pointerOf(issue.field.split(".")), schemaPath: "#/x-ordered-fields", keyword: "x-ordered-fields", params: {} }));
      if (issues.length > 0) drift.push({ location: "body", departures: departuresOf(issues, body) });
    }
  }
  return violations.length > 0 ? { violations, drift } : { ok: { query, body } };
}
