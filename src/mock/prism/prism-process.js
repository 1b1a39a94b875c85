// Prism as a child process that resolves once it listens: the one launcher behind the package's
// startMock and the repository's scripts and tests. Plain JavaScript (with prism-process.d.ts
// beside it), so that the scripts, which run without a build, can import it as it is.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

// Preloaded into Prism so that it exits when this process is gone, whatever killed it.
const EXIT_WITH_PARENT = fileURLToPath(new URL("./exit-with-parent.cjs", import.meta.url));

// Prism 5 logs this line once it accepts requests.
const LISTENING = /Prism is listening on (http:\/\/[^\s/]+)/;
// What Node's listen error says when the port is taken, as Prism prints it after its usage text.
const PORT_IN_USE = /EADDRINUSE: address already in use (\S+):(\d+)/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a colour code begins with the escape character
const ANSI = /\x1b\[[0-9;]*m/g;
const STOP_GRACE_MS = 5_000;
const KEPT_LINES = 200;

/**
 * Runs Prism's own CLI script with this very Node, so the child held is Prism itself (no shell
 * or npx in between) and a signal sent to it reaches it.
 * @param {{ script: string, args: string[], env?: NodeJS.ProcessEnv, readyTimeoutMs?: number }} options
 * @returns {Promise<import("./prism-process.js").PrismProcess>}
 */
export function launchPrism({ script, args, env = process.env, readyTimeoutMs = 60_000 }) {
  // stdin is a pipe held only by this process: when this process ends, even by SIGKILL, the
  // kernel closes it and the preloaded watcher ends Prism.
  const child = spawn(process.execPath, ["--require", EXIT_WITH_PARENT, script, ...args], {
    env: { ...env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
  // A caller that never calls stop() must not leave Prism running after its process ends.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  // Prism logs every request, so both pipes are read for its whole life (a full pipe would stall
  // it); only the recent lines are kept.
  /** @type {string[]} */
  const lines = [];
  const output = () => lines.join("\n");

  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Prism did not start within ${readyTimeoutMs / 1000} s:\n${output()}`));
      void stop();
    }, readyTimeoutMs);
    /** @param {string} raw */
    const onLine = (raw) => {
      const line = raw.replace(ANSI, "");
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      const match = LISTENING.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveStart({ url: match[1], stop, output, pid: child.pid, child });
      }
    };
    createInterface({ input: child.stdout }).on("line", onLine);
    createInterface({ input: child.stderr }).on("line", onLine);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      // Ignored once listening; before that, this is the failure to report. A taken port is
      // the common one, and Prism buries it under its whole usage text: it gets one sentence.
      const taken = PORT_IN_USE.exec(output());
      if (taken) reject(Object.assign(new Error(`port ${taken[2]} on ${taken[1]} is in use`), { code: "EADDRINUSE", port: Number(taken[2]), host: taken[1] }));
      else reject(new Error(`Prism exited (${signal ?? `code ${code}`}) before listening:\n${output()}`));
    });
  });
}
