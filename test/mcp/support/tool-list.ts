// The guide's list of tools, rendered from the server's own listing (docs/guides/agents-and-mcp.md,
// between the two markers), so the guide cannot describe a tool the server does not have.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

export const TOOL_LIST_START = "<!-- tool list: rendered from the server by test/mcp/tool-table.test.ts -->";
export const TOOL_LIST_END = "<!-- end of tool list -->";

const needsConsent = (tool: Tool) => "confirm" in ((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
const effect = (tool: Tool) => (tool.annotations?.readOnlyHint ? "read" : needsConsent(tool) ? "destructive, needs `confirm`" : tool.annotations?.destructiveHint ? "overwrites" : "write");

export function renderToolList(tools: readonly Tool[]): string {
  const rows = tools.map((tool) => {
    const required = new Set((tool.inputSchema.required as string[] | undefined) ?? []);
    const args = Object.keys(tool.inputSchema.properties ?? {}).map((name) => (required.has(name) ? `**${name}**` : name));
    const idempotent = tool.annotations?.idempotentHint ? "yes" : "no";
    return `| \`${tool.name}\` | ${tool.description?.split(/(?<=\.)\s/)[0]} | ${effect(tool)} | ${idempotent} | ${args.join(", ")} |`;
  });
  return ["| Tool | What it does | Effect | Idempotent | Arguments (**required**) |", "|---|---|---|---|---|", ...rows].join("\n");
}
