// What every long-running wrapper shares: the job record normalised from whatever spelling the
// service used, and the `wait` option that polls it to the end through Get dock status.
import type { OperationId } from "../../generated/operations.js";
import type { CallInit, Core } from "../core.js";
import { waitForJob, waitOptionsFrom, type WaitOptions } from "./load-waiter.js";
import { normalizeJob, type Job } from "../normalize/records.js";

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface JobOptions extends RequestOptions {
  /** Poll the job until it ends: `true` for the default schedule, or the waiter's options. */
  wait?: boolean | WaitOptions;
}

export function jobPoller(core: Core) {
  return async (dockStatusId: string, signal?: AbortSignal): Promise<Job> => {
    const { data } = await core.call("getDockStatus", { path: { dockStatusId }, signal });
    return normalizeJob(data);
  };
}

/** Calls an operation that answers with a job record, then waits for the job if asked. */
export async function startJob(core: Core, operationId: OperationId, init: CallInit, options: JobOptions = {}): Promise<Job> {
  // The waiter's options are checked before the job is started: a typo must not start a deploy.
  const wait = await waitOptionsFrom(options.wait);
  const { data } = await core.call(operationId, { ...init, signal: options.signal });
  return waitIfAsked(core, normalizeJob(data), wait, options.signal);
}

/** `wait` as returned by waitOptionsFrom (already checked); undefined means do not wait. */
export async function waitIfAsked(core: Core, job: Job, wait: WaitOptions | undefined, signal?: AbortSignal): Promise<Job> {
  if (!wait) return job;
  return waitForJob(jobPoller(core), job, { signal, ...wait });
}
