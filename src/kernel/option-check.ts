// Checks of a caller's options object, shared by every entry point that takes one: unknown keys
// (with the key the caller probably meant) and the few value rules options use. JavaScript
// callers get the same refusals as TypeScript ones, before anything is sent.
import type { ValidationIssue } from "./errors.js";
import { isAbortSignal } from "./abort.js";
import { isRecord } from "./records.js";
import { present } from "./present.js";

/**
 * The keys of an options interface, checked by the compiler both ways: a key the interface lacks
 * and a key of the interface left out are both errors, so the list cannot drift from the type.
 */
export function optionKeys<T>(keys: Record<keyof T, true>): readonly string[] {
  return Object.freeze(Object.keys(keys));
}

// "Did you mean …?": swapped neighbours count as one edit (`porxy` for `proxy` is the typo people
// make), and case is ignored (`proxyTLS` for `proxyTls` is a misspelling too).

/** The name in `names` nearest to `input`, when it is near enough to be what was meant. */
export function closestName(input: string, names: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  // Short names tolerate fewer edits, or every two-letter typo would match something.
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of names) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  // Every cell read was written first: the first row and column above, then row by row.
  const at = (i: number, j: number): number => present(d[i * cols + j], "a cell of the edit distance table");
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
      d[i * cols + j] = value;
    }
  }
  return at(rows - 1, cols - 1);
}

/** `prefix` names the options object in messages, e.g. `wait` gives `wait.timeoutMS`. */
export function unknownKeyIssues(value: object, known: readonly string[], prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    const hint = closestName(key, known);
    issues.push({
      field,
      rule: "unknownOption",
      message: `${field} is not an option${hint ? `; did you mean ${prefix ? `${prefix}.` : ""}${hint}?` : ` (the options are ${known.join(", ")})`}`,
    });
  }
  return issues;
}

/**
 * An options argument: undefined counts as `{}`; anything but a plain object is an issue. The
 * returned record is the caller's own object (not a copy), so later reads see what was checked.
 */
export function optionsRecord(value: unknown, name: string): { record: Record<string, unknown>; issues: ValidationIssue[] } {
  if (value === undefined) return { record: {}, issues: [] };
  if (isRecord(value)) return { record: value, issues: [] };
  return { record: {}, issues: [{ field: name, rule: "type", message: `${name} must be an object (got ${describeType(value)})` }] };
}

export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

const issue = (field: string, rule: string, must: string): ValidationIssue[] => [{ field, rule, message: `${field} must ${must}` }];

// Each rule below passes an undefined value: optional options are left out, required ones are
// checked by the caller with `required`.

export function required(field: string, value: unknown): ValidationIssue[] {
  return value === undefined || value === null ? issue(field, "required", "be given") : [];
}

export function integerIn(field: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): ValidationIssue[] {
  if (value === undefined) return [];
  if (typeof value !== "number" || !Number.isSafeInteger(value)) return issue(field, "type", `be an integer (got ${describeType(value)} ${String(value)})`);
  if (value < min) return issue(field, "minimum", `be >= ${min} (got ${value})`);
  return value > max ? issue(field, "maximum", `be <= ${max} (got ${value})`) : [];
}

export function numberAtLeast(field: string, value: unknown, min: number, { exclusive = false } = {}): ValidationIssue[] {
  if (value === undefined) return [];
  if (typeof value !== "number") return issue(field, "type", `be a number (got ${describeType(value)})`);
  if (!Number.isFinite(value)) return issue(field, "finite", `be a finite number (got ${value})`);
  if (exclusive ? value <= min : value < min) return issue(field, exclusive ? "exclusiveMinimum" : "minimum", `be ${exclusive ? ">" : ">="} ${min} (got ${value})`);
  return [];
}

export function isFunction(field: string, value: unknown): ValidationIssue[] {
  return value === undefined || typeof value === "function" ? [] : issue(field, "type", `be a function (got ${describeType(value)})`);
}

export function isSignal(field: string, value: unknown): ValidationIssue[] {
  return value === undefined || isAbortSignal(value) ? [] : issue(field, "type", "be an AbortSignal");
}

export function nonBlank(field: string, value: unknown): ValidationIssue[] {
  if (value === undefined) return [];
  if (typeof value !== "string") return issue(field, "type", `be a string (got ${describeType(value)})`);
  return value.trim() ? [] : issue(field, "minLength", "not be empty");
}
