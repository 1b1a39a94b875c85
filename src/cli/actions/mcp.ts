// The work of `platform mcp` (../commands/mcp.ts), loaded when it runs: the MCP server over
// stdio, serving until the client closes stdin or the process is interrupted.
import type { Context } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { note } from "../output/print.js";

export interface McpFlags {
  readOnly?: boolean;
  maxWait?: number;
  secretEnv?: string[];
  secretDir?: string[];
}

export async function serve(context: Context, options: McpFlags): Promise<void> {
  // Loaded here: only this command pays for the MCP SDK.
  const [{ createMcpServer }, { LineStdioTransport }] = await Promise.all([import("../../mcp.js"), import("../../mcp/stdio-transport.js")]);
  const server = (() => {
    try {
      return createMcpServer(context.client, {
        readOnly: options.readOnly === true,
        ...(options.maxWait !== undefined ? { maxWaitSeconds: options.maxWait / 1000 } : {}),
        secretEnv: options.secretEnv ?? [],
        secretDirs: options.secretDir ?? [],
      });
    } catch (error) {
      // The allow-lists' refusals name the option; here, the flag the user typed.
      const message = error instanceof Error ? error.message : String(error);
      if (!/^secret(Dirs|Env)\[\d+\]/.test(message)) throw error;
      throw new UsageError(message.replace(/\bsecretDirs\[\d+\]/g, "--secret-dir").replace(/\bsecretEnv\[\d+\]/g, "--secret-env"));
    }
  })();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve).once("close", resolve);
    context.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  await server.connect(new LineStdioTransport());
  note(`platform mcp: serving ${server.tools.length} tools over stdio${options.readOnly ? " (read-only)" : ""}`);
  await ended;
  await server.close();
}
