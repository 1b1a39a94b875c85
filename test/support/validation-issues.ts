// A refusal as the tests check it: call something, expect a ValidationError (every bad option or
// field, each named with its rule), and read its issues as [field, rule] pairs, or the error itself
// where a test also checks a message or a suggestion. One home, so every test fails the same
// readable way when nothing is thrown or something else is.
import { ValidationError, type ValidationIssue } from "../../src/kernel/errors.js";

export type IssuePair = [field: string, rule: string];
/** ValidationError or a subclass of it, such as ConfigurationError, for a test that expects that one. */
export type ValidationErrorClass<E extends ValidationError> = abstract new (...args: never[]) => E;

/** The error `run` throws, which must be a ValidationError (or `kind`, a subclass of it). */
export function validationErrorOf<E extends ValidationError = ValidationError>(run: () => unknown, kind?: ValidationErrorClass<E>): E {
  let returned: unknown;
  try {
    returned = run();
  } catch (error) {
    return asValidationError(error, kind);
  }
  if (isThenable(returned)) {
    // Its rejection is not this test's to report: the message below says what to call instead.
    (returned as PromiseLike<unknown>).then(undefined, () => undefined);
    throw new Error(`expected a ${nameOf(kind)} to be thrown, but the call returned a promise: use rejectedValidationError`);
  }
  throw new Error(`expected a ${nameOf(kind)} to be thrown, but the call returned normally`);
}

/** The error `work` (a promise, or a function making one) rejects with, which must be a ValidationError (or `kind`). */
export async function rejectedValidationError<E extends ValidationError = ValidationError>(
  work: PromiseLike<unknown> | (() => unknown),
  kind?: ValidationErrorClass<E>,
): Promise<E> {
  try {
    await (typeof work === "function" ? work() : work);
  } catch (error) {
    return asValidationError(error, kind);
  }
  throw new Error(`expected a rejection with a ${nameOf(kind)}, but the call settled normally`);
}

/** The [field, rule] pairs of the ValidationError `run` throws, in the error's order. */
export function issuesOf(run: () => unknown): IssuePair[] {
  return pairsOf(validationErrorOf(run));
}

/** The [field, rule] pairs of the ValidationError `work` rejects with, in the error's order. */
export async function rejectedIssues(work: PromiseLike<unknown> | (() => unknown)): Promise<IssuePair[]> {
  return pairsOf(await rejectedValidationError(work));
}

/** An error's issues (or a checker's, not thrown) as [field, rule] pairs: what a refusal names, without the wording of each message. */
export function pairsOf(refusal: ValidationError | readonly ValidationIssue[]): IssuePair[] {
  const issues = refusal instanceof ValidationError ? refusal.issues : refusal;
  return issues.map(({ field, rule }) => [field, rule]);
}

function asValidationError<E extends ValidationError>(error: unknown, kind?: ValidationErrorClass<E>): E {
  // Without a kind, E is ValidationError itself (its default), which the check below proves.
  if (error instanceof (kind ?? ValidationError)) return error as E;
  const described = error instanceof Error ? `${error.name}: ${error.message}` : `a non-error value: ${String(error)}`;
  throw new Error(`expected a ${nameOf(kind)}, but got ${described}`, { cause: error });
}

function nameOf(kind: ValidationErrorClass<ValidationError> = ValidationError): string {
  return kind.name;
}

function isThenable(value: unknown): boolean {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
