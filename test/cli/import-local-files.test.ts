// `platform models import` and the exports with their local files: one run per state file (a
// second is refused naming the holder, a dead holder's lock is taken over), a resume whose
// session was completed already says so instead of promising another resume, a state or download
// path that cannot be written is refused before anything is sent (exit 2, one line), the model
// file is never taken for the state file, and SIGHUP stops an import as Ctrl-C does.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { createPlatformClient, ImportError, type ImportState } from "../../src/node.js";
import { startGateProxy } from "./support/gate-proxy.js";
import { cli, shown, startCli } from "./support/run-cli.js";
import { savedChunks, until } from "./support/until.js";

const LONG = 30_000;
const MiB = 1024 * 1024;
const STACK = /\n\s+at /;
let mock: StatefulMock;
let work: string;

beforeAll(async () => {
  mock = await startStatefulMock({ existing: "examples", jobs: { polls: 1 } });
  work = mkdtempSync(join(tmpdir(), "platform-local-files-"));
  writeFileSync(join(work, "model.tar"), Buffer.from(Array.from({ length: 4 * MiB + 9 }, (_, i) => (i * 7) % 251)));
  writeFileSync(join(work, "not-a-folder"), "");
});
beforeEach(() => mock.reset());
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

const run = (args: string[], url = mock.url) => cli(args, { cwd: work, env: { PLATFORM_BASE_URL: url } });
const importArgs = (state: string) => ["models", "import", "model.tar", "--chunk-size", "1MiB", "--concurrency", "1", "--state", state];

describe("a resume with another file", () => {
  it("of the same size is refused before anything is sent (exit 2), and the state is kept for its own file", async () => {
    const state = join(work, "other.state.json");
    writeFileSync(join(work, "b.tar"), Buffer.alloc(4 * MiB + 9, 3));
    // A first run of model.tar that stopped after two chunks, its state saved as the command saves it.
    mock.inject({ operation: "uploadImportChunk", kind: "500", nth: [3, 4, 5] });
    const client = createPlatformClient({ baseUrl: mock.url, apiKey: "local-files-key", maxRetries: 0 });
    const stopped = await client.models.import({ source: join(work, "model.tar"), chunkSize: MiB, concurrency: 1, retries: 0 }).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(ImportError);
    writeFileSync(state, JSON.stringify((stopped as ImportError<ImportState>).state));
    expect(savedChunks(state)).toEqual([0, 1]);
    const before = mock.requests().length;
    const other = await run(["models", "import", "b.tar", "--resume", state]);
    expect(other.code, shown(other)).toBe(2);
    expect(other.stderr).toMatch(/sameSource|a resume needs the very file the import began with \("model\.tar"\)/);
    expect(other.stderr).not.toContain("cannot be resumed");
    expect(existsSync(state)).toBe(true);
    expect(other.stderr).not.toMatch(STACK);
    expect(mock.requests()).toHaveLength(before);
  }, LONG);
});

describe("one import per state file", () => {
  it("a second run is refused naming the holder; once the holder is dead its lock is taken over", async () => {
    const state = join(work, "locked.state.json");
    const gate = await startGateProxy(mock.url, 2);
    const first = startCli(importArgs(state), { cwd: work, env: { PLATFORM_BASE_URL: gate.url } });
    try {
      await gate.held;
      await until(() => savedChunks(state).length === 1);
      const uploads = mock.requests({ operationId: "uploadImportChunk" }).length;
      const second = await run(["models", "import", "model.tar", "--resume", state]);
      expect(second.code, shown(second)).toBe(2);
      expect(second.stderr).toContain(`${state} is in use by another import: process ${first.child.pid}`);
      expect(mock.requests({ operationId: "uploadImportChunk" })).toHaveLength(uploads);
      first.child.kill("SIGKILL");
      await first.done;
    } finally {
      await gate.stop();
    }
    expect(existsSync(`${state}.lock`)).toBe(true);
    const third = await run(["models", "import", "model.tar", "--resume", state, "--json"]);
    expect(third.code, shown(third)).toBe(0);
    expect(existsSync(`${state}.lock`)).toBe(false);
    expect(existsSync(state)).toBe(false);
  }, LONG);
});

