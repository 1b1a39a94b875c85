// The per-call options every method takes (a signal, and `wait` on the calls that start a job)
// and the one check of a caller's options or request object: a misspelled key is named with
// the key it resembles, before anything is sent, for JavaScript callers too.
import { ValidationError } from "../kernel/errors.js";
import type { WaitOptions } from "./jobs/wait-options.js";
import { isSignal, optionKeys, optionsRecord, unknownKeyIssues } from "../kernel/option-check.js";

export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

export interface JobOptions extends RequestOptions {
  /** Poll the job until it ends: `true` for the default schedule, or the waiter's options. */
  wait?: boolean | WaitOptions | undefined;
}

/** The `signal` of an openapi-fetch call when there is one: an explicit undefined is not a signal. */
export function signalOf(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

export const REQUEST_OPTION_KEYS = optionKeys<RequestOptions>({ signal: true });
export const JOB_OPTION_KEYS = optionKeys<JobOptions>({ signal: true, wait: true });

/**
 * A per-call options object (undefined counts as `{}`): every key must be one of `keys`, and a
 * signal must be one. Returns the caller's own object, so later reads see what was checked.
 */
export function checkOptions<T extends object>(options: T | undefined, keys: readonly string[], operationId?: string): T {
  return checked(options, keys, "options", false, operationId) as T;
}

/** A required request object (`name` is how messages call it): present, an object, and only `keys`. */
export function checkRequestObject(request: unknown, keys: readonly string[], name: string, operationId: string): void {
  checked(request, keys, name, true, operationId);
}

function checked(value: unknown, keys: readonly string[], name: string, required: boolean, operationId: string | undefined): Record<string, unknown> {
  const { record, issues } = optionsRecord(value, name);
  if (required && value === undefined) issues.push({ field: name, rule: "required", message: `${name} is required` });
  issues.push(...unknownKeyIssues(record, keys, ""), ...isSignal("signal", record.signal));
  if (issues.length > 0) throw new ValidationError(issues, operationId);
  return record;
}
