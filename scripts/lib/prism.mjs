// Prism as a child process: a mock (or validating proxy) of the spec on 127.0.0.1, for the tests
// and the mock and start scripts. See node-cli.mjs for why the child is Prism's own script.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { cliEntry, toolEnv } from "./node-cli.mjs";
import { specPath } from "./spec.mjs";

const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const KEPT_LINES = 200;
// Prism 5 logs "Prism is listening on http://127.0.0.1:4010" once it accepts requests.
const LISTENING = /Prism is listening on (http:\/\/[^\s/]+)/;
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * @typedef {object} RunningPrism
 * @property {string} url base URL, e.g. http://127.0.0.1:40123
 * @property {() => Promise<void>} stop SIGTERM (SIGKILL after a grace period), resolves once exited
 * @property {() => string} output Prism's recent log lines, for failure messages
 * @property {import("node:child_process").ChildProcess} child
 */

/** @returns {Promise<RunningPrism>} */
function launch(args) {
  const child = spawn(process.execPath, [cliEntry("@stoplight/prism-cli", "prism"), ...args], {
    env: { ...toolEnv, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  // Last resort when a caller never calls stop(): Prism must not outlive this process.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  exited.then(() => process.off("exit", killOnExit));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  // Prism logs every request, so both pipes are read for its whole life (a full pipe would
  // stall it); only the recent lines are kept.
  const lines = [];
  const output = () => lines.join("\n");

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Prism did not start within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`));
      stop();
    }, READY_TIMEOUT_MS);
    const onLine = (raw) => {
      const line = raw.replace(ANSI, "");
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      const match = LISTENING.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], stop, output, child });
      }
    };
    createInterface({ input: child.stdout }).on("line", onLine);
    createInterface({ input: child.stderr }).on("line", onLine);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      // A no-op once listening; before that, this is the failure to report.
      reject(new Error(`Prism exited (${signal ?? `code ${code}`}) before listening:\n${output()}`));
    });
  });
}

/**
 * Mock server of `spec`; `port: 0` lets the OS pick a free port.
 * @param {{ spec?: string, port?: number, errors?: boolean, dynamic?: boolean, extraArgs?: string[] }} [options]
 */
export function startPrism({ spec = specPath(), port = 0, errors = false, dynamic = false, extraArgs = [] } = {}) {
  const args = ["mock", spec, "-h", HOST, "-p", String(port)];
  if (errors) args.push("--errors");
  if (dynamic) args.push("--dynamic");
  return launch([...args, ...extraArgs]);
}

/**
 * Validating proxy to `upstream`: responses that break the spec become 500s (--errors).
 * @param {{ spec?: string, upstream: string, port?: number, extraArgs?: string[] }} options
 */
export function startPrismProxy({ spec = specPath(), upstream, port = 0, extraArgs = [] }) {
  if (!upstream) throw new Error("startPrismProxy needs an upstream URL");
  return launch(["proxy", spec, upstream, "-h", HOST, "-p", String(port), "--errors", ...extraArgs]);
}