describe("a resume after the completion's answer was lost", () => {
  it("says the session was completed, names the model, and drops the state instead of promising a resume", async () => {
    const state = join(work, "lost-answer.state.json");
    mock.inject({ operation: "completeImportSession", kind: "reset", after: true, nth: 1 });
    const first = await run(importArgs(state));
    expect(first.code, shown(first)).toBe(3);
    const { modelId } = JSON.parse(readFileSync(state, "utf8")) as { modelId: string };
    const resumed = await run(["models", "import", "model.tar", "--resume", state]);
    expect(resumed.code, shown(resumed)).toBe(3);
    expect(resumed.stderr).toContain(`the import's session was completed already, by an earlier run whose answer was lost: the model is ${modelId}`);
    expect(resumed.stderr).not.toContain("can continue");
    expect(existsSync(state)).toBe(false);
    // Starting over is possible again: no state file stands in the way.
    expect((await run(importArgs(state))).code).toBe(0);
  }, LONG);
});

describe("local paths, checked before anything is sent", () => {
  it.each([
    ["a missing folder", "missing/state.json", "no such file or folder, ENOENT"],
    ["a file where a folder should be", "not-a-folder/state.json", "a part of the path is not a folder, ENOTDIR"],
  ])("--state in %s: exit 2, one line", async (_what, path, why) => {
    const out = await run(importArgs(path));
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toBe(`platform: ${path}.lock: cannot create the lock beside the import's state (${why})\n`);
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("--state or --resume naming the model file is refused, and the model is untouched", async () => {
    const digest = () => createHash("sha256").update(readFileSync(join(work, "model.tar"))).digest("hex");
    const before = digest();
    for (const args of [importArgs("model.tar"), importArgs(join(work, ".", "model.tar")), ["models", "import", "model.tar", "--resume", "model.tar"]]) {
      const out = await run(args);
      expect(out.code, shown(out)).toBe(2);
      expect(out.stderr).toContain("names the model file itself");
      expect(out.stderr).not.toContain("delete");
    }
    expect(digest()).toBe(before);
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("--download into a missing folder is refused before the export starts", async () => {
    for (const command of [["models", "export", "cm-9c0d1e2f"], ["tools", "export", "a-5e6f7a8b", "--flow-id", "a-5e6f7a8b"]]) {
      const out = await run([...command, "--wait", "--download", "missing/export.bin"]);
      expect(out.code, shown(out)).toBe(2);
      expect(out.stderr).toBe("platform: missing/export.bin: cannot save the download there (no such file or folder, ENOENT)\n");
    }
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("a full disk while saving is exit 2 in one line, no stack trace", async () => {
    const out = await run(["models", "export", "cm-9c0d1e2f", "--wait", "--poll-interval", "50ms", "--download", "/dev/full"]);
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toMatch(/^platform: \/dev\/full: cannot save the download \(no space left on the device, ENOSPC\)$/m);
    expect(out.stderr).not.toMatch(STACK);
  }, LONG);
});

describe("SIGHUP", () => {
  it("stops an import as Ctrl-C does: exit 130 and the command that resumes it", async () => {
    const state = join(work, "hangup.state.json");
    const gate = await startGateProxy(mock.url, 2);
    try {
      const started = startCli(importArgs(state), { cwd: work, env: { PLATFORM_BASE_URL: gate.url } });
      await gate.held;
      await until(() => savedChunks(state).length === 1);
      started.child.kill("SIGHUP");
      const stopped = await started.done;
      expect(stopped.code, shown(stopped)).toBe(130);
      expect(stopped.stderr).toContain(`to continue: platform models import model.tar --resume ${state}`);
    } finally {
      await gate.stop();
    }
  }, LONG);
});
