// Shared by the long-running scripts (mock, start): port settings, and stopping their children
// on Ctrl-C, SIGTERM or SIGHUP, or when the process that started them is gone (npm killed, even
// with SIGKILL, leaves its shell and this script behind), instead of leaving them bound.
import { createServer } from "node:net";
import { watchAncestors } from "../../src/mock/watch-ancestors.js";

/**
 * The error a server of these scripts rejects with when its port is taken: the port and host named.
 * @param {number} port
 * @param {string} host
 */
export function portInUse(port, host) {
  return Object.assign(new Error(`port ${port} on ${host} is in use`), { code: "EADDRINUSE", port, host });
}

/**
 * A port number from a flag or environment variable, or exit with a message naming it.
 * @param {string | undefined} value
 * @param {number} fallback
 * @param {string} label
 */
export function parsePort(value, fallback, label) {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${label} is not a port: ${value}`);
    process.exit(2);
  }
  return port;
}

/** @param {() => Promise<unknown>} stop what stops the script's children */
export function stopOnSignal(stop) {
  let stopping = false;
  const onSignal = async (/** @type {string} */ signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, onSignal);
  watchAncestors(() => onSignal("parent gone"));
}

/**
 * Ends the process with one line when `error` is a taken port (the servers here reject with code
 * EADDRINUSE and the port): which port, and the setting that moves it. Any other error is thrown on.
 * @param {unknown} error
 * @param {{ script: string, setting: (port: number) => string }} how `setting(port)` says how to pick another port
 * @returns {never}
 */
export function exitIfPortInUse(error, { script, setting }) {
  const { code, port } = /** @type {{ code?: string, port?: number }} */ (error ?? {});
  if (code !== "EADDRINUSE" || port === undefined) throw error;
  console.error(`${script}: port ${port} is in use: ${setting(port)}`);
  process.exit(1);
}

/**
 * Rejects like the servers do (code EADDRINUSE) when `port` on `host` is taken, so a script can
 * fail before minutes of building rather than after. Port 0 is always free.
 * @param {number} port
 */
export function ensurePortFree(port, host = "127.0.0.1") {
  if (port === 0) return Promise.resolve();
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once("error", (/** @type {NodeJS.ErrnoException} */ error) => reject(error.code === "EADDRINUSE" ? portInUse(port, host) : error));
    probe.listen(port, host, () => probe.close(() => resolvePromise(undefined)));
  });
}
