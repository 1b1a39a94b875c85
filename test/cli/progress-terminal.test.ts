// The import's progress bar, read off a real terminal: tmux runs the command line in a pane and
// the test reads the screen as a user would see it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { cliMain, CREDENTIALS } from "./support/run-cli.js";
const SESSION = `platform-cli-${process.pid}`;
let mock: StatefulMock;
let work: string;

const tmux = (...args: string[]) => execFileSync("tmux", args, { encoding: "utf8" });
const screen = () => tmux("capture-pane", "-p", "-t", SESSION);

beforeAll(async () => {
  // Each chunk's answer is held back a little, so the bar is on screen long enough to be read.
  mock = await startStatefulMock({ jobs: { polls: 1 }, faults: [{ operation: "uploadImportChunk", kind: "slow", rate: 1, slowMs: 150, after: true }] });
  work = mkdtempSync(join(tmpdir(), "platform-tty-"));
  writeFileSync(join(work, "model.tar"), Buffer.alloc(40 * 1024 * 1024, 3));
});
afterAll(async () => {
  try {
    tmux("kill-session", "-t", SESSION);
  } catch {
    // Already gone.
  }
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

it("draws a bar with bytes, rate and time left on a terminal, and leaves the final figures", async () => {
  const env = { PLATFORM_BASE_URL: mock.url, ...CREDENTIALS };
  const exports = Object.entries(env).map(([k, v]) => `${k}='${v}'`).join(" ");
  // The exit code goes to a file, so the test knows the command ended and how.
  const command = `cd '${work}' && env ${exports} '${process.execPath}' '${cliMain()}' models import model.tar --chunk-size 1MiB --concurrency 2 > out.json; echo $? > code`;
  tmux("new-session", "-d", "-s", SESSION, "-x", "120", "-y", "20", `${command}; sleep 30`);
  const seen: string[] = [];
  const end = Date.now() + 40_000;
  let code: string | undefined;
  while (Date.now() < end && code === undefined) {
    seen.push(screen());
    try {
      code = readFileSync(join(work, "code"), "utf8").trim() || undefined;
    } catch {
      // Still running.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  seen.push(screen());
  expect(code).toBe("0");
  const bars = seen.flatMap((s) => s.split("\n")).filter((line) => /\d+% \| [\d.]+ MiB of 40\.0 MiB \| [\d.]+ [KM]iB\/s \| ETA \d+/.test(line));
  expect(bars.length, seen.join("\n----\n")).toBeGreaterThan(1);
  expect(bars.some((line) => /░/.test(line) && /█/.test(line))).toBe(true);
  expect(seen[seen.length - 1]).toMatch(/100% \| 40\.0 MiB of 40\.0 MiB/);
  // None of the plain lines a log would get.
  expect(seen.join("\n")).not.toMatch(/^uploaded .* chunks,/m);
}, 60_000);
