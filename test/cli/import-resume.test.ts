// An import stopped part-way (Ctrl-C, or SIGKILL with no chance to clean up) and resumed from its
// state file: every chunk reaches the mock exactly once, and the model ends imported. And the
// state an MCP server left after finishing an upload: its job is taken over, nothing sent again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { createPlatformClient } from "../../src/node.js";
import { writeSavedImport } from "../../src/node/saved-import.js";
import { startGateProxy } from "./support/gate-proxy.js";
import { cli, shown, startCli } from "./support/run-cli.js";
import { savedChunks, until } from "./support/until.js";

const MiB = 1024 * 1024;
const CHUNKS = 7;
let mock: StatefulMock;
let work: string;

beforeAll(async () => {
  mock = await startStatefulMock({ jobs: { polls: 1 } });
  work = mkdtempSync(join(tmpdir(), "platform-resume-"));
  writeFileSync(join(work, "model.tar"), Buffer.from(Array.from({ length: (CHUNKS - 1) * MiB + 5 }, (_, i) => (i * 31) % 251)));
});
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe.each(["SIGINT", "SIGKILL"] as const)("platform models import, stopped by %s, then --resume", (signal) => {
  it("sends each chunk once and completes", async () => {
    mock.reset();
    const state = join(work, `${signal}.state.json`);
    // The third upload is held: chunks 0 and 1 arrive, chunk 2 is in flight when the signal lands.
    const gate = await startGateProxy(mock.url, 3);
    try {
      const first = startCli(["models", "import", "model.tar", "--chunk-size", "1MiB", "--concurrency", "1", "--state", state, "--json"], {
        cwd: work,
        env: { PLATFORM_BASE_URL: gate.url },
      });
      await gate.held;
      await until(() => savedChunks(state).length === 2);
      first.child.kill(signal);
      const stopped = await first.done;
      if (signal === "SIGINT") {
        expect(stopped.code, shown(stopped)).toBe(130);
        expect(stopped.stderr).toContain(`platform models import model.tar --resume ${state}`);
        expect(stopped.stdout).toBe("");
      } else {
        expect(stopped.signal).toBe("SIGKILL");
      }
    } finally {
      await gate.stop();
    }
    expect(savedChunks(state)).toEqual([0, 1]);

    // Starting afresh would lose the way back into the session: refused while the state file is there.
    const again = await cli(["models", "import", "model.tar", "--state", state], { cwd: work, env: { PLATFORM_BASE_URL: mock.url } });
    expect(again.code, shown(again)).toBe(2);
    expect(again.stderr).toContain(`continue it with --resume ${state}`);

    const resumed = await cli(["models", "import", "model.tar", "--resume", state, "--wait", "--poll-interval", "50ms", "--json"], {
      cwd: work,
      env: { PLATFORM_BASE_URL: mock.url },
    });
    expect(resumed.code, shown(resumed)).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: "SUCCESS", modelId: expect.stringMatching(/^cm-/) });

    const received = mock.requests({ operationId: "uploadImportChunk" }).filter((r) => r.status === 200).map((r) => Number((r.body as { chunkNumber: string }).chunkNumber));
    expect(received.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(mock.requests({ operationId: "startImportSession" })).toHaveLength(1);
    expect(mock.requests({ operationId: "completeImportSession" })).toHaveLength(1);
    expect(() => readFileSync(state)).toThrow(); // removed once the upload completed
  }, 60_000);
});


describe("platform models import --resume of an upload the MCP server finished", () => {
  it("takes over its saved job instead of completing the session again", async () => {
    mock.reset();
    const state = join(work, "finished.state.json");
    // What the MCP server leaves when an upload finishes with no call there to take its answer:
    // the final state and the job, in the shared saved-import format.
    const client = createPlatformClient({ baseUrl: mock.url, apiKey: "any" });
    const imported = await client.models.import({ source: join(work, "model.tar"), chunkSize: MiB });
    writeSavedImport(state, { state: imported.state, job: { dockStatusId: imported.job.dockStatusId, status: imported.job.status } });
    const completions = mock.requests({ operationId: "completeImportSession" }).length;

    const resumed = await cli(["models", "import", "model.tar", "--resume", state, "--wait", "--poll-interval", "50ms", "--json"], {
      cwd: work,
      env: { PLATFORM_BASE_URL: mock.url },
    });
    expect(resumed.code, shown(resumed)).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ dockStatusId: imported.job.dockStatusId, status: "SUCCESS" });
    expect(resumed.stderr).toContain(`the upload had finished already; its job is ${imported.job.dockStatusId}`);
    expect(mock.requests({ operationId: "completeImportSession" })).toHaveLength(completions);
    expect(mock.requests({ operationId: "uploadImportChunk" })).toHaveLength(CHUNKS);
    expect(() => readFileSync(state)).toThrow();
  }, 60_000);
});
