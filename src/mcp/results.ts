// What a tool call answers: the client's normalised records as structured content with a
// one-line summary, or, when it failed, an error result carrying the error's class, message and
// request id (never a stack). Everything leaves through the mask: the client's redactor for its
// own credentials, and the provider secrets the server has read from references.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ChunkDeletionError, ImportError, JobFailedError, JobTimeoutError, PlatformError, ValidationError } from "../kernel/errors.js";
import { withoutRaw } from "../kernel/records.js";

/** What a tool's run gives back when it went through (a handle is one of these). */
export interface ToolOutcome {
  /** One line for the agent: what happened, and what to call next when there is more to do. */
  summary: string;
  /** The records, as the client normalised them (no `raw` bodies). */
  content: Record<string, unknown>;
}

/** An error the MCP server raises itself (consent, read-only mode, an unknown tool, a cancelled call). */
export class ToolError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    /** Extra fields for the structured error, e.g. what a destructive call would have done. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type Mask = (text: string) => string;

/** A copy of a value with every string (keys too) passed through the mask. */
export function maskDeep(value: unknown, mask: Mask): unknown {
  if (typeof value === "string") return mask(value);
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, mask));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [mask(key), maskDeep(inner, mask)]));
}


export { withoutRaw };

export function successResult(outcome: ToolOutcome, mask: Mask): CallToolResult {
  return {
    content: [{ type: "text", text: mask(outcome.summary) }],
    structuredContent: maskDeep(outcome.content, mask) as Record<string, unknown>,
  };
}

export function errorResult(error: unknown, mask: Mask): CallToolResult {
  const described = describeError(error);
  const requestId = typeof described.requestId === "string" ? ` [request ${described.requestId}]` : "";
  return {
    isError: true,
    content: [{ type: "text", text: mask(`${described.name}: ${described.message}${requestId}`) }],
    structuredContent: { error: maskDeep(described, mask) },
  };
}

// The fields of an error an agent can act on. A stack says where in this server's code the error
// was thrown, which is no help to an agent and more than a client should see.
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof ToolError) return { name: error.name, message: error.message, ...error.details };
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const described: Record<string, unknown> = { name: error.name, message: error.message };
  if (!(error instanceof PlatformError)) return described;
  const own = error as PlatformError & { status?: unknown; operationId?: unknown; requestId?: unknown };
  if (typeof own.status === "number") described.status = own.status;
  if (typeof own.operationId === "string") described.operationId = own.operationId;
  if (typeof own.requestId === "string") described.requestId = own.requestId;
  if (error instanceof ValidationError) described.issues = error.issues;
  if (error instanceof JobFailedError || error instanceof JobTimeoutError) described.job = withoutRaw(error.job as object);
  if (error instanceof ImportError) Object.assign(described, { resumable: error.resumable, failedChunks: error.failedChunks });
  if (error instanceof ChunkDeletionError) Object.assign(described, { deleted: error.deleted, remainingChunkIds: error.remainingChunkIds });
  return described;
}
