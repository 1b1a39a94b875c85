// The job namespace of the client: read a job by id, or wait for it to end.
import type { Core } from "../core.js";
import { jobPoller, type RequestOptions } from "../jobs/start-job.js";
import { waitForJob, type WaitOptions } from "../jobs/load-waiter.js";
import type { Job } from "../normalize/records.js";

export function jobsApi(core: Core) {
  const poll = jobPoller(core);
  return {
    /** Get dock status, normalised: one `dockStatusId` whatever key the service used. */
    get(dockStatusId: string, options: RequestOptions = {}): Promise<Job> {
      return poll(dockStatusId, options.signal);
    },
    /** Polls until SUCCESS (returned), FAILED (JobFailedError) or the timeout (JobTimeoutError). */
    wait(jobOrId: Job | string, options: WaitOptions = {}): Promise<Job> {
      return waitForJob(poll, jobOrId, options);
    },
  };
}
