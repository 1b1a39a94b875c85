// npm run mock [-- --port N] [-- --stateful [--examples]]: the spec served on 127.0.0.1 until
// SIGINT, SIGTERM or SIGHUP, or until npm itself is gone: by Prism (the contract mock), or with
// --stateful by the stateful mock of src/mock/stateful, in this process. --examples: the models
// and tools the spec's examples and the guides name exist from the start, so the guides' samples
// run against it as written.
import { parseArgs } from "node:util";
import { startPrism } from "./lib/prism.mjs";
import { parsePort, stopOnSignal } from "./lib/serve.mjs";
import { loadStatefulMock } from "./lib/stateful.mjs";

const { values } = parseArgs({ options: { port: { type: "string" }, stateful: { type: "boolean", default: false }, examples: { type: "boolean", default: false } } });
if (values.examples && !values.stateful) {
  console.error("npm run mock: --examples needs --stateful");
  process.exit(2);
}
const port = values.port === undefined ? parsePort(process.env.PORT, 4010, "PORT") : parsePort(values.port, 4010, "--port");

const mock = values.stateful ? await (await loadStatefulMock())({ port, ...(values.examples ? { existing: "examples" } : {}) }) : await startPrism({ port });
console.log(`Mock server: ${mock.url}${values.stateful ? " (stateful)" : ""}  (Ctrl-C to stop)`);
stopOnSignal(() => mock.stop());
