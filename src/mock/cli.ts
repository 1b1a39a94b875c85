#!/usr/bin/env node
// platform-mock [--port N] [--host H] [--spec FILE] [--dynamic] [--errors]: the packaged spec served
// by Prism until SIGINT or SIGTERM. Prints "Mock server: <url>" once it accepts requests, so a
// script can wait for that line.
import { parseArgs } from "node:util";
import { startMock } from "./start-mock.js";

const USAGE = "usage: platform-mock [--port N] [--host H] [--spec FILE] [--dynamic] [--errors]";

function options() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: "string" },
        host: { type: "string" },
        spec: { type: "string" },
        dynamic: { type: "boolean" },
        errors: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const port = Number(values.port ?? process.env["PORT"] ?? 4010);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`not a port: ${values.port ?? process.env["PORT"]}`);
    return { ...values, port };
  } catch (error) {
    console.error(`platform-mock: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const { help: _help, ...settings } = options();
let mock;
try {
  mock = await startMock(settings);
} catch (error) {
  console.error(`platform-mock: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`Mock server: ${mock.url}  (Ctrl-C to stop)`);

const running = mock;
let stopping = false;
const onSignal = async () => {
  if (stopping) return;
  stopping = true;
  await running.stop();
  process.exit(0);
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);
