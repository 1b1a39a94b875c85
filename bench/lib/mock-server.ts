// The stateful mock as a process of its own for bench/mock.ts: started on 127.0.0.1 and a free
// port, it prints "LISTEN <url>" and, on each line "RSS" read from stdin, this process's current
// and peak resident set size in MiB. It exits when its stdin closes, so it never outlives the
// benchmark that started it.
import { createInterface } from "node:readline";
import { startStatefulMock } from "../../src/mock/stateful/server.js";

const mock = await startStatefulMock({ jobs: { polls: 0 }, logLimit: 1_000 });
process.stdout.write(`LISTEN ${mock.url}\n`);
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (line.trim() !== "RSS") return;
  const rss = process.memoryUsage().rss / 1024 / 1024;
  const peak = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`RSS ${rss.toFixed(1)} ${peak.toFixed(1)}\n`);
});
lines.on("close", () => {
  void mock.stop().then(() => process.exit(0));
});
