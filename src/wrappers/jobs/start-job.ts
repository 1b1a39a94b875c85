// What every long-running wrapper shares: the job record normalised from whatever spelling the
// service used, and the `wait` option that polls it to the end through Get dock status, on the
// same request path as every other call.
import { signalOf, type JobOptions } from "../call-options.js";
import { normalizeJob, type Job } from "../normalize/jobs.js";
import type { ApiResult, PlatformApi } from "../request/platform-api.js";
import { waitOptionsFrom, type WaitOptions } from "./wait-options.js";
import { waitForJob, type GetJob } from "./waiter.js";

/** Get dock status on the client's request path, normalised. */
export function jobPoller(platform: PlatformApi): GetJob {
  return async (dockStatusId, signal) => {
    const result = await platform.api.GET("/api/public/dock-status/{dockStatusId}", { params: { path: { dockStatusId } }, ...signalOf(signal) });
    return normalizeJob(platform.data(result));
  };
}

/**
 * Sends the call that starts a job (the thunk), then waits for the job if asked. The waiter's
 * options are checked first: a typo must not start a deploy.
 */
export async function startJob(platform: PlatformApi, options: JobOptions, start: () => Promise<ApiResult<unknown>>): Promise<Job> {
  const wait = waitOptionsFrom(options.wait);
  const job = normalizeJob(platform.data(await start()));
  return waitIfAsked(platform, job, wait, options.signal);
}

/** `wait` as returned by waitOptionsFrom (already checked); undefined means do not wait. */
export async function waitIfAsked(platform: PlatformApi, job: Job, wait: WaitOptions | undefined, signal?: AbortSignal): Promise<Job> {
  if (!wait) return job;
  // The call's signal and the wait's own both stop the wait: neither may replace the other.
  const signals = [signal, wait.signal].filter((s): s is AbortSignal => s !== undefined);
  const stop = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  return waitForJob(jobPoller(platform), job, { ...wait, ...(stop ? { signal: stop } : {}) });
}
