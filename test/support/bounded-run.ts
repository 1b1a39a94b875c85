// A command run to its end with a time bound, as the documentation tests run what a reader would:
// in its own process group, so that after the bound (or once it exits) whatever it started and
// left running (a mock, Prism) is killed with it.
import { spawn } from "node:child_process";

export interface BoundedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they arrived, interleaved: what a terminal would have shown. */
  output: string;
  /** True when the time bound ended it. */
  timedOut: boolean;
}

export function runBounded(command: string, args: readonly string[], options: { cwd: string; env?: Record<string, string | undefined>; timeoutMs: number }): Promise<BoundedRun> {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, NO_COLOR: "1", ...options.env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let [stdout, stderr, output] = ["", "", ""];
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (text: string) => ((stdout += text), (output += text)));
    child.stderr.setEncoding("utf8").on("data", (text: string) => ((stderr += text), (output += text)));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      killGroup();
      done({ code, signal, stdout, stderr, output, timedOut });
    });
  });
}
