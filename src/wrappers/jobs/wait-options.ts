// The options of a wait, checked before anything is sent: a typo must not start a deploy.
import { ValidationError } from "../errors.js";
import { isFunction, isSignal, numberAtLeast, optionKeys, optionsRecord, unknownKeyIssues } from "../internal/option-check.js";
import type { Job } from "../normalize/jobs.js";

export interface WaitOptions {
  /** Shortest pause between two polls (ms). */
  minDelayMs?: number;
  /** Longest pause between two polls (ms); the backoff stops growing here. */
  maxDelayMs?: number;
  /** Give up (JobTimeoutError) when the job is still running this long after the wait began (ms); every poll is cut short to fit. */
  timeoutMs?: number;
  /** Stops the wait (AbortError), during a pause or a poll. */
  signal?: AbortSignal;
  /** Called with every record polled, and the poll's number (1 for the first). */
  onPoll?: (job: Job, poll: number) => void;
  /** Source of jitter in [0, 1); Math.random unless a test pins it. */
  random?: () => number;
}

// A job usually takes seconds to minutes: start at a second, never pause longer than 30 s, and
// stop after half an hour.
export const DEFAULT_WAIT: Readonly<Required<Pick<WaitOptions, "minDelayMs" | "maxDelayMs" | "timeoutMs">>> = Object.freeze({
  minDelayMs: 1_000,
  maxDelayMs: 30_000,
  timeoutMs: 30 * 60_000,
});

export const WAIT_OPTION_KEYS = optionKeys<WaitOptions>({ minDelayMs: true, maxDelayMs: true, timeoutMs: true, signal: true, onPoll: true, random: true });

export type ResolvedWait = Required<Pick<WaitOptions, "minDelayMs" | "maxDelayMs" | "timeoutMs" | "random">> & Pick<WaitOptions, "signal" | "onPoll">;

/** The options with their defaults, or a ValidationError naming every bad one under `name`. */
export function resolveWaitOptions(options: unknown, name = "options"): ResolvedWait {
  const { record, issues } = optionsRecord(options, name);
  const prefix = name === "options" ? "" : name;
  const field = (key: string) => (prefix ? `${prefix}.${key}` : key);
  issues.push(...unknownKeyIssues(record, WAIT_OPTION_KEYS, prefix));
  const { minDelayMs = DEFAULT_WAIT.minDelayMs, maxDelayMs = DEFAULT_WAIT.maxDelayMs, timeoutMs = DEFAULT_WAIT.timeoutMs, signal, onPoll, random } = record as WaitOptions;
  issues.push(
    ...numberAtLeast(field("minDelayMs"), minDelayMs, 0),
    ...numberAtLeast(field("maxDelayMs"), maxDelayMs, 0),
    ...numberAtLeast(field("timeoutMs"), timeoutMs, 0, { exclusive: true }),
    ...isSignal(field("signal"), signal),
    ...isFunction(field("onPoll"), onPoll),
    ...isFunction(field("random"), random),
  );
  if (typeof minDelayMs === "number" && typeof maxDelayMs === "number" && maxDelayMs >= 0 && maxDelayMs < minDelayMs) {
    issues.push({ field: field("maxDelayMs"), rule: "minimum", message: `${field("maxDelayMs")} must be >= minDelayMs (${minDelayMs}) (got ${maxDelayMs})` });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return { minDelayMs, maxDelayMs, timeoutMs, signal, onPoll, random: random ?? Math.random };
}

/**
 * The `wait` option of a long-running call: undefined/false for no wait, true for the defaults,
 * or the waiter's options, checked here so a bad one fails before the job is started.
 */
export function waitOptionsFrom(wait: unknown): WaitOptions | undefined {
  if (wait === undefined || wait === false) return undefined;
  if (wait === true) return {};
  if (typeof wait !== "object" || wait === null || Array.isArray(wait)) {
    throw new ValidationError([{ field: "wait", rule: "type", message: "wait must be true, false or an object of waiter options" }]);
  }
  resolveWaitOptions(wait, "wait");
  return wait as WaitOptions;
}
