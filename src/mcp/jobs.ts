// A started job, waited for through the client's waiter within the call's bound. A job that ends
// in time is the answer; one still running at the bound is answered with a handle (its
// dockStatusId) and the tool that continues the wait, and goes on at the platform. A cancelled
// call stops waiting at once and says the job goes on.
import { AbortError, JobFailedError, JobTimeoutError, NotFoundError } from "../kernel/errors.js";
import type { Job } from "../index.js";
import { describeError, ToolError, withoutRaw, type ToolOutcome } from "./results.js";
import type { ToolCall } from "./tool.js";

export const WAIT_TOOL = "wait_for_job";

/** The handle of a job that has not ended: what the agent passes to wait_for_job. */
export function jobHandle(job: Pick<Job, "dockStatusId" | "status">, what: string, seconds: number, extra: Record<string, unknown> = {}): ToolOutcome {
  return {
    summary: `${what}: job ${job.dockStatusId} is still ${job.status} after ${seconds} s and goes on at the platform; call ${WAIT_TOOL} with dockStatusId ${job.dockStatusId} to keep waiting`,
    content: { ...extra, job: withoutRaw(job), handle: { dockStatusId: job.dockStatusId, continueWith: WAIT_TOOL } },
  };
}

/** The error result of a call cancelled while its job ran: the job is not stopped by that. */
export function cancelledWhileWaiting(job: Pick<Job, "dockStatusId">): ToolError {
  return new ToolError("Cancelled", `the call was cancelled; job ${job.dockStatusId} goes on at the platform: call ${WAIT_TOOL} with dockStatusId ${job.dockStatusId} to follow it`, {
    handle: { dockStatusId: job.dockStatusId, continueWith: WAIT_TOOL },
  });
}

/** A wait that failed for another reason than the job's: the error, with the job's handle. */
function waitFailed(error: unknown, dockStatusId: string): ToolError {
  const { name, message, ...details } = describeError(error);
  return new ToolError(String(name), `${String(message)}; job ${dockStatusId} was started and may go on at the platform: call ${WAIT_TOOL} with dockStatusId ${dockStatusId} to follow it`, {
    ...details,
    handle: { dockStatusId, continueWith: WAIT_TOOL },
  });
}

/** A job id the platform does not know: what to check, and no handle. */
function unknownJob(error: NotFoundError, dockStatusId: string): ToolError {
  const { name: _name, message: _message, ...details } = describeError(error);
  return new ToolError("UnknownJob", `job ${dockStatusId} is unknown to the platform (${error.status}): check the dockStatusId against the one a tool answered; waiting on it again will not find it`, details);
}

/**
 * Waits for `job` (a record, or its id) until it ends or the call's bound comes; `what` names the
 * work in the summary ("deploy of model cm-…"), `extra` joins the structured content.
 */
export async function settleJob(call: ToolCall, job: Job | string, what: string, extra: Record<string, unknown> = {}): Promise<ToolOutcome> {
  const id = typeof job === "string" ? job : job.dockStatusId;
  const remaining = call.bound.remainingMs();
  let done: Job;
  try {
    if (remaining <= 0) {
      // No time to wait (maxWaitSeconds: 0): one look, unless the record in hand has ended already.
      const current = typeof job === "string" || !isEnded(job) ? await call.client.jobs.get(id, { signal: call.signal }) : job;
      if (!isEnded(current)) return jobHandle(current, what, call.bound.seconds, extra);
      if (current.status === "FAILED") throw new JobFailedError(current);
      done = current;
    } else {
      done = await call.client.jobs.wait(job, { ...call.poll, timeoutMs: remaining, signal: call.cancel, onPoll: call.progress.poll });
    }
  } catch (error) {
    if (error instanceof JobTimeoutError) return jobHandle(error.job as Job, what, call.bound.seconds, extra);
    if (error instanceof AbortError && call.cancel.aborted) throw cancelledWhileWaiting({ dockStatusId: id });
    if (error instanceof JobFailedError) throw error;
    // A job the platform does not know has no handle to follow: telling the agent to wait on it
    // again would have it loop for ever.
    if (error instanceof NotFoundError && error.operationId === "getDockStatus") throw unknownJob(error, id);
    // The job was started and may well go on (a 5xx while polling, say): the error carries its
    // handle, so the agent can still follow it.
    throw waitFailed(error, id);
  }
  const download = done.downloadUrl ? `; download it from ${done.downloadUrl}` : "";
  return { summary: `${what}: job ${done.dockStatusId} ended ${done.status}${download}`, content: { ...extra, job: withoutRaw(done) } };
}

const isEnded = (job: Pick<Job, "status">) => job.status === "SUCCESS" || job.status === "FAILED";
