// npm run proxy: scripts/proxy.mjs in front of a local stand-in for a real environment. A
// conforming answer passes through untouched; an answer that breaks the spec becomes a 500 with
// the violations; a request that breaks the spec is refused by Prism and never reaches the
// environment; with --record-drift, both go into a drift report of the client's format. What
// Prism proxy actually does is asserted, including where it falls short.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReportAjv, loadReportSchema } from "../../scripts/lib/drift-outputs.mjs";
import { REPO_ROOT, loadSpec } from "../../scripts/lib/spec.mjs";
import { DriftRecorder } from "../../src/drift/recorder.js";
import type { DriftReport } from "../../src/drift/report-format.js";
import { exampleValue } from "../support/spec-members.js";

const SCRIPT = resolve(REPO_ROOT, "scripts/proxy.mjs");
const spec = loadSpec();
// Conforming by construction: the spec's own sample of a guardrail deploy job.
const CONFORMING = exampleValue(spec, "GuardrailDeployed");
// A job record with no id key at all and a number for a status.
const NON_CONFORMING = { jobType: "TOOLS", action: "EXPORT", status: 42 };
const API_KEY = { "x-api-key": "test-api-key" };

type Received = { method: string; url: string; body: Buffer; headers: IncomingMessage["headers"] };
const received: Received[] = [];

// The environment: answers dock status wrongly and guardrail deploy correctly, records every call.
const upstream: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    received.push({ method: req.method!, url: req.url!, body: Buffer.concat(chunks), headers: req.headers });
    res.setHeader("content-type", "application/json");
    if (req.url!.startsWith("/api/public/dock-status/")) res.end(JSON.stringify(NON_CONFORMING));
    else if (req.url === "/api/public/guardrails/deploy") res.end(JSON.stringify(CONFORMING));
    else if (req.url!.endsWith("/attachments/upload")) res.end(JSON.stringify({ fileId: "f-1e2f3a4b", fileName: "sample.bin" }));
    else res.writeHead(404).end("{}");
  });
});

type Proxy = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

/** Runs the script in its own process group, so teardown can reach Prism behind it too. */
function runProxy(args: string[]): Proxy & { ready: Promise<string> } {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let text = "";
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const ready = new Promise<string>((done, fail) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const match = /Validating proxy: (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match) done(match[1]!);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    exited.then((code) => fail(new Error(`proxy exited (${code}) before listening:\n${text}`)));
  });
  return { child, url: "", output: () => text, exited, ready };
}

