// createMcpServer: the platform's operations as MCP tools, on the official SDK's Server. The
// tools' input schemas are JSON Schema from the spec (../generated/operation-inputs.ts), so the
// low-level Server is used rather than McpServer, whose tools are declared with zod. Every call
// is bounded, answers a result (an error is a result too, never a stack), and leaves through the
// mask: the client's redactor plus the provider secrets read from references.
import { realpathSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type LoggingLevel, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { NodePlatformClient } from "../node.js";
import { AbortError, ValidationError, type ValidationIssue } from "../kernel/errors.js";
import { optionKeys, optionsRecord, unknownKeyIssues } from "../kernel/option-check.js";
import { Redactor } from "../kernel/redactor.js";
import { scheduleIssues } from "../wrappers/jobs/wait-options.js";
import { checkRequest } from "../wrappers/request/request-check.js";
import { checkArguments } from "./arguments.js";
import { type Bound, boundOf, DEFAULT_MAX_WAIT_SECONDS, MAX_WAIT_SECONDS_LIMIT } from "./bound.js";
import { ImportRegistry } from "./imports.js";
import { ProgressReporter } from "./progress.js";
import { errorResult, successResult, ToolError, type Mask } from "./results.js";
import { MAX_WAIT_ARGUMENT } from "./server-arguments.js";
import { annotationsOf, findTool, TOOLS } from "./tool-table.js";
import { inputSchemaOf, type ToolCall, type ToolDefinition } from "./tool.js";

export interface McpServerOptions {
  /** List (and accept) only the tools that change nothing. */
  readOnly?: boolean;
  /** The bound of every call, in seconds, and the most a call may ask for (default 50). */
  maxWaitSeconds?: number;
  /** The pauses between polls of a job (the client's waiter: 1 s doubling to 30 s by default). */
  poll?: { minDelayMs?: number; maxDelayMs?: number };
  /** Where `env:NAME` secret references are read (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** The environment variables an agent may refer to as `env:NAME` (default: none). */
  secretEnv?: readonly string[];
  /** The folders whose files (and their subfolders') an agent may refer to as `file:PATH` (default: none). */
  secretDirs?: readonly string[];
  /** The version the server reports (default: this package's). */
  version?: string;
}

export interface PlatformMcpServer {
  /** The SDK's server, for transports and handlers of your own. */
  readonly server: Server;
  /** The tools listed to clients: names, schemas, annotations. */
  readonly tools: readonly Tool[];
  /** Serves on the transport (StdioServerTransport, InMemoryTransport, Streamable HTTP, …). */
  connect(transport: Transport): Promise<void>;
  /** Closes the transport and stops uploads still running; their state files stay for a resume. */
  close(): Promise<void>;
}

const OPTION_KEYS = ["readOnly", "maxWaitSeconds", "poll", "env", "secretEnv", "secretDirs", "version"] as const;
const LOGGER = "platform-mcp";

const INSTRUCTIONS = `Tools for the platform's management interface: connections, search-index chunks, model import, deploy and export, tools, guardrails, attachments, jobs.
- Long-running tools wait at most maxWaitSeconds. If the work is not done by then it goes on, and the answer is a handle naming the tool that continues it (wait_for_job with a dockStatusId, or resume_model_import with a stateFile).
- delete_chunks, undeploy and delete_attachment need confirm: true; without it they say what they would do and change nothing.
- Secret values (a connection's fields.API_KEY, custom headers' values) are references, env:NAME or file:PATH, read by the server: never write a secret into an argument. Only the variables and folders the server's operator allowed resolve; a refusal names how the operator allows more.
- list_chunks answers one page; pass its nextCursor to get the next.`;

function packageVersion(): string {
  try {
    // src/mcp/, dist/mcp/ and the command line's chunks in dist/cli/ are all two levels below the
    // package root (scripts/lib/cli-bundle.mjs audits this path).
    return (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/**
 * The server's options, every issue named at once in one ValidationError (the client's own
 * convention for a bad option: each field and rule, a misspelt key with the key it resembles).
 * The poll schedule is checked by the waiter's own rules, so a bad pair fails at start-up, not
 * after a job started.
 */
function checkOptions(client: unknown, options: unknown): Required<Pick<McpServerOptions, "readOnly" | "maxWaitSeconds">> & McpServerOptions & Allowed {
  const looksLikeClient = (c: unknown): c is NodePlatformClient =>
    typeof c === "object" &&
    c !== null &&
    typeof (c as NodePlatformClient).redact === "function" &&
    typeof (c as NodePlatformClient).models?.import === "function";
  const { record, issues } = optionsRecord(options, "options");
  if (!looksLikeClient(client)) issues.unshift({ field: "client", rule: "type", message: "client must be a client made by createPlatformClient from @platform/management-client/node" });
  const o = record as McpServerOptions;
  issues.push(...unknownKeyIssues(o, OPTION_KEYS, ""));
  const maxWaitSeconds = o.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS;
  if (typeof maxWaitSeconds !== "number" || !Number.isFinite(maxWaitSeconds) || maxWaitSeconds <= 0 || maxWaitSeconds > MAX_WAIT_SECONDS_LIMIT) {
    issues.push({ field: "maxWaitSeconds", rule: "range", message: `maxWaitSeconds must be a number of seconds above 0 and at most ${MAX_WAIT_SECONDS_LIMIT}` });
  }
  if (o.readOnly !== undefined && typeof o.readOnly !== "boolean") issues.push({ field: "readOnly", rule: "type", message: "readOnly must be true or false" });
  const poll = optionsRecord(o.poll, "poll");
  issues.push(...poll.issues, ...unknownKeyIssues(poll.record, POLL_KEYS, "poll"), ...scheduleIssues(poll.record, "poll"));
  const allowed = allowLists(o, issues);
  if (issues.length > 0) throw new ValidationError(issues);
  return { ...o, readOnly: o.readOnly === true, maxWaitSeconds, ...allowed };
}

const POLL_KEYS = optionKeys<NonNullable<McpServerOptions["poll"]>>({ minDelayMs: true, maxDelayMs: true });
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Allowed {
  allowedEnv: ReadonlySet<string>;
  allowedDirs: readonly string[];
}

/** The allow-lists of secret references, checked at start-up: the folders as the real paths files are compared with. */
function allowLists(options: McpServerOptions, issues: ValidationIssue[]): Allowed {
  const list = (key: "secretEnv" | "secretDirs"): readonly unknown[] => {
    const value = options[key];
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    issues.push({ field: key, rule: "type", message: `${key} must be an array of ${key === "secretEnv" ? "variable names" : "folder paths"}` });
    return [];
  };
  const allowedEnv = new Set<string>();
  list("secretEnv").forEach((name, i) => {
    if (typeof name === "string" && VARIABLE_NAME.test(name)) allowedEnv.add(name);
    else issues.push({ field: `secretEnv[${i}]`, rule: "pattern", message: `secretEnv[${i}] must be an environment variable name (letters, digits and _)` });
  });
  const allowedDirs: string[] = [];
  list("secretDirs").forEach((dir, i) => {
    const real = realFolder(dir);
    if (typeof real === "string") allowedDirs.push(real);
    else issues.push({ field: `secretDirs[${i}]`, rule: real[0], message: `secretDirs[${i}] ${real[1]}` });
  });
  return { allowedEnv, allowedDirs };
}

/** A folder of secretDirs as its real path, or the rule it breaks and why. */
function realFolder(dir: unknown): string | [rule: string, message: string] {
  if (typeof dir !== "string" || dir === "") return ["type", "must be the path of a folder"];
  let real: string;
  try {
    real = realpathSync(resolve(dir));
  } catch (error) {
    return ["readable", `${JSON.stringify(dir)} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`];
  }
  return statSync(real).isDirectory() ? real : ["folder", `${JSON.stringify(dir)} must be a folder`];
}

/** The tool as listed: its schema, with maxWaitSeconds bounded by this server's bound. */
function listed(tool: ToolDefinition, maxWaitSeconds: number): Tool {
  const inputSchema = inputSchemaOf(tool);
  const properties = inputSchema.properties as Record<string, Record<string, unknown>>;
  if (properties[MAX_WAIT_ARGUMENT]) properties[MAX_WAIT_ARGUMENT] = { ...properties[MAX_WAIT_ARGUMENT], maximum: maxWaitSeconds, default: maxWaitSeconds };
  return { name: tool.name, title: tool.title, description: tool.description, inputSchema, annotations: annotationsOf(tool) };
}

export function createMcpServer(client: NodePlatformClient, options: McpServerOptions = {}): PlatformMcpServer {
  const settings = checkOptions(client, options);
  const env = settings.env ?? process.env;
  const { allowedEnv, allowedDirs } = settings;
  const poll = {
    ...(settings.poll?.minDelayMs !== undefined ? { minDelayMs: settings.poll.minDelayMs } : {}),
    ...(settings.poll?.maxDelayMs !== undefined ? { maxDelayMs: settings.poll.maxDelayMs } : {}),
  };
  // The client's redactor masks its own credentials; this one, the provider secrets read from references.
  const providerSecrets = new Redactor();
  const mask: Mask = (text) => providerSecrets.text(client.redact(text));
  const server = new Server(
    { name: "platform-management", version: settings.version ?? packageVersion() },
    { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  const log = (level: LoggingLevel, text: string) => void server.sendLoggingMessage({ level, logger: LOGGER, data: mask(text) }).catch(() => {});
  const imports = new ImportRegistry(log);
  const offered = TOOLS.filter((tool) => !settings.readOnly || tool.effect === "read");
  const tools = offered.map((tool) => listed(tool, settings.maxWaitSeconds));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = findTool(request.params.name);
    if (!tool) return errorResult(new ToolError("UnknownTool", `there is no tool ${JSON.stringify(request.params.name)}; tools/list names them`), mask);
    if (!offered.includes(tool)) return errorResult(new ToolError("ReadOnlyMode", `${tool.name} changes the platform, and this server is read-only: it offers only the tools that change nothing`), mask);
    let bound: Bound | undefined;
    try {
      const args = checkArguments(tool, request.params.arguments);
      bound = boundOf(args[MAX_WAIT_ARGUMENT], settings.maxWaitSeconds, tool.name);
      const progress = new ProgressReporter(extra._meta?.progressToken, extra.sendNotification, mask);
      const call: ToolCall = {
        client,
        cancel: extra.signal,
        signal: AbortSignal.any([extra.signal, bound.signal()]),
        bound,
        progress,
        imports,
        secretSource: { env, allowedEnv, allowedDirs, isPlatformCredential: (value) => client.redact(value) !== value },
        addSecrets: (secrets) => {
          for (const secret of secrets) providerSecrets.add(secret);
        },
        poll,
        precheck: (operationId, parts) => checkRequest(operationId, parts, false),
      };
      const outcome = await tool.run(args, call);
      // Progress first: a client reads the result as the end of the call.
      await progress.flushed();
      return successResult(outcome, mask);
    } catch (error) {
      const explained = explain(error, tool, bound, extra.signal);
      // The client gave up on this call and will not read its result; a log line still says what goes on.
      if (extra.signal.aborted) log("notice", `${tool.name}: ${explained instanceof Error ? explained.message : String(explained)}`);
      return errorResult(explained, mask);
    }
  });
  refuseMalformedCalls(server);
  server.onclose = () => void imports.stopAll();

  return {
    server,
    tools,
    connect: (transport) => server.connect(transport),
    async close() {
      await imports.stopAll();
      await server.close();
    },
  };
}

/**
 * The SDK parses a tools/call before its handler sees it, and answers one it cannot parse
 * (`arguments: null`, say) with -32603, an internal error, and the parser's whole dump. It is the
 * caller's params that are wrong: -32602 and one line saying which. The SDK keeps its handlers in
 * a map of its own; if a version has none, its own answer stands.
 */
function refuseMalformedCalls(server: Server): void {
  type Handler = (request: { params?: { name?: unknown; arguments?: unknown } }, extra: unknown) => Promise<unknown>;
  const handlers = (server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers;
  const parseThenCall = handlers?.get("tools/call");
  if (!handlers || !parseThenCall) return;
  handlers.set("tools/call", (request, extra) => {
    const params = request.params;
    if (typeof params?.name !== "string") throw new McpError(ErrorCode.InvalidParams, "tools/call: params.name must be the name of a tool; tools/list names them");
    const args = params.arguments;
    if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) {
      throw new McpError(ErrorCode.InvalidParams, `tools/call: params.arguments must be an object of the tool's arguments, not ${args === null ? "null" : Array.isArray(args) ? "an array" : typeof args}`);
    }
    return parseThenCall(request, extra);
  });
}

// An AbortError from the client means one of two things here: the MCP client cancelled the
// call, or the call's bound came before the answer. Each is said in words an agent can act on.
function explain(error: unknown, tool: ToolDefinition, bound: Bound | undefined, cancel: AbortSignal): unknown {
  if (!(error instanceof AbortError)) return error;
  const unknownOutcome = tool.effect === "read" ? "" : "; whether the change was made is unknown: read it back before calling again";
  if (cancel.aborted) return new ToolError("Cancelled", `the call was cancelled${unknownOutcome}`);
  if (bound) return new ToolError("BoundReached", `${tool.name} got no answer within its bound of ${bound.seconds} s (maxWaitSeconds)${unknownOutcome}`);
  return error;
}
