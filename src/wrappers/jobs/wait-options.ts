// The options of a wait, their defaults and their checks, run before anything is sent (a typo
// must not start a deploy). The polling code (./waiter.ts) and every surface that takes a poll
// schedule (the MCP server's `poll`) check them here, so the rules are written once.
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { isFunction, isSignal, numberAtLeast, optionKeys, optionsRecord, unknownKeyIssues } from "../../kernel/option-check.js";
import type { Job } from "../normalize/jobs.js";

export interface WaitOptions {
  /** Shortest pause between two polls (ms). */
  minDelayMs?: number | undefined;
  /** Longest pause between two polls (ms); the backoff stops growing here. */
  maxDelayMs?: number | undefined;
  /** Give up (JobTimeoutError) when the job is still running this long after the wait began (ms); every poll is cut short to fit. */
  timeoutMs?: number | undefined;
  /** Stops the wait (AbortError), during a pause or a poll. */
  signal?: AbortSignal | undefined;
  /** Called with every record polled, and the poll's number (1 for the first). */
  onPoll?: ((job: Job, poll: number) => void) | undefined;
  /** Source of jitter in [0, 1); Math.random unless a test pins it. */
  random?: (() => number) | undefined;
}

// A job usually takes seconds to minutes: start at a second, never pause longer than 30 s, and
// stop after half an hour.
export const DEFAULT_WAIT: Readonly<{ minDelayMs: number; maxDelayMs: number; timeoutMs: number }> = Object.freeze({
  minDelayMs: 1_000,
  maxDelayMs: 30_000,
  timeoutMs: 30 * 60_000,
});

export const WAIT_OPTION_KEYS = optionKeys<WaitOptions>({ minDelayMs: true, maxDelayMs: true, timeoutMs: true, signal: true, onPoll: true, random: true });

export type ResolvedWait = { [K in "minDelayMs" | "maxDelayMs" | "timeoutMs" | "random"]-?: NonNullable<WaitOptions[K]> } & Pick<WaitOptions, "signal" | "onPoll">;

/**
 * The issues of a poll schedule: each pause a number >= 0, and the longest no shorter than the
 * shortest (a bound left out is its default). `prefix` names the object in messages (`poll`
 * gives `poll.maxDelayMs`; "" names the keys alone).
 */
export function scheduleIssues(schedule: Pick<WaitOptions, "minDelayMs" | "maxDelayMs">, prefix: string): ValidationIssue[] {
  const field = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const { minDelayMs = DEFAULT_WAIT.minDelayMs, maxDelayMs = DEFAULT_WAIT.maxDelayMs } = schedule;
  const issues = [...numberAtLeast(field("minDelayMs"), minDelayMs, 0), ...numberAtLeast(field("maxDelayMs"), maxDelayMs, 0)];
  if (issues.length === 0 && maxDelayMs < minDelayMs) {
    const byDefault = schedule.maxDelayMs === undefined ? ", the default" : "";
    issues.push({ field: field("maxDelayMs"), rule: "minimum", message: `${field("maxDelayMs")} must be >= minDelayMs (${minDelayMs}) (got ${maxDelayMs}${byDefault})` });
  }
  return issues;
}

/** The options with their defaults, or a ValidationError naming every bad one under `name`. */
export function resolveWaitOptions(options: unknown, name = "options"): ResolvedWait {
  const { record, issues } = optionsRecord(options, name);
  const prefix = name === "options" ? "" : name;
  const field = (key: string) => (prefix ? `${prefix}.${key}` : key);
  issues.push(...unknownKeyIssues(record, WAIT_OPTION_KEYS, prefix));
  const {
    minDelayMs = DEFAULT_WAIT.minDelayMs,
    maxDelayMs = DEFAULT_WAIT.maxDelayMs,
    timeoutMs = DEFAULT_WAIT.timeoutMs,
    signal,
    onPoll,
    random,
  } = record as WaitOptions;
  issues.push(
    ...scheduleIssues(record as WaitOptions, prefix),
    ...numberAtLeast(field("timeoutMs"), timeoutMs, 0, { exclusive: true }),
    ...isSignal(field("signal"), signal),
    ...isFunction(field("onPoll"), onPoll),
    ...isFunction(field("random"), random),
  );
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
