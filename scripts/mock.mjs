// npm run mock [-- --port N] [-- --stateful]: the spec served on 127.0.0.1 until SIGINT, SIGTERM
// or SIGHUP, or until npm itself is gone: by Prism (the contract mock), or with --stateful by the
// stateful mock of src/mock/stateful, in this process.
import { parseArgs } from "node:util";
import { startPrism } from "./lib/prism.mjs";
import { parsePort, stopOnSignal } from "./lib/serve.mjs";
import { loadStatefulMock } from "./lib/stateful.mjs";

const { values } = parseArgs({ options: { port: { type: "string" }, stateful: { type: "boolean", default: false } } });
const port = values.port === undefined ? parsePort(process.env.PORT, 4010, "PORT") : parsePort(values.port, 4010, "--port");

const mock = values.stateful ? await (await loadStatefulMock())({ port }) : await startPrism({ port });
console.log(`Mock server: ${mock.url}${values.stateful ? " (stateful)" : ""}  (Ctrl-C to stop)`);
stopOnSignal(() => mock.stop());
