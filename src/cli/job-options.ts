// --wait and --timeout, shared by every long-running command: the job comes back at once, and
// with --wait the command polls it to its end (./settle-job.ts, loaded when the command runs).
import type { Command } from "commander";
import { parseDuration } from "./durations.js";
import { UsageError } from "./exit-codes.js";

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

function checkJobFlags(flags: JobFlags): void {
  if (!flags.wait && (flags.timeout !== undefined || flags.pollInterval !== undefined)) throw new UsageError("--timeout and --poll-interval need --wait");
}
