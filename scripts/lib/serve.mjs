// Shared by the long-running scripts (mock, start): port settings, and stopping their children
// on Ctrl-C, SIGTERM or SIGHUP, or when the process that started them is gone (npm killed, even
// with SIGKILL, leaves its shell and this script behind), instead of leaving them bound.
import { watchAncestors } from "../../src/mock/watch-ancestors.js";

/** A port number from a flag or environment variable, or exit with a message naming it. */
export function parsePort(value, fallback, label) {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${label} is not a port: ${value}`);
    process.exit(2);
  }
  return port;
}

export function stopOnSignal(stop) {
  let stopping = false;
  const onSignal = async (signal) => {
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
