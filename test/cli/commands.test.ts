// Every command of `platform`, run as a process against the stateful mock: both output modes,
// the exit codes, and nothing sent when the flags or the environment are wrong.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { CREDENTIALS, cli, jsonLines, printed, shown, startCli } from "./support/run-cli.js";
import { until } from "./support/until.js";

const PROVIDER_KEY = "sk-cli-provider-9f8e7d";
const LONG = 60_000;
let mock: StatefulMock;
let work: string;
let env: Record<string, string>;

beforeAll(async () => {
  mock = await startStatefulMock({ existing: "examples", jobs: { polls: 1 } });
  work = mkdtempSync(join(tmpdir(), "platform-cli-"));
  env = { PLATFORM_BASE_URL: mock.url };
  writeFileSync(join(work, "model.tar"), Buffer.alloc(3 * 1024 * 1024 + 11, 7));
  writeFileSync(join(work, "tool.json"), JSON.stringify({ name: "support-tool" }));
  writeFileSync(join(work, "flow.json"), JSON.stringify({ nodes: [] }));
  writeFileSync(join(work, "env.json"), JSON.stringify({ REGION: "eu" }));
  writeFileSync(join(work, "invoice.pdf"), "%PDF-1.7 test");
  writeFileSync(
    join(work, "deploy.json"),
    JSON.stringify({ name: "support", deviceType: "g5.xlarge", hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 } }),
  );
});
beforeEach(() => mock.reset());
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

const run = (args: string[], options: { stdin?: string; env?: Record<string, string | undefined> } = {}) =>
  cli(args, { cwd: work, env: { ...env, ...options.env }, ...(options.stdin !== undefined ? { stdin: options.stdin } : {}) });
const json = <T = Record<string, unknown>>(out: { stdout: string }): T => JSON.parse(out.stdout) as T;

