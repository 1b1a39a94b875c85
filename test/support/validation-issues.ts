// A refusal as the tests check it: call something, expect a ValidationError (every bad option or
// field, each named with its rule), and read its issues as [field, rule] pairs, or the error itself
// where a test also checks a message or a suggestion. One home, so every test fails the same
// readable way when nothing is thrown or something else is.
import { ValidationError } from "../../src/kernel/errors.js";

export type IssuePair = [field: string, rule: string];

/** The error `run` throws, which must be a ValidationError (or a subclass, such as ConfigurationError). */
export function validationErrorOf(run: () => unknown): ValidationError {
  let returned: unknown;
  try {
    returned = run();
  } catch (error) {
    return asValidationError(error);
  }
  if (isThenable(returned)) {
    // Its rejection is not this test's to report: the message below says what to call instead.
    (returned as PromiseLike<unknown>).then(undefined, () => undefined);
    throw new Error("expected a ValidationError to be thrown, but the call returned a promise: use rejectedValidationError");
  }
  throw new Error("expected a ValidationError to be thrown, but the call returned normally");
}

/** The error `work` (a promise, or a function making one) rejects with, which must be a ValidationError. */
export async function rejectedValidationError(work: PromiseLike<unknown> | (() => unknown)): Promise<ValidationError> {
  try {
    await (typeof work === "function" ? work() : work);
  } catch (error) {
    return asValidationError(error);
  }
  throw new Error("expected a rejection with a ValidationError, but the call settled normally");
}

/** The [field, rule] pairs of the ValidationError `run` throws, in the error's order. */
export function issuesOf(run: () => unknown): IssuePair[] {
  return pairsOf(validationErrorOf(run));
}

/** The [field, rule] pairs of the ValidationError `work` rejects with, in the error's order. */
export async function rejectedIssues(work: PromiseLike<unknown> | (() => unknown)): Promise<IssuePair[]> {
  return pairsOf(await rejectedValidationError(work));
}

/** An error's issues as [field, rule] pairs: what a refusal names, without the wording of each message. */
export function pairsOf(error: ValidationError): IssuePair[] {
  return error.issues.map(({ field, rule }) => [field, rule]);
}

function asValidationError(error: unknown): ValidationError {
  if (error instanceof ValidationError) return error;
  const described = error instanceof Error ? `${error.name}: ${error.message}` : `a non-error value: ${String(error)}`;
  throw new Error(`expected a ValidationError, but got ${described}`, { cause: error });
}

function isThenable(value: unknown): boolean {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
