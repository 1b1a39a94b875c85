// The one way a script, a test or a benchmark runs another program to its end: output collected
// (each stream, and both interleaved as a terminal would show them), the wall time it took, and
// optionally a time bound or an abort signal, either of which kills it. With `group`, the program
// runs in its own process group and the whole group is killed once it exits or is stopped, so
// whatever it started and left running (a mock, Prism) goes with it.
import { spawn } from "node:child_process";

/**
 * @typedef {object} ProcessRun
 * @property {number | null} code the exit code; null when a signal ended the program
 * @property {NodeJS.Signals | null} signal
 * @property {string} stdout
 * @property {string} stderr
 * @property {string} output stdout and stderr as they arrived, interleaved
 * @property {boolean} timedOut true when the time bound ended it
 * @property {number} seconds wall time from spawn to exit
 */

/**
 * @typedef {object} ProcessRunOptions
 * @property {string} [cwd]
 * @property {Record<string, string | undefined>} [env] the whole environment (default: this process's)
 * @property {number} [timeoutMs] killed (SIGKILL) after this long
 * @property {AbortSignal} [signal] killed (SIGKILL) when this aborts
 * @property {boolean} [group] run in its own process group and kill the group at the end
 * @property {boolean} [endOnExit] with `group`: kill the group as soon as the program itself exits,
 *   rather than once the last holder of its output closes it (a shell script that left a server
 *   running in the background)
 * @property {boolean} [echo] also write its output to this process's stdout and stderr
 */

/**
 * Runs `command` with `args` to its end; rejects only when it cannot be started.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {ProcessRunOptions} [options]
 * @returns {Promise<ProcessRun>}
 */
export function runProcess(command, args, { cwd, env = process.env, timeoutMs, signal, group = false, endOnExit = false, echo = false } = {}) {
  return new Promise((resolveRun, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: group });
    let [stdout, stderr, output] = ["", "", ""];
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (/** @type {string} */ text) => {
      stdout += text;
      output += text;
      if (echo) process.stdout.write(text);
    });
    child.stderr.setEncoding("utf8").on("data", (/** @type {string} */ text) => {
      stderr += text;
      output += text;
      if (echo) process.stderr.write(text);
    });
    const kill = () => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            kill();
          }, timeoutMs);
    // Killing what the program left behind closes the pipes it held, so "close" follows.
    if (group && endOnExit) child.once("exit", kill);
    if (signal?.aborted) kill();
    signal?.addEventListener("abort", kill);
    child.once("error", (error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", kill);
      reject(error);
    });
    child.once("close", (code, exitSignal) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", kill);
      if (group) kill();
      resolveRun({ code, signal: exitSignal, stdout, stderr, output, timedOut, seconds: (performance.now() - started) / 1000 });
    });
  });
}