describe("target and credentials", () => {
  it("without a target: exit 2 naming the variables, nothing sent", async () => {
    const out = await run(["connections", "list"], { env: { PLATFORM_BASE_URL: undefined, PLATFORM_HOST: undefined } });
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toContain("PLATFORM_BASE_URL");
    expect(out.stdout).toBe("");
  }, LONG);

  it("without the API key an x-api-key operation is a usage error naming PLATFORM_API_KEY, before anything is sent", async () => {
    const out = await run(["guardrails", "deploy", "Toxicity"], { env: { PLATFORM_API_KEY: undefined } });
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toContain("PLATFORM_API_KEY");
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("platform mcp without the API key stops at start with exit 2 naming PLATFORM_API_KEY, not call after call", async () => {
    const out = await run(["mcp"], { env: { PLATFORM_API_KEY: undefined } });
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toContain("PLATFORM_API_KEY");
    expect(out.stdout).toBe("");
  }, LONG);

  it("without the JWT a chunk operation is a usage error naming PLATFORM_JWT", async () => {
    const out = await run(["chunks", "list", "st-0a1b2c3d"], { env: { PLATFORM_JWT: "" } });
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toContain("PLATFORM_JWT");
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("flags stand in for the environment, and a misspelt flag's value is not echoed", async () => {
    const ok = await run(["--api-key", "flag-key-0a1b2c", "jobs", "get", "ds-00000000-0000-4000-8000-000000000001", "--json"], { env: { PLATFORM_API_KEY: undefined } });
    expect(ok.code, shown(ok)).toBe(3); // the mock knows no such job: an API error, so the key was accepted and sent
    expect(mock.requests()[0]).toMatchObject({ credential: true });
    const typo = await run(["--api-kye=flag-key-0a1b2c", "jobs", "get", "ds-1"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown option");
    expect(typo.stderr + ok.stderr + ok.stdout).not.toContain("flag-key-0a1b2c");
  }, LONG);
});

describe("connections", () => {
  it("create from stdin, list (JSON Lines and a table), get, update, replace", async () => {
    const body = { provider: "PROVIDER_ONE", connectionName: "Support assistant", model: "model-large-2", fields: { API_KEY: PROVIDER_KEY } };
    const created = await run(["connections", "create", "--file", "-", "--json"], { stdin: JSON.stringify(body) });
    expect(created.code, shown(created)).toBe(0);
    const { connectionId } = json<{ connectionId: string }>(created);
    expect(connectionId).toMatch(/^cn-/);

    const lines = await run(["connections", "list", "-o", "jsonl"]);
    expect(lines.code, shown(lines)).toBe(0);
    // Beside the connections the spec's examples name, which the mock holds from the start.
    expect(jsonLines(lines)).toContainEqual(expect.objectContaining({ connectionId, connectionName: "Support assistant" }));
    // --json keeps the service's document, its total included.
    const listed = json<{ connections: unknown[]; total: number }>(await run(["connections", "list", "--json"]));
    expect(listed.connections).toContainEqual(expect.objectContaining({ connectionId }));
    expect(listed).toEqual({ connections: expect.any(Array), total: listed.connections.length });
    const table = await run(["connections", "list"]);
    expect(table.stdout).toMatch(/^CONNECTIONID\s+CONNECTIONNAME\s+PROVIDER\s+STATUS$/m);
    expect(table.stdout).toContain("Support assistant");

    const got = await run(["connections", "get", connectionId]);
    expect(got.code, shown(got)).toBe(0);
    expect(got.stdout).toMatch(new RegExp(`^connectionId: ${connectionId}$`, "m"));

    // A provider connection takes a new key; a custom one any field.
    const rotated = await run(["connections", "update", connectionId, "--field", `API_KEY=${PROVIDER_KEY}-2`, "--json"]);
    expect(rotated.code, shown(rotated)).toBe(0);

    const custom = {
      provider: "API",
      connectionName: "Summariser",
      endpointUrl: "https://llm.internal.example/v1/generate",
      headers: [{ key: "Authorization", value: `Bearer ${PROVIDER_KEY}` }],
      payload: { prompt: "{{prompt}}" },
      outputPath: "choices[0].text",
      status: "DRAFT",
    };
    writeFileSync(join(work, "custom.json"), JSON.stringify(custom));
    const draft = json<{ connectionId: string }>(await run(["connections", "create", "--file", "custom.json", "--json"]));
    const renamed = await run(["connections", "update", draft.connectionId, "--name", "Summariser (EU)", "--json"]);
    expect(renamed.code, shown(renamed)).toBe(0);
    expect(json(await run(["connections", "get", draft.connectionId, "--json"]))).toMatchObject({ connectionName: "Summariser (EU)" });
    const replaced = await run(["connections", "replace", draft.connectionId, "--file", "custom.json", "--status", "FINALIZED", "--json"]);
    expect(replaced.code, shown(replaced)).toBe(0);
    expect(json(replaced)).toMatchObject({ status: "FINALIZED" });
  }, LONG);

  it("an unknown connection is an API error: exit 3 with the service's answer on stderr", async () => {
    const out = await run(["connections", "get", "cn-00000000-0000-4000-8000-00000000dead"]);
    expect(out.code, shown(out)).toBe(3);
    expect(out.stderr).toMatch(/NotFoundError: getConnection failed with 404/);
    expect(out.stdout).toBe("");
  }, LONG);

  it("a body that breaks the spec is refused before sending: exit 2 naming the field", async () => {
    const out = await run(["connections", "create", "--provider", "PROVIDER_ONE", "--name", "x"]);
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toMatch(/ValidationError: .*(model|fields)/);
    expect(mock.requests()).toEqual([]);
  }, LONG);
});

describe("chunks", () => {
  it("list streams every page as JSON Lines, and --where/--or select the groups", async () => {
    mock.seedChunks(
      Array.from({ length: 25 }, (_, i) => ({
        chunkId: `chk-00000000-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`,
        sourceName: i % 2 === 0 ? "even.pdf" : "odd.pdf",
        recordTitle: `r${i % 3}`,
        pageNumber: i,
      })),
    );
    const all = await run(["chunks", "list", "st-0a1b2c3d", "-o", "jsonl"]);
    expect(all.code, shown(all)).toBe(0);
    expect(jsonLines(all)).toHaveLength(25);
    expect(mock.requests({ operationId: "listChunks" }).length).toBeGreaterThan(1);

    const picked = await run([
      "chunks", "list", "st-0a1b2c3d", "--where", "sourceName=even.pdf", "--where", "recordTitle=r0", "--or", "--where", "sourceName=odd.pdf", "--where",
      "recordTitle=r1", "-o", "jsonl",
    ]);
    const rows = jsonLines(picked) as { sourceName: string; recordTitle: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => (r.sourceName === "even.pdf" && r.recordTitle === "r0") || (r.sourceName === "odd.pdf" && r.recordTitle === "r1"))).toBe(true);
    expect(rows.some((r) => r.sourceName === "odd.pdf") && rows.some((r) => r.sourceName === "even.pdf")).toBe(true);

    const table = await run(["chunks", "list", "st-0a1b2c3d", "--where", "sourceName=odd.pdf", "--limit", "3"]);
    expect(table.stdout.trim().split("\n")).toHaveLength(4);
    expect(table.stdout).toMatch(/^CHUNKID\s+SOURCENAME/);
  }, LONG);

  it("--where with a field chunks do not have is a usage error naming it", async () => {
    const out = await run(["chunks", "list", "st-0a1b2c3d", "--where", "colour=red"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("--where colour: not a chunk field");
    const dangling = await run(["chunks", "list", "st-0a1b2c3d", "--where", "sourceName=a", "--or"]);
    expect(dangling.code).toBe(2);
    expect(dangling.stderr).toContain("--or must be followed by at least one --where");
  }, LONG);

  it("update one chunk", async () => {
    const out = await run(["chunks", "update", "st-0a1b2c3d", "chk-00000000-0000-4000-8000-000000000001", "--title", "Travel policy (2026)", "--json"]);
    expect(out.code, shown(out)).toBe(0);
    const [chunk] = json<{ chunkId: string }[]>(await run(["chunks", "list", "st-0a1b2c3d", "--where", "chunkTitle=Travel policy (2026)", "--json"]));
    expect(chunk?.chunkId).toBe("chk-00000000-0000-4000-8000-000000000001");
  }, LONG);

  it("delete: --dry-run sends no delete, no terminal without --yes is refused, --yes deletes", async () => {
    const dry = await run(["chunks", "delete", "st-0a1b2c3d", "--where", "sourceName=faq.pdf", "--dry-run", "--json"]);
    expect(dry.code, shown(dry)).toBe(0);
    expect(json<{ chunkIds: string[] }>(dry).chunkIds).toHaveLength(3);
    const refused = await run(["chunks", "delete", "st-0a1b2c3d", "--where", "sourceName=faq.pdf"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --yes");
    expect(mock.requests({ operationId: "deleteChunksById" })).toEqual([]);
    const done = await run(["chunks", "delete", "st-0a1b2c3d", "--where", "sourceName=faq.pdf", "--yes", "--json"]);
    expect(done.code, shown(done)).toBe(0);
    expect(json(done)).toMatchObject({ totalRequested: 3, totalDeleted: 3, totalNotFound: 0 });
    const left = json<unknown[]>(await run(["chunks", "list", "st-0a1b2c3d", "--json"]));
    expect(left).toHaveLength(3);
  }, LONG);
});

describe("models", () => {
  it("import --wait --json ends with the job's JSON, the state file gone", async () => {
    const out = await run(["models", "import", "model.tar", "--chunk-size", "1MiB", "--wait", "--poll-interval", "50ms", "--json"]);
    expect(out.code, shown(out)).toBe(0);
    expect(json(out)).toMatchObject({ status: "SUCCESS", dockStatusId: expect.stringMatching(/^ds-/), modelId: expect.stringMatching(/^cm-/) });
    expect(out.stderr).toMatch(/uploaded 3\.0 MiB of 3\.0 MiB \(4\/4 chunks/);
    expect(out.stderr).toMatch(/^uploaded 3\.0 MiB in 4 chunks; model cm-/m);
    expect(mock.requests({ operationId: "uploadImportChunk" })).toHaveLength(4);
    expect(() => readFileSync(join(work, "model.tar.import-state.json"))).toThrow();
  }, LONG);

  it("import in one chunk says so in the singular", async () => {
    const out = await run(["models", "import", "model.tar", "--chunk-size", "4MiB", "--json"]);
    expect(out.code, shown(out)).toBe(0);
    expect(out.stderr).toMatch(/^uploaded 3\.0 MiB in 1 chunk; model /m);
  }, LONG);

  it("deploy from flags, undeploy with --yes and --dry-run, export with --download", async () => {
    const deployed = await run([
      "models", "deploy", "cm-4e5f6a7b", "--model-type", "openSource", "--name", "support", "--device-type", "g5.xlarge", "--temperature", "0.7",
      "--max-tokens", "256", "--top-p", "0.9", "--top-k", "40", "--wait", "--poll-interval", "50ms", "--json",
    ]);
    expect(deployed.code, shown(deployed)).toBe(0);
    expect(json(deployed)).toMatchObject({ status: "SUCCESS" });

    const dry = await run(["models", "undeploy", "cm-4e5f6a7b", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("would undeploy model cm-4e5f6a7b");
    expect(mock.requests({ operationId: "undeployModel" })).toEqual([]);
    const undeployed = await run(["models", "undeploy", "cm-4e5f6a7b", "--yes", "--json"]);
    expect(undeployed.code, shown(undeployed)).toBe(0);
    expect(json(undeployed)).toMatchObject({ dockStatusId: expect.stringMatching(/^ds-/) });

    const exported = await run(["models", "export", "cm-9c0d1e2f", "--wait", "--poll-interval", "50ms", "--download", "export.bin", "--json"]);
    expect(exported.code, shown(exported)).toBe(0);
    expect(json(exported)).toMatchObject({ status: "SUCCESS", downloadUrl: expect.stringContaining(mock.url) });
    expect(readFileSync(join(work, "export.bin")).length).toBeGreaterThan(0);
  }, LONG);

  it("a deploy hyper-parameter out of range is refused before sending, naming it", async () => {
    const out = await run([
      "models", "deploy", "cm-4e5f6a7b", "--model-type", "openSource", "--name", "m", "--device-type", "g5.xlarge", "--temperature", "3", "--max-tokens", "256",
      "--top-p", "0.9", "--top-k", "40",
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("hyperParameters.temperature must be <= 2");
    expect(mock.requests()).toEqual([]);
  }, LONG);
});

describe("tools, guardrails, attachments, files, jobs", () => {
  it("tools: import from files, import-into, export, deploy, undeploy", async () => {
    const imported = await run([
      "tools", "import", "--name", "support-tool", "--tool-data", "tool.json", "--flow-data", "flow.json", "--env-variables", "env.json", "--wait",
      "--poll-interval", "50ms", "--json",
    ]);
    expect(imported.code, shown(imported)).toBe(0);
    expect(json(imported)).toMatchObject({ status: "SUCCESS" });
    expect(mock.requests({ operationId: "uploadFile" })).toHaveLength(3);

    const into = await run(["tools", "import-into", "a-5e6f7a8b", "--tool-data", "tool.json", "--flow-data", "flow.json", "--env-variables", "env.json", "--json"]);
    expect(into.code, shown(into)).toBe(0);
    const exported = await run(["tools", "export", "a-5e6f7a8b", "--flow-id", "a-5e6f7a8b", "--wait", "--poll-interval", "50ms", "--json"]);
    expect(json(exported)).toMatchObject({ status: "SUCCESS", downloadUrl: expect.any(String) });
    const deployed = await run(["tools", "deploy", "a-5e6f7a8b", "--sync", "--json"]);
    expect(deployed.code, shown(deployed)).toBe(0);
    const undeployed = await run(["tools", "undeploy", "a-5e6f7a8b", "--yes"]);
    expect(undeployed.code, shown(undeployed)).toBe(0);
    expect(undeployed.stdout).toMatch(/^dockStatusId: ds-/m);
  }, LONG);

  it("guardrails deploy --wait; a failed job is exit 4; a deploy waited past --timeout is exit 5", async () => {
    const ok = await run(["guardrails", "deploy", "Toxicity", "--wait", "--poll-interval", "50ms"]);
    expect(ok.code, shown(ok)).toBe(0);
    expect(ok.stdout).toMatch(/^status: SUCCESS$/m);
    expect(ok.stderr).toMatch(/^job ds-\S+: /m);

    mock.failNextJob();
    const failed = await run(["guardrails", "undeploy", "Toxicity", "--yes", "--wait", "--poll-interval", "50ms"]);
    expect(failed.code, shown(failed)).toBe(4);
    expect(failed.stderr).toContain("JobFailedError");

    mock.setJobTiming({ polls: 1_000 });
    const slow = await run(["models", "deploy", "cm-4e5f6a7b", "--model-type", "openSource", "--file", "deploy.json", "--wait", "--timeout", "1s", "--poll-interval", "100ms"]);
    expect(slow.code, shown(slow)).toBe(5);
    expect(slow.stderr).toContain("JobTimeoutError");
  }, LONG);

  it("--timeout without --wait is a usage error, before the job is started", async () => {
    const out = await run(["guardrails", "deploy", "Toxicity", "--timeout", "5s"]);
    expect(out.code, shown(out)).toBe(2);
    expect(out.stderr).toContain("--timeout and --poll-interval need --wait");
    expect(mock.requests()).toEqual([]);
  }, LONG);

  it("attachments upload and delete; files upload; jobs get and wait", async () => {
    const attached = await run(["attachments", "upload", "st-0a1b2c3d", "dev", "invoice.pdf", "--user-reference", "user-42", "--json"]);
    expect(attached.code, shown(attached)).toBe(0);
    const { fileId } = json<{ fileId: string }>(attached);
    const removed = await run(["attachments", "delete", "st-0a1b2c3d", "dev", fileId, "--yes", "--json"]);
    expect(removed.code, shown(removed)).toBe(0);

    const uploaded = await run(["files", "upload", "tool.json", "--json"]);
    expect(uploaded.code, shown(uploaded)).toBe(0);
    expect(json(uploaded)).toMatchObject({ fileId: expect.any(String) });
    // The normalised fields once: no `raw` repeating them.
    expect(json(uploaded)).not.toHaveProperty("raw");

    const started = json<{ dockStatusId: string }>(await run(["guardrails", "deploy", "Bias detection", "--json"]));
    const got = await run(["jobs", "get", started.dockStatusId, "--json"]);
    expect(json(got)).toMatchObject({ dockStatusId: started.dockStatusId });
    const waited = await run(["jobs", "wait", started.dockStatusId, "--poll-interval", "50ms"]);
    expect(waited.code, shown(waited)).toBe(0);
    expect(waited.stdout).toMatch(/^status: SUCCESS$/m);
  }, LONG);

  it("Ctrl-C during a wait: exit 130, and how to wait again", async () => {
    mock.setJobTiming({ polls: 1_000 });
    const { child, done } = startCli(
      ["models", "deploy", "cm-4e5f6a7b", "--model-type", "openSource", "--file", "deploy.json", "--wait", "--poll-interval", "100ms"],
      { cwd: work, env },
    );
    await until(() => mock.requests({ operationId: "getDockStatus" }).length > 0);
    child.kill("SIGINT");
    const out = await done;
    expect(out.code, shown(out)).toBe(130);
    expect(out.stderr).toContain("platform: interrupted");
    expect(out.stderr).toMatch(/platform jobs wait ds-\S+/);
  }, LONG);
});

afterAll(() => {
  const all = printed.join("\n");
  for (const secret of [...Object.values(CREDENTIALS), PROVIDER_KEY, "flag-key-0a1b2c"]) expect(all).not.toContain(secret);
});
