// platform mcp: the MCP server (@platform/management-client/mcp) over stdio, with the target and
// credentials every other command reads (flags, then PLATFORM_* variables, then the profile). An MCP client starts
// it and speaks JSON-RPC on its stdin and stdout; stdout carries nothing else, and notes go to
// stderr. It runs until the client closes stdin, or SIGINT/SIGTERM.
import { Command } from "commander";
import { DEFAULT_MAX_WAIT_SECONDS } from "../../mcp/max-wait.js";
import { withClient } from "../action.js";
import type { McpFlags } from "../actions/mcp.js";
import { parseDuration } from "../durations.js";
import { UsageError } from "../exit-codes.js";
import { collect } from "../repeatable-option.js";

// The command's work, loaded when it runs: help and completion only define it.
const work = () => import("../actions/mcp.js");

const HELP = `
Examples:
  platform mcp
  platform mcp --read-only --max-wait 3m
  platform mcp --secret-env SUPPORT_PROVIDER_KEY --secret-dir ~/.config/provider-keys

The MCP client starts this command from a folder of its own, so give it the installed path;
a client's configuration looks like:
  { "mcpServers": { "platform": { "command": "/path/to/your-project/node_modules/.bin/platform",
      "args": ["mcp", "--secret-env", "SUPPORT_PROVIDER_KEY"],
      "env": { "PLATFORM_BASE_URL": "https://<host>", "PLATFORM_API_KEY": "…", "PLATFORM_JWT": "…",
               "SUPPORT_PROVIDER_KEY": "…" } } } }

Credentials stay in this process: no tool takes or returns them. Provider keys are passed to the
connection tools as references (env:NAME or file:PATH), read here, and only those allowed:
the variables named with --secret-env and the files inside the folders named with --secret-dir
(none by default); any other reference is refused before anything is sent.`;

export function mcpCommand(): Command {
  return new Command("mcp")
    .description("serve the platform's operations as MCP tools over stdio, for AI agents")
    .option("--read-only", "offer only the tools that change nothing")
    .option("--max-wait <duration>", `the longest a call may run before it answers with a handle (default ${DEFAULT_MAX_WAIT_SECONDS}s), e.g. 50s, 3m`, parseDuration)
    .option("--secret-env <NAME>", "an environment variable an agent may refer to as env:NAME for a provider key; repeat for more (none by default)", collect)
    .option("--secret-dir <DIR>", "a folder whose files an agent may refer to as file:PATH for a provider key; repeat for more (none by default)", collect)
    .addHelpText("after", HELP)
    // The SDK is an optional peer: without it, one line saying what to install, before the
    // credentials are asked for.
    .hook("preAction", async () => {
      const { MCP_SDK_MISSING, withMcpSdk } = await import("../../mcp/sdk-peer.js");
      await withMcpSdk(() => import("@modelcontextprotocol/sdk/server/stdio.js")).catch((error: unknown) => {
        throw error instanceof Error && error.message === MCP_SDK_MISSING ? new UsageError(MCP_SDK_MISSING) : error;
      });
    })
    .action(
      // Every tool but the chunk tools sends the API key, so a server without one would only fail
      // call after call: it is required at start, like any command's credential. The chunk tools'
      // JWT is checked when one of them is called.
      withClient(["getDockStatus"], async (context, options: McpFlags) => {
        await (await work()).serve(context, options);
      }),
    );
}
