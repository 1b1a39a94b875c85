// The MCP entry: the platform's operations as tools for agents, over any MCP transport. Loaded
// only by those who import it (and by `platform mcp`): the MCP SDK never reaches the core entry.
export { createMcpServer, type McpServerOptions, type PlatformMcpServer } from "./mcp/server.js";
export type { ToolName } from "./mcp/operation-tools.js";
