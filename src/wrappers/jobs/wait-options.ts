// The options of a wait and their defaults. Their checks live with the polling code
// (./waiter.ts), which runs them before anything is sent.
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
