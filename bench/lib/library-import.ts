// The library's import as a user's own script runs it: a fresh Node process that imports the
// file with models.import and prints the session id. The command line is measured against this,
// process against process, so both pay the same start-up and cold JIT. It also prints how long
// models.import itself took (call to result, start-up excluded), the figure an MCP tools/call
// of a freshly started server is compared with.
import { createPlatformClient } from "../../src/node.js";

const [file, chunkSize, concurrency] = process.argv.slice(2);
const client = createPlatformClient({ baseUrl: process.env.PLATFORM_BASE_URL!, apiKey: process.env.PLATFORM_API_KEY! });
const started = performance.now();
const result = await client.models.import({ source: file!, chunkSize: Number(chunkSize), concurrency: Number(concurrency) });
const importSeconds = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ sessionId: result.sessionId, importSeconds })}\n`);
process.exit(0);
