// Long-running tools never hang and never lose work: progress notifications in order, the bound
// honoured (a handle when the work outlives it), a cancelled call stopping its wait or upload,
// and an upload followed, taken over or resumed by resume_model_import with each chunk sent once.
// Uploads are held at a gate in the platform client's fetch, so a test knows exactly which chunks
// reached the mock.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { gateFetch } from "./support/gate-fetch.js";
import { API_KEY, JWT, content, failure, leaked, startHarness, text, until, type Harness, type HarnessOptions } from "./support/harness.js";

const MiB = 1024 * 1024;
const FILE_SIZE = 4 * MiB + 17; // five chunks of 1 MiB
const DEPLOY = {
  modelId: "cm-4e5f6a7b",
  modelType: "openSource",
  name: "support",
  hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 },
  deviceType: "g5.xlarge",
};

let mock: StatefulMock;
let work: string;
let model: string;
const open: Harness[] = [];

beforeAll(async () => {
  mock = await startStatefulMock({ existing: "examples", jobs: { polls: 2 }, apiKey: API_KEY, jwt: JWT });
  work = mkdtempSync(join(tmpdir(), "platform-mcp-long-"));
});
beforeEach(() => {
  mock.reset();
  mock.setJobTiming({ polls: 2 });
  // A fresh model file per test: its state file must not be left from another test.
  model = join(work, `model-${Math.random().toString(36).slice(2)}.tar`);
  writeFileSync(model, Buffer.alloc(FILE_SIZE, 9));
});
// Each test's own messages and logs carry no credential or provider key, whatever ran before it.
afterEach(async () => {
  const harnesses = open.splice(0);
  try {
    expect(leaked(harnesses.flatMap((h) => [...h.messages.map((m) => m.text), ...h.logs.map((l) => JSON.stringify(l))]))).toEqual([]);
  } finally {
    for (const h of harnesses) await h.close();
  }
});
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const h = await startHarness({ sharedMock: mock, ...options });
  open.push(h);
  return h;
}

const stateFile = () => `${model}.import-state.json`;
const savedChunks = () => (JSON.parse(readFileSync(stateFile(), "utf8")) as { uploadedChunks: number[] }).uploadedChunks;
const receivedChunks = () =>
  mock
    .requests({ operationId: "uploadImportChunk" })
    .filter((r) => r.status === 200)
    .map((r) => Number((r.body as { chunkNumber: string }).chunkNumber))
    .sort((a, b) => a - b);
/** The jobs started so far, in order, and how often one was polled. */
const jobIds = () => [...new Set(mock.requests({ operationId: "getDockStatus" }).map((r) => r.url.split("/").pop()!.split("?")[0]!))];
const pollsOf = (dockStatusId: string) => mock.requests({ operationId: "getDockStatus" }).filter((r) => r.url.split("?")[0]!.endsWith(`/${dockStatusId}`)).length;
const importArgs = (extra: Record<string, unknown> = {}) => ({ path: model, chunkSize: MiB, concurrency: 1, ...extra });

describe("progress", () => {
  it("reports bytes and chunks, then the job's status, in order and before the result", async () => {
    const h = await harness();
    const seen: Progress[] = [];
    const result = await h.call("import_model", importArgs(), { onprogress: (p) => seen.push(p) });
    expect(result.isError, text(result)).toBeFalsy();
    const values = seen.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    const uploads = seen.filter((p) => p.total === FILE_SIZE);
    expect(uploads.map((p) => p.message)).toEqual([1, 2, 3, 4, 5].map((n) => expect.stringContaining(`uploaded ${n} of 5 chunks`)));
    expect(uploads.at(-1)!.progress).toBe(FILE_SIZE);
    const waits = seen.slice(uploads.length);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((p) => p.total === undefined && /^job ds-\S+ (IN_PROGRESS|SUCCESS) \(poll \d+\)$/.test(p.message ?? ""))).toBe(true);
    // On the wire: every notification before the result.
    const fromServer = h.messages.filter((m) => m.direction === "in").map((m) => m.text);
    const last = fromServer.findIndex((t) => t.includes('"structuredContent"'));
    expect(fromServer.slice(last).some((t) => t.includes("notifications/progress"))).toBe(false);
    expect(fromServer.filter((t) => t.includes("notifications/progress"))).toHaveLength(seen.length);
  });
});

