// The library's chunk listing as a user's own script runs it: a fresh Node process that walks
// every page with `for await` and prints each chunk as a JSON line, the same records
// `platform chunks list -o jsonl` prints (the normalised chunk, without the raw body it was read
// from), one write per record as such a script would do. The command line is measured against
// this, process against process.
import { createPlatformClient } from "../../src/node.js";

const [appId] = process.argv.slice(2);
const client = createPlatformClient({ baseUrl: process.env.PLATFORM_BASE_URL!, jwt: process.env.PLATFORM_JWT! });
for await (const chunk of client.chunks.list(appId!)) {
  const { raw: _raw, ...record } = chunk as typeof chunk & { raw?: unknown };
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
// Once stdout has passed everything on: the pipe's writes may still be queued.
process.stdout.write("", () => process.exit(0));
