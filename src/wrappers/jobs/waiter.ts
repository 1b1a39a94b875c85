// Waiting for a long-running job by polling Get dock status. Modelled on the AWS SDK v3 waiters: options are
// checked before anything is sent, pauses back off with jitter, the abort signal is raced against
// every pause and poll, and every poll is cut short at the deadline, so a stalled request cannot
// hold the wait past its timeout.
import { AbortError, abortError, JobTimeoutError, UnexpectedResponseError, ValidationError } from "../../kernel/errors.js";
import { onAbort, untilAborted } from "../../kernel/abort.js";
import { backoffDelay } from "../../kernel/backoff.js";
import { systemClock, type Clock } from "../../kernel/sleep.js";
import type { Job } from "../normalize/jobs.js";
import { judge, judgeError } from "./acceptors.js";
import { WaitTally } from "./observations.js";
import { resolveWaitOptions, type WaitOptions } from "./wait-options.js";

// How far ahead of the deadline the last poll starts, so that its answer can still arrive within
// it: a second, or a tenth of a shorter wait. It started 1 ms ahead, and over a network that look
// was cut short at the deadline before any answer came, so a job that had ended during the long
// last pause was reported as still running.
const lastPollMarginMs = (timeoutMs: number) => Math.max(1, Math.min(1_000, Math.floor(timeoutMs / 10)));
const DOCK_STATUS_ID = /^ds-\S+$/;

class DeadlineReached extends Error {}

/** Reads one job record by its id: Get dock status, or any function that answers the same way. */
export type GetJob = (dockStatusId: string, signal?: AbortSignal) => Promise<Job>;

/**
 * Polls `getJob` until the job succeeds (its record is returned) or fails (JobFailedError),
 * backing off from `minDelayMs` to `maxDelayMs` with full jitter, for at most `timeoutMs`, every
 * poll included (JobTimeoutError). A status the spec does not list, or a record of another job,
 * ends the wait with UnexpectedResponseError.
 */
export function waitForJob(getJob: GetJob, jobOrId: Job | string, options: WaitOptions = {}): Promise<Job> {
  return waitOnClock(getJob, jobOrId, options, systemClock);
}

/** The waiter on a clock of the caller's: tests and benchmarks run it on simulated time. */
export async function waitOnClock(getJob: GetJob, jobOrId: Job | string, options: WaitOptions, clock: Clock): Promise<Job> {
  const { minDelayMs, maxDelayMs, timeoutMs, signal, onPoll, random } = resolveWaitOptions(options);

  if (typeof jobOrId === "object" && jobOrId !== null && typeof jobOrId.status === "string") {
    // A record the caller already has may be finished (a synchronous deploy answers SUCCESS).
    const id = jobIdOf(jobOrId);
    if (judge(jobOrId, id) === "done") return jobOrId;
  }
  const id = jobIdOf(jobOrId);
  if (signal?.aborted) throw abortError(signal);

  const started = clock.now();
  const deadline = started + timeoutMs;
  const margin = lastPollMarginMs(timeoutMs);
  const tally = new WaitTally();
  // What the timeout error reports when no poll got through: the record the caller passed.
  let latest: Job | undefined = typeof jobOrId === "object" && jobOrId !== null ? jobOrId : undefined;
  const timedOut = () => new JobTimeoutError(latest ?? { dockStatusId: id, status: "UNKNOWN" }, timeoutMs, Math.round(clock.now() - started), tally.snapshot());
  for (let poll = 1; ; poll++) {
    const left = deadline - clock.now();
    if (left <= 0) throw timedOut();
    const outcome = await pollOnce(getJob, id, signal, left);
    if (outcome.kind === "deadline") throw timedOut();
    if (outcome.kind === "error") {
      // The acceptor, not the loop, decides which failures the wait looks past.
      if (judgeError(outcome.error) === "fail") throw outcome.error;
      tally.error(outcome.error);
    } else {
      const job = outcome.job;
      tally.record(job.status);
      onPoll?.(job, poll);
      if (judge(job, id) === "done") return job;
      latest = job;
    }
    const untilDeadline = deadline - clock.now();
    if (untilDeadline <= margin) throw timedOut();
    // A pause that would cross the deadline is cut short for one last look `margin` before it.
    const delay = Math.min(backoffDelay(poll, { baseMs: minDelayMs, capMs: maxDelayMs, floorMs: minDelayMs }, random), untilDeadline - margin);
    await untilAborted(clock.sleep(delay, signal), signal);
  }
}

type PollOutcome = { kind: "record"; job: Job } | { kind: "error"; error: unknown } | { kind: "deadline" };

/**
 * One poll, bounded by the time the wait has left: the record, the error it failed with (for
 * the acceptor to judge), or the deadline. An abort of the wait is thrown at once.
 */
async function pollOnce(getJob: GetJob, id: string, signal: AbortSignal | undefined, leftMs: number): Promise<PollOutcome> {
  const bound = new AbortController();
  const stopListening = signal ? onAbort(signal, () => bound.abort(signal.reason)) : undefined;
  // A real timer even when the clock is simulated: a poll takes real time, and a simulated
  // clock's sleep would end at once and cut every poll short.
  const timer = setTimeout(() => bound.abort(new DeadlineReached()), Math.min(leftMs, 2 ** 31 - 1));
  try {
    const job = await untilAborted(getJob(id, bound.signal), bound.signal);
    if (typeof job !== "object" || job === null || typeof job.status !== "string") {
      throw new UnexpectedResponseError(`getJob(${id}) did not return a job record with a status`, job);
    }
    return { kind: "record", job };
  } catch (error) {
    if (bound.signal.reason instanceof DeadlineReached) return { kind: "deadline" };
    if (signal?.aborted) throw error instanceof AbortError ? error : abortError(signal);
    return { kind: "error", error };
  } finally {
    clearTimeout(timer);
    stopListening?.();
  }
}

// The id is not echoed back: an error message is no place for whatever a caller passed by mistake.
function jobIdOf(jobOrId: Job | string): string {
  const id: unknown = typeof jobOrId === "object" && jobOrId !== null ? jobOrId.dockStatusId : jobOrId;
  if (typeof id === "string" && DOCK_STATUS_ID.test(id)) return id;
  const rule = typeof id === "string" ? "pattern" : "type";
  throw new ValidationError([{ field: "dockStatusId", rule, message: `dockStatusId must be a string that starts with "ds-" and has no whitespace` }]);
}
