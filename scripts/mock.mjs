// npm run mock [-- --port N] [-- --stateful [--examples] [--cors-origin ORIGIN]]: the spec served
// on 127.0.0.1 until SIGINT, SIGTERM or SIGHUP, or until npm itself is gone: by Prism (the
// contract mock), or with --stateful by the stateful mock of src/mock/stateful, in this process.
// --examples: the models and tools the spec's examples and the guides name exist from the start,
// so the guides' samples run against it as written. The stateful mock answers the browser's
// CORS requests of the docs that npm start serves (http://127.0.0.1:DOCS_PORT and
// http://localhost:DOCS_PORT), or of the --cors-origin origins instead ("*" for any); Prism
// answers every origin's.
import { parseArgs } from "node:util";
import { startPrismMock } from "./lib/prism.mjs";
import { exitIfPortInUse, parsePort, stopOnSignal } from "./lib/serve.mjs";
import { loadStatefulMock } from "./lib/stateful.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    stateful: { type: "boolean", default: false },
    examples: { type: "boolean", default: false },
    "cors-origin": { type: "string", multiple: true },
  },
});
for (const flag of /** @type {const} */ (["examples", "cors-origin"])) {
  if (values[flag] !== undefined && values[flag] !== false && !values.stateful) {
    console.error(`npm run mock: --${flag} needs --stateful${flag === "cors-origin" ? " (Prism answers every origin already)" : ""}`);
    process.exit(2);
  }
}
const port = values.port === undefined ? parsePort(process.env.PORT, 4010, "PORT") : parsePort(values.port, 4010, "--port");
const docsPort = parsePort(process.env.DOCS_PORT, 4020, "DOCS_PORT");
const corsOrigins = values["cors-origin"]?.includes("*") ? "*" : (values["cors-origin"] ?? [`http://127.0.0.1:${docsPort}`, `http://localhost:${docsPort}`]);

/** @type {{ url: string, stop: () => Promise<unknown> }} */
let mock;
try {
  mock = values.stateful ? await (await loadStatefulMock())({ port, corsOrigins, ...(values.examples ? { existing: "examples" } : {}) }) : await startPrismMock({ port });
} catch (error) {
  exitIfPortInUse(error, { script: "npm run mock", setting: (taken) => `pass another with --port (npm run mock -- --port ${taken + 1}) or set PORT` });
}
console.log(`Mock server: ${mock.url}${values.stateful ? " (stateful)" : ""}  (Ctrl-C to stop)`);
stopOnSignal(() => mock.stop());
