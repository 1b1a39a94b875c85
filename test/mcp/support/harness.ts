// An MCP client and the server under test, linked in this process by the SDK's in-memory
// transport, the server's platform client pointed at a stateful mock. Every JSON-RPC message
// either side sends is kept, so a test can check their order and that no credential or provider
// key is in any of them.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { LoggingMessageNotificationSchema, type CallToolResult, type LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer, type McpServerOptions, type PlatformMcpServer } from "../../../src/mcp.js";
import { createPlatformClient, type NodePlatformClient, type NodePlatformClientOptions } from "../../../src/node.js";
import { startStatefulMock, type StatefulMock, type StatefulMockOptions } from "../../../src/mock/stateful/server.js";

/** The server's credentials and the provider secrets its environment holds; none may appear in a message. */
export const API_KEY = "mcp-api-key-7c1e9f3a";
export const JWT = "eyJmcp.jwt-payload.sig4b8d2e";
export const PROVIDER_KEY = "sk-provider-mcp-5e2d8a71c3f0";
export const HEADER_SECRET = "Bearer hdr-secret-91ab77c2e4";
export const SECRETS = [API_KEY, JWT, PROVIDER_KEY, HEADER_SECRET];
export const SERVER_ENV = { PROVIDER_KEY, HEADER_SECRET, SAME_AS_API_KEY: API_KEY, NOT_ALLOWED_KEY: "sk-not-allowed-env-3f9a1c" };
/** The variables the operator allows as env: references; NOT_ALLOWED_KEY is set but not allowed. */
export const SECRET_ENV = ["PROVIDER_KEY", "HEADER_SECRET", "SAME_AS_API_KEY", "NOT_SET_ANYWHERE"];

export interface Harness {
  mock: StatefulMock;
  platform: NodePlatformClient;
  server: PlatformMcpServer;
  agent: Client;
  /** Every message, as sent, in order: `out` from the agent, `in` from the server. */
  messages: Array<{ direction: "out" | "in"; text: string }>;
  /** Log notifications the server sent. */
  logs: LoggingMessageNotification["params"][];
  call(name: string, args?: Record<string, unknown>, options?: Parameters<Client["callTool"]>[2]): Promise<CallToolResult>;
  /** A raw JSON-RPC message from the agent's side, bypassing the SDK client's checks. */
  sendRaw(message: unknown): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  mock?: StatefulMockOptions;
  server?: McpServerOptions;
  client?: Partial<NodePlatformClientOptions>;
  /** A mock already running, shared by the file's tests. */
  sharedMock?: StatefulMock;
}

function recorded(transport: InMemoryTransport, direction: "out" | "in", messages: Harness["messages"]): InMemoryTransport {
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage, options?: Parameters<InMemoryTransport["send"]>[1]) => {
    messages.push({ direction, text: JSON.stringify(message) });
    return send(message, options);
  };
  return transport;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const mock = options.sharedMock ?? (await startStatefulMock({ existing: "examples", jobs: { polls: 1 }, apiKey: API_KEY, jwt: JWT, ...options.mock }));
  const platform = createPlatformClient({ baseUrl: mock.url, apiKey: API_KEY, jwt: JWT, ...options.client });
  const server = createMcpServer(platform, { env: SERVER_ENV, secretEnv: SECRET_ENV, poll: { minDelayMs: 10, maxDelayMs: 50 }, ...options.server });
  const messages: Harness["messages"] = [];
  const [agentSide, serverSide] = InMemoryTransport.createLinkedPair();
  recorded(agentSide, "out", messages);
  recorded(serverSide, "in", messages);
  await server.connect(serverSide);
  const agent = new Client({ name: "test-agent", version: "1.0.0" });
  const logs: Harness["logs"] = [];
  agent.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params));
  await agent.connect(agentSide);
  return {
    mock,
    platform,
    server,
    agent,
    messages,
    logs,
    call: (name, args = {}, callOptions) => agent.callTool({ name, arguments: args }, undefined, callOptions) as Promise<CallToolResult>,
    sendRaw: (message) => agentSide.send(message as JSONRPCMessage),
    async close() {
      await agent.close();
      await server.close();
      if (!options.sharedMock) await mock.stop();
    },
  };
}

/** The one-line summary of a result. */
export const text = (result: CallToolResult): string => (result.content[0] as { text: string }).text;

/** The structured content of a result. */
export const content = <T = Record<string, unknown>>(result: CallToolResult): T => result.structuredContent as T;

/** The structured error of an error result. */
export const failure = (result: CallToolResult): Record<string, unknown> & { name: string; message: string } =>
  (result.structuredContent as { error: Record<string, unknown> & { name: string; message: string } }).error;

/** Every secret found in any of the texts (an empty list is what a test wants). */
export function leaked(texts: readonly string[]): string[] {
  return SECRETS.filter((secret) => texts.some((t) => t.includes(secret)));
}

export { until } from "../../cli/support/until.js";