/** True while any process of the group still exists. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopProxy(proxy: Proxy | undefined) {
  if (!proxy?.child.pid) return;
  const { pid } = proxy.child;
  if (proxy.child.exitCode === null && proxy.child.signalCode === null) proxy.child.kill("SIGTERM");
  const stopped = await Promise.race([proxy.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
  // Last resort: whatever is left of the group (the script, Prism) is killed outright.
  if (!stopped || groupAlive(pid)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

let proxy: Proxy;
let upstreamUrl: string;
const scratch = mkdtempSync(join(tmpdir(), "proxy-drift-"));
const driftFile = join(scratch, "drift.json");
// A report the file already holds when the proxy starts: the proxy adds to it.
const earlier = new DriftRecorder({ recordedBy: "mock" });
earlier.record({ direction: "request", operationId: "updateChunk", location: "body" }, [
  { pointer: "/pageNumber", kind: "type", keyword: "type", expected: "integer or string", received: ["boolean"] },
]);

beforeAll(async () => {
  await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  writeFileSync(driftFile, JSON.stringify(earlier.report()));
  const started = runProxy([upstreamUrl, "--port", "0", "--record-drift", driftFile]);
  proxy = started;
  proxy.url = await started.ready;
}, 60_000);

afterAll(async () => {
  await stopProxy(proxy);
  await new Promise((done) => upstream.close(done));
  rmSync(scratch, { recursive: true, force: true });
});

function callsTo(path: string) {
  return received.filter((r) => r.url.split("?")[0] === path);
}

describe("npm run proxy in front of an environment", () => {
  it("passes a conforming answer through unchanged", async () => {
    const response = await fetch(`${proxy.url}/api/public/guardrails/deploy`, {
      method: "POST",
      headers: { ...API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ name: "Toxicity" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(await response.text()).toBe(JSON.stringify(CONFORMING));
    const [call] = callsTo("/api/public/guardrails/deploy").filter((r) => r.body.toString() === '{"name":"Toxicity"}');
    expect(call?.headers["x-api-key"]).toBe("test-api-key");
  });

  it("turns an answer that breaks the spec into a 500 listing the violations, and logs them", async () => {
    const path = "/api/public/dock-status/ds-2b3c4d5e";
    const response = await fetch(`${proxy.url}${path}`, { headers: API_KEY });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const problem = await response.json();
    const messages = problem.validation.map((v: { location: string[]; message: string }) => `${v.location.join(".")} ${v.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "response.body.status Response body property status must be string",
        "response.body Response body must have required property 'dockStatusId'",
        "response.body Response body must have required property '_id'",
      ]),
    );
    // The same list travels in a header, for clients that do not read error bodies.
    expect(JSON.parse(response.headers.get("sl-violations")!)).toEqual(problem.validation);
    expect(callsTo(path)).toHaveLength(1);
    await expect.poll(() => proxy.output()).toContain(`[violations] GET ${path} -> 500`);
    expect(proxy.output()).toContain("response.body.status  Response body property status must be string");
  });

  it("refuses a request that breaks the spec with a 422, without forwarding it", async () => {
    const before = callsTo("/api/public/guardrails/deploy").length;
    const response = await fetch(`${proxy.url}/api/public/guardrails/deploy`, {
      method: "POST",
      headers: { ...API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ name: "Profanity" }),
    });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.validation).toEqual([expect.objectContaining({ location: ["body", "name"], code: "enum" })]);
    // Prism proxy with --errors answers by itself: the environment never sees the request.
    expect(callsTo("/api/public/guardrails/deploy")).toHaveLength(before);
    await expect.poll(() => proxy.output()).toContain("[violations] POST /api/public/guardrails/deploy -> 422 Invalid request");
    expect(proxy.output()).toContain("body.name  Request body property name must be equal to one of the allowed values");
    expect(proxy.output()).not.toContain("Prism unreachable");
  });

  it("with --record-drift, writes the environment's answers as they came and the refused requests in the drift report format", async () => {
    const path = "/api/public/dock-status/ds-7d8e9f0a";
    expect((await fetch(`${proxy.url}${path}`, { headers: API_KEY })).status).toBe(500);
    const refused = await fetch(`${proxy.url}/api/public/guardrails/deploy`, { method: "POST", headers: { ...API_KEY, "content-type": "application/json" }, body: JSON.stringify({ name: "Profanity" }) });
    expect(refused.status).toBe(422);
    const read = (): DriftReport | undefined => (existsSync(driftFile) ? JSON.parse(readFileSync(driftFile, "utf8")) : undefined);
    // Both calls' records, whichever the proxy writes first (on a busy machine the refusal's came
    // first and the answer's drift after).
    const recorded = () => ["getDockStatus", "deployGuardrail"].every((id) => read()?.drifts.some((d) => d.operationId === id));
    await expect.poll(recorded, { timeout: 10_000 }).toBe(true);
    const report = read()!;
    const validate = createReportAjv().compile(loadReportSchema());
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    const find = (operationId: string, pointer: string) => report.drifts.find((d) => d.operationId === operationId && d.pointer === pointer);
    // The status the environment sent (200), not Prism's 500, and the types it sent.
    expect(find("getDockStatus", "/status")).toMatchObject({ direction: "response", status: 200, kind: "type", received: ["integer"], recordedBy: ["proxy"] });
    expect(find("getDockStatus", "/_id")).toMatchObject({ kind: "required", discrepancies: ["dock-status-from-public-reference"] });
    expect(find("deployGuardrail", "/name")).toMatchObject({ direction: "request", location: "body", kind: "enum", received: ["unknown"], recordedBy: ["proxy"] });
    expect(find("updateChunk", "/pageNumber")).toMatchObject({ recordedBy: ["mock"], count: 1 });
    expect(JSON.stringify(report)).not.toContain("Profanity");
    // Each drift is logged when first seen (by the earlier dock-status call of this file).
    expect(proxy.output()).toMatch(/\[drift\] GET \/api\/public\/dock-status\/ds-\w+ -> 200: \/status type/);
  });

  it("refuses a request without its credential header with a 401, without forwarding it", async () => {
    const path = "/api/public/dock-status/ds-9f8e7d6c";
    const response = await fetch(`${proxy.url}${path}`);
    expect(response.status).toBe(401);
    await response.arrayBuffer();
    expect(callsTo(path)).toHaveLength(0);
  });

  // Known limit of Prism 5.14 proxy, asserted so that a Prism that fixes it is noticed: it reads
  // the request body as UTF-8 text, so bytes that are not valid UTF-8 reach the environment as
  // U+FFFD. The script's banner says so; uploads go directly to the environment.
  it("alters the bytes of a binary upload (Prism reads bodies as UTF-8)", async () => {
    const bytes = new Uint8Array([0x00, 0x01, 0xff, 0xfe, 0x41]);
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "application/octet-stream" }), "sample.bin");
    form.append("userReference", "user-1");
    form.append("uploadType", "runtime");
    const path = "/api/v2/apps/st-0a1b2c3d/environments/dev/attachments/upload";
    const response = await fetch(`${proxy.url}${path}`, { method: "POST", headers: API_KEY, body: form });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const [call] = callsTo(path);
    expect(call).toBeDefined();
    expect(call!.body.includes(Buffer.from(bytes))).toBe(false);
    expect(call!.body.includes(Buffer.from([0x00, 0x01, 0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd, 0x41]))).toBe(true);
  });
});

describe("npm run proxy arguments", () => {
  it.each([
    ["no upstream", [], "missing the upstream URL"],
    ["a relative URL", ["platform.invalid"], "not an absolute URL"],
    ["another scheme", ["ftp://platform.invalid"], "must be http(s)"],
    ["a path", ["https://platform.invalid/api/public"], "must have no path"],
    ["a query", ["https://platform.invalid/?env=dev"], "no query or fragment"],
    ["credentials", ["https://user:secret@platform.invalid"], "no credentials"],
    ["a bad port", ["https://platform.invalid", "--port", "70000"], "--port is not a port"],
  ])("refuses %s with exit code 2", async (_, args, message) => {
    const run = runProxy(args);
    run.ready.catch(() => undefined);
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain(message);
    expect(run.output()).not.toContain("secret");
  });

  it("stops Prism with itself on SIGTERM", async () => {
    const run = runProxy([upstreamUrl, "--port", "0"]);
    try {
      await run.ready;
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      // The script was the group's leader: nothing of the group, Prism included, is left.
      await expect.poll(() => groupAlive(run.child.pid!)).toBe(false);
    } finally {
      await stopProxy(run);
    }
  });
});
