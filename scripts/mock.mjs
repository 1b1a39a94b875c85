// npm run mock [-- --port N]: the spec served by Prism on 127.0.0.1 until SIGINT or SIGTERM.
import { parseArgs } from "node:util";
import { startPrism } from "./lib/prism.mjs";
import { parsePort, stopOnSignal } from "./lib/serve.mjs";

const { values } = parseArgs({ options: { port: { type: "string" } } });
const port = values.port === undefined ? parsePort(process.env.PORT, 4010, "PORT") : parsePort(values.port, 4010, "--port");

const prism = await startPrism({ port });
console.log(`Mock server: ${prism.url}  (Ctrl-C to stop)`);
stopOnSignal(() => prism.stop());
