// The waiter's entry point. The polling code itself (./waiter.ts) loads the first time a job is
// waited for (with the rest of the long-running work), so an application that never waits does
// not carry it.
import { loadLongRunning } from "../internal/load-long-running.js";
import type { Job } from "../normalize/jobs.js";
import type { WaitOptions } from "./wait-options.js";

export type GetJob = (dockStatusId: string, signal?: AbortSignal) => Promise<Job>;

/**
 * Polls `getJob` until the job succeeds (its record is returned) or fails (JobFailedError),
 * backing off from `minDelayMs` to `maxDelayMs` with full jitter, for at most `timeoutMs`, every
 * poll included (JobTimeoutError). A status the spec does not list, or a record of another job,
 * ends the wait with UnexpectedResponseError.
 */
export async function waitForJob(getJob: GetJob, jobOrId: Job | string, options: WaitOptions = {}): Promise<Job> {
  return (await loadLongRunning()).waitForJob(getJob, jobOrId, options);
}
