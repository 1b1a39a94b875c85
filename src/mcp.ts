// The MCP entry: the platform's operations as tools for agents, over any MCP transport. Loaded
// only by those who import it (and by `platform mcp`): the MCP SDK never reaches the core entry.
// The SDK is an optional peer, so the server is imported once it is known to be there: a static
// import would fail while linking, before any code of this module could say what to install.
import type { NodePlatformClient } from "./node.js";
import type { McpServerOptions, PlatformMcpServer } from "./mcp/server.js";
import { withMcpSdk } from "./mcp/sdk-peer.js";

const server = await withMcpSdk(() => import("./mcp/server.js"));

/** The platform's operations as MCP tools on the SDK's Server, calling through `client`. */
export function createMcpServer(client: NodePlatformClient, options: McpServerOptions = {}): PlatformMcpServer {
  return server.createMcpServer(client, options);
}
export type { McpServerOptions, PlatformMcpServer } from "./mcp/server.js";
export type { ToolName } from "./mcp/operation-tools.js";
