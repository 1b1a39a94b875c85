// The Jobs tag: read a job by id (Get dock status), or wait for it to end.
import { checkOptions, REQUEST_OPTION_KEYS, type RequestOptions } from "../call-options.js";
import { jobPoller } from "../jobs/start-job.js";
import { waitForJob } from "../jobs/waiter.js";
import type { WaitOptions } from "../jobs/wait-options.js";
import type { Job } from "../normalize/jobs.js";
import type { PlatformApi } from "../request/platform-api.js";

export function jobsApi(platform: PlatformApi) {
  const poll = jobPoller(platform);
  return {
    /** Get dock status, normalised: one `dockStatusId` whatever key the service used. */
    async get(dockStatusId: string, options?: RequestOptions): Promise<Job> {
      const { signal } = checkOptions(options, REQUEST_OPTION_KEYS, "getDockStatus");
      return poll(dockStatusId, signal);
    },
    /** Polls until SUCCESS (returned), FAILED (JobFailedError) or the timeout (JobTimeoutError). */
    wait(jobOrId: Job | string, options: WaitOptions = {}): Promise<Job> {
      return waitForJob(poll, jobOrId, options);
    },
  };
}
