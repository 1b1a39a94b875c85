// A smoke test with another MCP client than the SDK's own: the MCP Inspector's command-line mode
// (@modelcontextprotocol/inspector 0.15, the last release without a Node 22 floor) starts
// `platform mcp` over stdio and calls one tool, against the stateful mock.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { startStatefulMock, type StatefulMock } from "../../src/mock/stateful/server.js";
import { API_KEY, JWT, leaked } from "./support/harness.js";

const INSPECTOR = resolve(REPO_ROOT, "node_modules/@modelcontextprotocol/inspector/cli/build/cli.js");
const TSX = fileURLToPath(import.meta.resolve("tsx"));
const CLI = resolve(REPO_ROOT, "src/cli/main.ts");

let mock: StatefulMock;
beforeAll(async () => {
  mock = await startStatefulMock({ apiKey: API_KEY, jwt: JWT });
});
afterAll(() => mock?.stop());

it("the MCP Inspector's CLI mode calls a tool of platform mcp and reads its structured result", async () => {
  const env = [`PLATFORM_BASE_URL=${mock.url}`, `PLATFORM_API_KEY=${API_KEY}`, `PLATFORM_JWT=${JWT}`].flatMap((pair) => ["-e", pair]);
  const args = [INSPECTOR, "--cli", ...env, process.execPath, "--import", TSX, CLI, "mcp", "--method", "tools/call", "--tool-name", "list_chunks", "--tool-arg", "botId=st-0a1b2c3d"];
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((done, fail) =>
    execFile(process.execPath, args, { cwd: REPO_ROOT, timeout: 50_000 }, (error, out, err) => (error ? fail(new Error(`${error.message}\n${err}`)) : done({ stdout: out, stderr: err }))),
  );
  const result = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { structuredContent: { chunks: unknown[]; hasMore: boolean }; content: Array<{ text: string }> };
  expect(result.structuredContent.chunks).toHaveLength(6);
  expect(result.content[0]!.text).toBe("6 chunk(s) of st-0a1b2c3d; that is the last page");
  expect(mock.requests({ operationId: "listChunks" })).toHaveLength(1);
  expect(leaked([stdout, stderr])).toEqual([]);
}, 60_000);
