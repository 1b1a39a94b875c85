// The `platform` command line as users get it: installed from the packed tarball, against the
// installed `platform-mock --stateful` in a process of its own. An import waited for in JSON, a
// kill and a resume that sends each chunk once, a filtered chunk listing streamed page by page,
// and no credential in anything printed.
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateProxy } from "../cli/support/gate-proxy.js";
import { CREDENTIALS, cli, jsonLines, printed, shown, startCli } from "../cli/support/run-cli.js";
import { installPackedPackage, type InstalledPackage } from "./installed-package.js";
import { savedChunks, until } from "../cli/support/until.js";

const LONG = 240_000;
const MiB = 1024 * 1024;
let installed: InstalledPackage;
let mockUrl: string;
let stopMock: () => void;

const platform = () => [join(installed.project, "node_modules/.bin/platform")];
const run = (args: string[], env: Record<string, string> = {}) =>
  cli(args, { command: platform(), cwd: installed.project, env: { PLATFORM_BASE_URL: mockUrl, ...env } });
const admin = async (method: string, path: string, body?: unknown) =>
  (await fetch(`${mockUrl}/__mock/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) })).json() as Promise<Record<string, unknown>>;

beforeAll(async () => {
  installed = await installPackedPackage();
  const child = spawn(join(installed.project, "node_modules/.bin/platform-mock"), ["--stateful", "--port", "0", "--job-polls", "1"], {
    cwd: installed.project,
    stdio: ["ignore", "pipe", "inherit"],
  });
  stopMock = () => child.kill("SIGTERM");
  mockUrl = await new Promise<string>((resolveUrl, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /^Mock server: (http:\/\/\S+)/.exec(line);
      if (match) resolveUrl(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`platform-mock exited (${code}) before listening`)));
  });
  writeFileSync(join(installed.project, "model.tar"), Buffer.from(Array.from({ length: 5 * MiB + 3 }, (_, i) => (i * 17) % 253)));
}, LONG);
afterAll(() => {
  stopMock?.();
  if (installed) rmSync(installed.scratch, { recursive: true, force: true });
});

describe("platform, installed from the tarball, against platform-mock --stateful", () => {
  it("models import model.tar --wait --json ends with the job's JSON and exit 0", async () => {
    await admin("POST", "reset");
    const out = await run(["models", "import", "model.tar", "--chunk-size", "1MiB", "--wait", "--poll-interval", "50ms", "--json"]);
    expect(out.code, shown(out)).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ status: "SUCCESS", dockStatusId: expect.stringMatching(/^ds-/), modelId: expect.stringMatching(/^cm-/) });
  }, LONG);

  it("killed part-way and resumed, it sends each chunk once", async () => {
    await admin("POST", "reset");
    const state = join(installed.project, "import-state.json");
    const gate = await startGateProxy(mockUrl, 3);
    try {
      const first = startCli(["models", "import", "model.tar", "--chunk-size", "1MiB", "--concurrency", "1", "--state", state], {
        command: platform(),
        cwd: installed.project,
        env: { PLATFORM_BASE_URL: gate.url },
      });
      await gate.held;
      await until(() => savedChunks(state).length === 2);
      first.child.kill("SIGKILL");
      expect((await first.done).signal).toBe("SIGKILL");
    } finally {
      await gate.stop();
    }
    const resumed = await run(["models", "import", "model.tar", "--resume", state, "--wait", "--poll-interval", "50ms", "--json"]);
    expect(resumed.code, shown(resumed)).toBe(0);
    const { requests } = (await admin("GET", "requests?operationId=uploadImportChunk")) as { requests: { status?: number; body: { chunkNumber: string } }[] };
    const numbers = requests.filter((r) => r.status === 200).map((r) => Number(r.body.chunkNumber));
    expect(numbers.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  }, LONG);

  it("chunks list APP --where … -o jsonl streams every page", async () => {
    await admin("POST", "reset");
    const chunks = Array.from({ length: 45 }, (_, i) => ({ chunkId: `chk-00000000-0000-4000-8000-0000000002${String(i).padStart(2, "0")}`, sourceName: i % 3 === 0 ? "keep.pdf" : "other.pdf" }));
    await admin("PUT", "chunks", chunks);
    const out = await run(["chunks", "list", "st-0a1b2c3d", "--where", "sourceName=keep.pdf", "-o", "jsonl"]);
    expect(out.code, shown(out)).toBe(0);
    const lines = jsonLines(out) as { chunkId: string; sourceName: string }[];
    expect(lines).toHaveLength(15);
    expect(new Set(lines.map((l) => l.chunkId)).size).toBe(15);
    expect(lines.every((l) => l.sourceName === "keep.pdf")).toBe(true);
    const { requests } = (await admin("GET", "requests?operationId=listChunks")) as { requests: unknown[] };
    expect(requests.length).toBeGreaterThan(1);
  }, LONG);

  it("platform mcp serves its tools once the MCP SDK, its optional peer, is installed beside it", async () => {
    await admin("POST", "reset");
    const env = { PATH: process.env.PATH ?? "", PLATFORM_BASE_URL: mockUrl, ...CREDENTIALS };
    const transport = new StdioClientTransport({ command: platform()[0]!, args: ["mcp"], cwd: installed.project, env, stderr: "pipe" });
    const agent = new Client({ name: "package-test", version: "1.0.0" });
    await agent.connect(transport);
    try {
      expect((await agent.listTools()).tools).toHaveLength(20);
      const page = await agent.callTool({ name: "list_chunks", arguments: { botId: "st-0a1b2c3d" } });
      expect(page.isError, JSON.stringify(page)).toBeFalsy();
      const { chunks } = page.structuredContent as { chunks: unknown[] };
      expect(chunks.length).toBeGreaterThan(0);
      // The text a client without structured content shows, and one request for one call.
      expect((page.content as Array<{ text: string }>)[0]!.text).toBe(`${chunks.length} chunk(s) of st-0a1b2c3d; that is the last page`);
      expect(((await admin("GET", "requests?operationId=listChunks")) as { requests: unknown[] }).requests).toHaveLength(1);
    } finally {
      await agent.close();
    }
  }, LONG);

  it("prints no credential in any output", () => {
    expect(printed.length).toBeGreaterThan(0);
    for (const secret of Object.values(CREDENTIALS)) expect(printed.join("\n")).not.toContain(secret);
  });
});

