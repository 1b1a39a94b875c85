// What a polled record means for the wait, kept apart from the polling loop (as the AWS SDK's
// waiters keep their acceptors): done, failed, still running, or a record the wait cannot trust.
import { isTransientError, JobFailedError, UnexpectedResponseError } from "../../kernel/errors.js";
import { JOB_DONE, JOB_FAILED, JOB_RUNNING, JOB_STATUSES, type Job } from "../normalize/jobs.js";

export type Verdict = "done" | "running";

/** "done" or "running"; throws JobFailedError for FAILED and UnexpectedResponseError for a record that is not this job's or says what the spec does not. */
export function judge(job: Job, askedId: string): Verdict {
  if (job.dockStatusId !== askedId) {
    // A cache or a misrouted proxy: another job's success must never be taken for this one's.
    throw new UnexpectedResponseError(`asked for job ${askedId} but the answer is for job ${job.dockStatusId}; the wait stopped`, job.raw);
  }
  if (job.status === JOB_DONE) return "done";
  if (job.status === JOB_FAILED) throw new JobFailedError(job);
  if (job.status === JOB_RUNNING) return "running";
  // CANCELLED, QUEUED, …: the client cannot know whether it will ever end, so it says so now
  // rather than poll until the timeout.
  throw new UnexpectedResponseError(`job ${askedId} reports status ${JSON.stringify(job.status)}, which the spec does not list (${JOB_STATUSES.join(", ")}); the wait stopped rather than poll until its timeout`, job.raw);
}

/**
 * What a failed poll means: "retry" for a failure that outlasted the retry layer below but may
 * pass (no answer, 408, 429, 5xx), so a long wait is not given up over a minute of errors;
 * "fail" for one that will fail the same way every time (credentials, a missing job).
 */
export function judgeError(error: unknown): "retry" | "fail" {
  return isTransientError(error) ? "retry" : "fail";
}
