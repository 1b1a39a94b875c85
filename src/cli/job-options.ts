// --wait and --timeout, shared by every long-running command: the job comes back at once, and
// with --wait the command polls it to its end, reporting each status change on stderr.
import type { Command } from "commander";
import type { Job } from "../index.js";
import { DEFAULT_WAIT } from "../wrappers/jobs/wait-options.js";
import { parseDuration } from "./durations.js";
import type { Context } from "./context.js";
import { note, printResult, printable } from "./output/print.js";
import { Interrupted, UsageError } from "./exit-codes.js";

export interface JobFlags {
  wait?: boolean;
  timeout?: number;
  pollInterval?: number;
}

/** --timeout and --poll-interval, for a command that waits. */
export function withWaitOptions(command: Command, when = ""): Command {
  return command
    .option("--timeout <duration>", `${when}give up after this long (exit 5), e.g. 90s, 15m`, parseDuration)
    .option("--poll-interval <duration>", `${when}first pause between polls (it grows to 30s)`, parseDuration);
}

/** --wait and its options, for a command that starts a job. */
export function withJobOptions(command: Command): Command {
  return (
    withWaitOptions(command.option("--wait", "wait for the job to end, printing its progress on stderr"), "with --wait: ")
      // Before the action, so a wait flag without --wait is refused before the job is started.
      .hook("preAction", (_command, action) => checkJobFlags(action.opts<JobFlags>()))
  );
}

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

function checkJobFlags(flags: JobFlags): void {
  if (!flags.wait && (flags.timeout !== undefined || flags.pollInterval !== undefined)) throw new UsageError("--timeout and --poll-interval need --wait");
}
