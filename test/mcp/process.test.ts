// `platform mcp` as an MCP client meets it: a process started by the SDK's StdioClientTransport,
// talking to `platform-mock --stateful` in a process of its own. One agent session end to end:
// an import whose job outlives its bound (a handle), the wait on that handle, a deploy, and an
// undeploy refused without consent and done with it. Then raw bytes on stdin that are not
// JSON-RPC, which must not stop the server.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { API_KEY, JWT, content, failure, leaked, text } from "./support/harness.js";

const TSX = fileURLToPath(import.meta.resolve("tsx"));
const CLI = resolve(REPO_ROOT, "src/cli/main.ts");
const MOCK_CLI = resolve(REPO_ROOT, "src/mock/cli.ts");
const LONG = 60_000;

let mockProcess: ChildProcess;
let mockUrl: string;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "platform-mcp-process-"));
  writeFileSync(join(work, "model.tar"), Buffer.alloc(1024 * 1024 + 9, 3));
  // Jobs end 8 s after they start: longer than the import's 5 s bound (which its 1 MiB upload fits
  // in even on a busy machine, where 1 s did not), shorter than the 20 s waits.
  mockProcess = spawn(
    process.execPath,
    ["--import", TSX, MOCK_CLI, "--stateful", "--port", "0", "--examples", "--job-polls", "1000000", "--job-ms", "8000", "--api-key", API_KEY, "--jwt", JWT],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  mockUrl = await new Promise<string>((resolveUrl, reject) => {
    createInterface({ input: mockProcess.stdout! }).on("line", (line) => {
      const match = /^Mock server: (\S+)/.exec(line);
      if (match) resolveUrl(match[1]!);
    });
    mockProcess.once("exit", (code) => reject(new Error(`platform-mock exited with ${code}`)));
  });
}, LONG);
afterAll(() => {
  mockProcess?.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

const serverEnv = () => ({ PATH: process.env.PATH ?? "", PLATFORM_BASE_URL: mockUrl, PLATFORM_API_KEY: API_KEY, PLATFORM_JWT: JWT, NO_COLOR: "1" });

describe("platform mcp over stdio", () => {
  it(
    "imports, answers a handle at the bound, waits on it, deploys, and undeploys with consent",
    async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ["--import", TSX, CLI, "mcp", "--max-wait", "20s"],
        env: serverEnv(),
        cwd: work,
        stderr: "pipe",
      });
      let stderr = "";
      transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const messages: string[] = [];
      const send = transport.send.bind(transport);
      transport.send = async (message: JSONRPCMessage) => {
        messages.push(JSON.stringify(message));
        return send(message);
      };
      const agent = new Client({ name: "process-test", version: "1.0.0" });
      await agent.connect(transport);
      const receive = transport.onmessage!;
      transport.onmessage = (message: JSONRPCMessage) => {
        messages.push(JSON.stringify(message));
        receive(message);
      };
      const call = async (name: string, args: Record<string, unknown>) => (await agent.callTool({ name, arguments: args })) as CallToolResult;
      try {
        expect((await agent.listTools()).tools).toHaveLength(20);

        const imported = await call("import_model", { path: join(work, "model.tar"), maxWaitSeconds: 5 });
        expect(imported.isError, text(imported)).toBeFalsy();
        const { handle, modelId } = content<{ handle: { dockStatusId: string; continueWith: string }; modelId: string }>(imported);
        expect(handle).toMatchObject({ dockStatusId: expect.stringMatching(/^ds-/), continueWith: "wait_for_job" });

        const waited = await call("wait_for_job", { dockStatusId: handle.dockStatusId, maxWaitSeconds: 20 });
        expect(content(waited)).toMatchObject({ job: { dockStatusId: handle.dockStatusId, status: "SUCCESS" } });

        const deployed = await call("deploy_model", {
          modelId,
          modelType: "openSource",
          name: "support",
          deviceType: "g5.xlarge",
          hyperParameters: { temperature: 0.7, maxTokens: 256, topP: 0.9, topK: 40 },
          maxWaitSeconds: 20,
        });
        expect(content(deployed), text(deployed)).toMatchObject({ job: { status: "SUCCESS", action: "DEPLOY" } });

        const refused = await call("undeploy", { modelId });
        expect(failure(refused).name).toBe("ConsentRequired");
        const undeployed = await call("undeploy", { modelId, confirm: true, maxWaitSeconds: 20 });
        expect(content(undeployed), text(undeployed)).toMatchObject({ job: { status: "SUCCESS", action: "UNDEPLOY" } });
      } finally {
        await agent.close();
      }
      expect(stderr).toContain("serving 20 tools over stdio");
      expect(leaked([...messages, stderr])).toEqual([]);
    },
    // Three jobs of 8 s each, beside the server's start-up.
    LONG * 2,
  );

  it(
    "a line that is not JSON-RPC does not stop the server",
    async () => {
      const child = spawn(process.execPath, ["--import", TSX, CLI, "mcp"], { env: serverEnv(), stdio: ["pipe", "pipe", "pipe"] });
      const replies: Array<{ id?: number | null; result?: { tools?: unknown[] } }> = [];
      createInterface({ input: child.stdout! }).on("line", (line) => replies.push(JSON.parse(line)));
      const write = (value: unknown) => child.stdin!.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
      write({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
      write("this line is not JSON at all {");
      write({ jsonrpc: "2.0", method: "notifications/initialized" });
      write({ not: "json-rpc" });
      write({ jsonrpc: "2.0", id: 2, method: "tools/list" });
      const end = Date.now() + 20_000;
      while (!replies.some((r) => r.id === 2) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(replies.find((r) => r.id === 2)?.result?.tools).toHaveLength(20);
      // Each line it could not take was answered, in order: not JSON, then not JSON-RPC.
      expect(replies.filter((r) => r.id === null).map((r) => (r as { error?: { code: number } }).error?.code)).toEqual([-32700, -32600]);
      expect(child.exitCode).toBeNull();
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
      child.stdin!.end();
      expect(await exited).toBe(0);
    },
    LONG,
  );

  it(
    "a message over 10 MiB is answered with an error and said on stderr; the server goes on",
    async () => {
      const child = spawn(process.execPath, ["--import", TSX, CLI, "mcp"], { env: serverEnv(), stdio: ["pipe", "pipe", "pipe"] });
      const replies: Array<{ id?: number | null; error?: { code: number; message: string }; result?: { tools?: unknown[] } }> = [];
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      createInterface({ input: child.stdout! }).on("line", (line) => replies.push(JSON.parse(line)));
      const write = (value: unknown) => child.stdin!.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
      write({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
      write({ jsonrpc: "2.0", method: "notifications/initialized" });
      write({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "list_connections", arguments: { padding: "x".repeat(11 * 1024 * 1024) } } });
      write({ jsonrpc: "2.0", id: 2, method: "tools/list" });
      const end = Date.now() + 30_000;
      while (!replies.some((r) => r.id === 2) && child.exitCode === null && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(child.exitCode).toBeNull();
      expect(replies.find((r) => r.id === 2)?.result?.tools).toHaveLength(20);
      expect(replies.find((r) => r.id === null)?.error).toMatchObject({ code: -32600, message: expect.stringContaining("over 10485760 bytes") });
      expect(stderr).toContain("platform mcp: message refused: over 10485760 bytes; the server goes on");
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
      child.stdin!.end();
      expect(await exited).toBe(0);
    },
    LONG,
  );
});

describe("platform mcp's allow-list flags", () => {
  it("refuses a --secret-dir that is not a folder, naming the flag, before serving", async () => {
    const child = spawn(process.execPath, ["--import", TSX, CLI, "mcp", "--secret-env", "PROVIDER_KEY", "--secret-dir", join(work, "no-such-folder")], {
      env: serverEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once("exit", (exit) => done(exit)));
    expect(code).toBe(2);
    expect(stderr).toContain(`--secret-dir "${join(work, "no-such-folder")}" cannot be read (ENOENT)`);
  }, LONG);
});