describe("the bound", () => {
  it("a job still running at maxWaitSeconds is answered with its handle, and wait_for_job continues it", async () => {
    const h = await harness();
    // A job that never ends by itself: only the bound can end the call.
    mock.setJobTiming({ polls: 1_000_000 });
    const started = Date.now();
    const result = await h.call("deploy_model", { ...DEPLOY, maxWaitSeconds: 1 });
    // The wait's last look is a tenth of a 1 s bound before it (src/wrappers/jobs/waiter.ts), and ends it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const { handle, job } = content<{ handle: { dockStatusId: string; continueWith: string }; job: { status: string } }>(result);
    expect(job.status).toBe("IN_PROGRESS");
    expect(handle.continueWith).toBe("wait_for_job");
    expect(text(result)).toContain(`call wait_for_job with dockStatusId ${handle.dockStatusId}`);
    mock.finishJob(handle.dockStatusId);
    const waited = await h.call("wait_for_job", { dockStatusId: handle.dockStatusId, maxWaitSeconds: 5 });
    expect(content(waited)).toMatchObject({ job: { dockStatusId: handle.dockStatusId, status: "SUCCESS" } });
  });

  it("an upload still running at the bound goes on in the server; resume_model_import takes over its job", async () => {
    const gate = gateFetch(3);
    const h = await harness({ client: { fetch: gate.fetch } });
    const result = await h.call("import_model", importArgs({ maxWaitSeconds: 1 }));
    expect(result.isError, text(result)).toBeFalsy();
    expect(content(result)).toMatchObject({ handle: { stateFile: stateFile(), path: model, continueWith: "resume_model_import" } });
    expect(text(result)).toContain(`call resume_model_import with stateFile ${stateFile()}`);
    // States are written off the event loop, one after another: the second may land just after the answer.
    await until(() => savedChunks().length === 2);
    expect(savedChunks()).toEqual([0, 1]);
    gate.open();
    // Nobody follows the upload now: once done, it says so and records its job in the state file.
    await until(() => h.logs.some((l) => String(l.data).includes("finished")));
    expect(JSON.parse(readFileSync(stateFile(), "utf8"))).toMatchObject({ job: { dockStatusId: expect.stringMatching(/^ds-/) } });
    const resumed = await h.call("resume_model_import", { stateFile: stateFile() });
    expect(content(resumed)).toMatchObject({ job: { status: "SUCCESS" }, modelId: expect.stringMatching(/^cm-/) });
    expect(receivedChunks()).toEqual([0, 1, 2, 3, 4]);
    expect(existsSync(stateFile())).toBe(false);
  });

  it("refuses to upload an import another process holds (the command line's lock), sending nothing", async () => {
    const h = await harness();
    // A live holder on this host: the parent of this test process.
    writeFileSync(`${stateFile()}.lock`, JSON.stringify({ pid: process.ppid, host: hostname(), since: "2026-11-25T00:00:00.000Z" }));
    writeFileSync(stateFile(), JSON.stringify({ version: 2 }));
    const resumed = await h.call("resume_model_import", { stateFile: stateFile(), path: model });
    expect(resumed.isError).toBe(true);
    expect(text(resumed)).toMatch(new RegExp(`stateFile is in use by another import \\(process ${process.ppid} on `));
    expect(receivedChunks()).toEqual([]);
    rmSync(`${stateFile()}.lock`);
  });

  it("resume_model_import follows an upload still running, with its progress", async () => {
    const gate = gateFetch(2);
    const h = await harness({ client: { fetch: gate.fetch } });
    await h.call("import_model", importArgs({ maxWaitSeconds: 0 }));
    await until(() => existsSync(stateFile()) && savedChunks().length === 1);
    const seen: Progress[] = [];
    const resumed = h.call("resume_model_import", { stateFile: stateFile(), maxWaitSeconds: 20 }, { onprogress: (p) => seen.push(p) });
    await gate.reached;
    gate.open();
    expect(content(await resumed)).toMatchObject({ job: { status: "SUCCESS" } });
    expect(seen.filter((p) => p.total === FILE_SIZE).map((p) => p.progress)).toEqual([2, 3, 4].map((n) => n * MiB).concat(FILE_SIZE));
    expect(receivedChunks()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("cancellation", () => {
  it("stops a wait; a log line says the job goes on", async () => {
    const h = await harness();
    mock.setJobTiming({ polls: 1_000_000 });
    const controller = new AbortController();
    const call = h.call("deploy_model", { ...DEPLOY, maxWaitSeconds: 30 }, { signal: controller.signal, onprogress: () => controller.abort("changed my mind") });
    await expect(call).rejects.toThrow();
    await until(() => h.logs.some((l) => /deploy_model: the call was cancelled; job ds-\S+ goes on at the platform/.test(String(l.data))));
    const cancelled = pollsOf(jobIds()[0]!);
    // Another job waited for to its end on the same server: while it is polled three times, a
    // waiter left running would poll the cancelled job too (both poll every 10-50 ms).
    mock.setJobTiming({ polls: 3 });
    const other = await h.call("export_model", { modelId: DEPLOY.modelId, maxWaitSeconds: 30 });
    expect(content(other)).toMatchObject({ job: { status: "SUCCESS" } });
    expect(jobIds()).toHaveLength(2);
    expect(pollsOf(jobIds()[1]!)).toBeGreaterThanOrEqual(3);
    expect(pollsOf(jobIds()[0]!)).toBe(cancelled);
  });

  it("stops an upload within a second, keeping its state; resume sends only the missing chunks, each once", async () => {
    const gate = gateFetch(3);
    const h = await harness({ client: { fetch: gate.fetch } });
    const controller = new AbortController();
    const call = h.call("import_model", importArgs({ maxWaitSeconds: 30 }), { signal: controller.signal });
    await gate.reached;
    controller.abort("stop");
    await expect(call).rejects.toThrow();
    await until(() => h.logs.some((l) => /the upload stopped after 2 of 5 chunks; no platform job was started/.test(String(l.data))), 1000);
    // The stopped upload writes its last state as it settles.
    await until(() => savedChunks().length === 2);
    expect(savedChunks()).toEqual([0, 1]);
    expect(receivedChunks()).toEqual([0, 1]);
    gate.open();
    const resumed = await h.call("resume_model_import", { stateFile: stateFile() });
    expect(content(resumed)).toMatchObject({ job: { status: "SUCCESS" } });
    expect(receivedChunks()).toEqual([0, 1, 2, 3, 4]);
  });

  it("a server closed mid-upload leaves the state file; another server resumes it", async () => {
    const gate = gateFetch(2);
    const first = await harness({ client: { fetch: gate.fetch } });
    const call = first.call("import_model", importArgs({ maxWaitSeconds: 30 }));
    await gate.reached;
    await first.server.close();
    // The agent's call ends with the connection: no answer comes from a server that has closed.
    await expect(call).rejects.toThrow();
    expect(savedChunks()).toEqual([0]);
    expect(receivedChunks()).toEqual([0]);
    const second = await harness();
    const resumed = await second.call("resume_model_import", { stateFile: stateFile(), path: model });
    expect(content(resumed)).toMatchObject({ job: { status: "SUCCESS" } });
    expect(receivedChunks()).toEqual([0, 1, 2, 3, 4]);
  });

  it("import_model refuses a file whose import is on record, pointing at resume_model_import", async () => {
    const gate = gateFetch(2);
    const h = await harness({ client: { fetch: gate.fetch } });
    await h.call("import_model", importArgs({ maxWaitSeconds: 0 }));
    const again = await h.call("import_model", importArgs());
    expect(failure(again).issues).toEqual([expect.objectContaining({ field: "path", rule: "importInProgress" })]);
    expect(text(again)).toContain("resume_model_import");
    gate.open();
  });
});
