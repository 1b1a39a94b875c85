// The job a long-running command started: as started, or with --wait polled to its end,
// each status change reported on stderr (the flags are ./job-options.ts).
import type { Job } from "../index.js";
import { DEFAULT_WAIT } from "../wrappers/jobs/wait-options.js";
import type { Context } from "./context.js";
import { Interrupted } from "./exit-codes.js";
import type { JobFlags } from "./job-options.js";
import { note, printResult, printable } from "./output/print.js";

/** Waits for the job when --wait was given; otherwise returns it as started. */
export async function settleJob(context: Context, flags: JobFlags, job: Job): Promise<Job> {
  if (!flags.wait) return job;
  let last = job.status;
  note(`job ${job.dockStatusId}: ${job.status}`);
  const waited = context.client.jobs.wait(job, {
    signal: context.signal,
    ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout } : {}),
    ...(flags.pollInterval !== undefined ? { minDelayMs: flags.pollInterval, maxDelayMs: Math.max(flags.pollInterval, DEFAULT_WAIT.maxDelayMs) } : {}),
    onPoll: (polled, poll) => {
      if (polled.status !== last || poll % 10 === 0) note(`job ${polled.dockStatusId}: ${polled.status} (poll ${poll})`);
      last = polled.status;
    },
  });
  return waited.catch((error: unknown) => {
    // The job goes on at the service; say how to pick the wait up again.
    if (context.signal.aborted) throw new Interrupted(`job ${job.dockStatusId} goes on; to wait for it again: platform jobs wait ${job.dockStatusId}`);
    throw error;
  });
}

/** Prints the job a command started: as started, or as it ended with --wait. */
export async function printJob(context: Context, flags: JobFlags, started: Promise<Job>): Promise<void> {
  await printResult(context.out, printable(await settleJob(context, flags, await started)));
}
