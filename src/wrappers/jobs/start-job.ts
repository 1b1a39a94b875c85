// What every long-running wrapper shares: the job record normalised from whatever spelling the
// service used, and the `wait` option that polls it to the end through Get dock status, on the
// same request path as every other call.
import { ValidationError } from "../errors.js";
import { optionKeys, optionsRecord, isSignal, unknownKeyIssues } from "../internal/option-check.js";
import { normalizeJob, type Job } from "../normalize/jobs.js";
import type { ApiResult, PlatformApi } from "../request/platform-api.js";
import { loadLongRunning } from "../internal/load-long-running.js";
import { waitForJob } from "./load-waiter.js";
import type { WaitOptions } from "./wait-options.js";

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface JobOptions extends RequestOptions {
  /** Poll the job until it ends: `true` for the default schedule, or the waiter's options. */
  wait?: boolean | WaitOptions;
}

export const REQUEST_OPTION_KEYS = optionKeys<RequestOptions>({ signal: true });
export const JOB_OPTION_KEYS = optionKeys<JobOptions>({ signal: true, wait: true });

/**
 * A per-call options object, checked before anything is sent: every key must be one of `keys`
 * (a misspelled one is named with the key it resembles), and a signal must be one.
 */
export function callOptions<T extends object>(options: T | undefined, keys: readonly string[], operationId?: string): T {
  const { record, issues } = optionsRecord(options, "options");
  issues.push(...unknownKeyIssues(record, keys, ""), ...isSignal("signal", record.signal));
  if (issues.length > 0) throw new ValidationError(issues, operationId);
  return record as T;
}

export function jobPoller(platform: PlatformApi) {
  return async (dockStatusId: string, signal?: AbortSignal): Promise<Job> => {
    const result = await platform.api.GET("/api/public/dock-status/{dockStatusId}", { params: { path: { dockStatusId } }, signal });
    return normalizeJob(platform.data(result));
  };
}

/**
 * Sends the call that starts a job (the thunk), then waits for the job if asked. The waiter's
 * options are checked first: a typo must not start a deploy.
 */
export async function startJob(platform: PlatformApi, options: JobOptions, start: () => Promise<ApiResult<unknown>>): Promise<Job> {
  // Only a call that waits loads the waiter (and its option checks).
  const wait = options.wait === undefined || options.wait === false ? undefined : (await loadLongRunning()).waitOptionsFrom(options.wait);
  const job = normalizeJob(platform.data(await start()));
  return waitIfAsked(platform, job, wait, options.signal);
}

/** `wait` as returned by waitOptionsFrom (already checked); undefined means do not wait. */
export async function waitIfAsked(platform: PlatformApi, job: Job, wait: WaitOptions | undefined, signal?: AbortSignal): Promise<Job> {
  if (!wait) return job;
  return waitForJob(jobPoller(platform), job, { ...(signal ? { signal } : {}), ...wait });
}
