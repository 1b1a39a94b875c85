// The request log keeps a summary of each body, and only that: a summary whose strings were
// slices of the body would keep every body alive. Measured on the heap of a child process with
// gc exposed: 150 logged chunk updates of 900 KB (135 MB of bodies, each dropped once logged).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../scripts/lib/spec.mjs";

const TSX = fileURLToPath(import.meta.resolve("tsx"));
const dir = mkdtempSync(join(tmpdir(), "request-log-retention-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BODIES = 150;
const BODY_CHARS = 900_000;

describe("the request log's memory", () => {
  it("holds its summaries, not the bodies they were cut from", () => {
    const script = join(dir, "retain.ts");
    writeFileSync(
      script,
      `import { RequestLog } from ${JSON.stringify(pathToFileURL(resolve(REPO_ROOT, "src/mock/stateful/scenarios/request-log.ts")).href)};
const gc = (globalThis as { gc?: () => void }).gc!;
const log = new RequestLog(1000);
gc();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < ${BODIES}; i++) {
  const body = { chunkText: String(i).padEnd(${BODY_CHARS}, String.fromCharCode(97 + (i % 26))) };
  RequestLog.body(log.open("PATCH", "/chunks/" + i), body);
}
gc();
console.log(JSON.stringify({ retained: process.memoryUsage().heapUsed - before, entries: log.list().length }));
`,
    );
    const { retained, entries } = JSON.parse(execFileSync(process.execPath, ["--expose-gc", "--import", TSX, script], { encoding: "utf8" })) as {
      retained: number;
      entries: number;
    };
    expect(entries).toBe(BODIES);
    // The bodies weigh 135 MB; the summaries about 4 KiB each. A tenth of the bodies is far above
    // what the summaries need and far below what pinned bodies hold.
    expect(retained).toBeLessThan((BODIES * BODY_CHARS) / 10);
  });
});
