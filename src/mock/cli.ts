#!/usr/bin/env node
// platform-mock [--stateful] [--port N] [--host H] ...: a mock of the platform until SIGINT,
// SIGTERM or SIGHUP, or until the process that started it is gone (even killed with SIGKILL).
// Prints "Mock server: <url>" once it accepts requests, so a script can wait for that line.
import { parseArgs } from "node:util";
import { writeDriftReport } from "../node/drift-report-file.js";
import { startMock, type MockServer, type StatefulMockServer } from "./start-mock.js";
import { watchAncestors } from "./watch-ancestors.js";

const USAGE = [
  "usage: platform-mock [--port N] [--host H] [--spec FILE] [--dynamic] [--errors]          (Prism, the contract mock)",
  "       platform-mock --stateful [--port N] [--host H] [--seed N] [--chunks FILE] [--examples]",
  "                     [--job-polls N] [--job-ms N] [--api-key KEY] [--jwt TOKEN]",
  "                     [--record-drift FILE] [--cors-origin ORIGIN]...                  (the stateful mock)",
  "  --examples       the models and tools the spec's examples and the guides name exist from the start",
  "  --record-drift   on exit, merge the drift report of the requests that broke the spec into FILE",
  "  --cors-origin    a page origin that may call the mock from a browser (repeat; * for any);",
  "                   Prism answers every origin already",
].join("\n");

function integerFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be an integer >= 0: ${value}`);
  return number;
}

// Where --record-drift writes the stateful mock's drift report when the mock stops.
let recordDrift: string | undefined;

function options() {
  try {
    const { values } = parseArgs({
      options: {
        stateful: { type: "boolean" },
        port: { type: "string" },
        host: { type: "string" },
        spec: { type: "string" },
        dynamic: { type: "boolean" },
        errors: { type: "boolean" },
        seed: { type: "string" },
        chunks: { type: "string" },
        "job-polls": { type: "string" },
        "job-ms": { type: "string" },
        "api-key": { type: "string" },
        jwt: { type: "string" },
        examples: { type: "boolean" },
        "record-drift": { type: "string" },
        "cors-origin": { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const port = Number(values.port ?? process.env.PORT ?? 4010);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`not a port: ${values.port ?? process.env.PORT}`);
    const prismOnly = (["spec", "dynamic", "errors"] as const).filter((name) => values[name] !== undefined);
    const statefulOnly = (["seed", "chunks", "job-polls", "job-ms", "api-key", "jwt", "examples", "record-drift", "cors-origin"] as const).filter(
      (name) => values[name] !== undefined,
    );
    if (values.stateful && prismOnly.length > 0) throw new Error(`--${prismOnly[0]} is an option of the Prism mock, not of --stateful`);
    if (!values.stateful && statefulOnly.length > 0) throw new Error(`--${statefulOnly[0]} needs --stateful`);
    if (values["record-drift"] === "") throw new Error("--record-drift needs a file name");
    recordDrift = values["record-drift"];
    if (!values.stateful) {
      return {
        port,
        ...(values.host ? { host: values.host } : {}),
        ...(values.spec ? { spec: values.spec } : {}),
        dynamic: values.dynamic ?? false,
        errors: values.errors ?? false,
      };
    }
    const polls = integerFlag(values["job-polls"], "job-polls");
    const ms = integerFlag(values["job-ms"], "job-ms");
    const seed = integerFlag(values.seed, "seed");
    return {
      stateful: true as const,
      port,
      ...(values.host ? { host: values.host } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(values.chunks ? { chunks: values.chunks } : {}),
      ...(polls !== undefined || ms !== undefined ? { jobs: { ...(polls !== undefined ? { polls } : {}), ...(ms !== undefined ? { ms } : {}) } } : {}),
      ...(values["api-key"] ? { apiKey: values["api-key"] } : {}),
      ...(values.jwt ? { jwt: values.jwt } : {}),
      ...(values.examples ? { existing: "examples" as const } : {}),
      ...(values["cors-origin"] ? { corsOrigins: values["cors-origin"].includes("*") ? ("*" as const) : values["cors-origin"] } : {}),
    };
  } catch (error) {
    console.error(`platform-mock: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const settings = options();
let mock: MockServer | StatefulMockServer;
try {
  mock = await startMock(settings as never);
} catch (error) {
  const { code, port } = error as { code?: string; port?: number };
  // One line for a taken port, naming the flag that moves it (Prism's own would be its whole usage text).
  if (code === "EADDRINUSE" && port !== undefined) console.error(`platform-mock: port ${port} is in use: pick another with --port N (or PORT=N)`);
  else console.error(`platform-mock: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`Mock server: ${mock.url}  (Ctrl-C to stop)`);

const running = mock;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  let code = 0;
  if (recordDrift && "driftReport" in running) {
    try {
      const written = await writeDriftReport(recordDrift, running.driftReport());
      console.log(`Drift report: ${recordDrift} (${written.drifts.length} drift${written.drifts.length === 1 ? "" : "s"})`);
    } catch (error) {
      console.error(`platform-mock: the drift report was not written: ${(error as Error).message}`);
      code = 1;
    }
  }
  await running.stop();
  process.exit(code);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
// A parent that dies without a signal (SIGKILL) must not leave the mock holding its port.
watchAncestors(() => void stop());
