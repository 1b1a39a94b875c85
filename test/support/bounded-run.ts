// A command run to its end with a time bound, as the documentation tests run what a reader would:
// in its own process group, so that after the bound (or once it exits) whatever it started and
// left running (a mock, Prism) is killed with it. The running itself is scripts/lib/process-run.mjs.
import { runProcess, type ProcessRun } from "../../scripts/lib/process-run.mjs";

export type BoundedRun = ProcessRun;

/**
 * `endOnExit`: the run ends when the command itself exits (its group killed then), not when the
 * last holder of its output closes it: a shell script that left a server in the background.
 */
export function runBounded(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string | undefined>; timeoutMs: number; endOnExit?: boolean },
): Promise<BoundedRun> {
  return runProcess(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    timeoutMs: options.timeoutMs,
    group: true,
    endOnExit: options.endOnExit ?? false,
  });
}
