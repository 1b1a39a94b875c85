// Shared by the long-running scripts (mock, start): port settings, and stopping their children
// on Ctrl-C or a service manager's SIGTERM instead of dying and leaving them behind.

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
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
