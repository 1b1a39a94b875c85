// The waiter's options and entry points. The polling code itself (./waiter.ts) loads the first
// time a job is waited for, so an application that never waits does not carry it.
import type { Job } from "../normalize/records.js";
import { systemClock, type Clock } from "../internal/sleep.js";

export interface WaitOptions {
  /** Shortest pause between two polls (ms). */
  minDelayMs?: number;
  /** Longest pause between two polls (ms); the backoff stops growing here. */
  maxDelayMs?: number;
  /** Give up (JobTimeoutError) when the job is still running this long after the wait began (ms). */
  timeoutMs?: number;
  /** Stops the wait (AbortError), during a pause or a poll. */
  signal?: AbortSignal;
  /** Called with every record polled, and the poll's number (1 for the first). */
  onPoll?: (job: Job, poll: number) => void;
  /** Source of jitter in [0, 1); Math.random unless a test pins it. */
  random?: () => number;
}

export type GetJob = (dockStatusId: string, signal?: AbortSignal) => Promise<Job>;

// A job usually takes seconds to minutes: start at a second, never pause longer than 30 s, and
// stop after half an hour.
export const DEFAULT_WAIT: Readonly<Required<Pick<WaitOptions, "minDelayMs" | "maxDelayMs" | "timeoutMs">>> = Object.freeze({
  minDelayMs: 1_000,
  maxDelayMs: 30_000,
  timeoutMs: 30 * 60_000,
});

const waiter = () => import("./waiter.js");

/**
 * Polls `getJob` until the job succeeds (its record is returned) or fails (JobFailedError),
 * backing off from `minDelayMs` to `maxDelayMs` with full jitter, for at most `timeoutMs`.
 * `getJob` is expected to retry transient errors itself; a transient error that still gets
 * through is a poll that saw nothing, and anything else ends the wait.
 */
export async function waitForJob(getJob: GetJob, jobOrId: Job | string, options: WaitOptions = {}, clock: Clock = systemClock): Promise<Job> {
  return (await waiter()).waitForJob(getJob, jobOrId, options, clock);
}

/**
 * The waiter options of a long-running wrapper's `{ wait }` argument: undefined/false for no
 * wait, true for the defaults, or the options themselves. Checked here, so a bad option fails
 * before the operation that starts the job is sent.
 */
export async function waitOptionsFrom(wait: boolean | WaitOptions | undefined): Promise<WaitOptions | undefined> {
  if (wait === undefined || wait === null || wait === false) return undefined;
  if (wait === true) return {};
  return (await waiter()).waitOptionsFrom(wait);
}
