// What a tool is: its name and words for the agent, its effect (read, write or destroy: the
// source of its annotations and of read-only mode), its arguments, each either taken from the
// spec (checked by the client, with its field-and-rule messages) or the server's own (checked by
// ./arguments.ts), and the run that calls the client.
import type { OperationId } from "../generated/operations.js";
import type { NodePlatformClient } from "../node.js";
import type { WaitOptions } from "../index.js";
import type { RequestParts } from "../wrappers/request/request-check.js";
import type { Bound } from "./bound.js";
import type { ImportRegistry } from "./imports.js";
import type { ProgressReporter } from "./progress.js";
import type { ToolOutcome } from "./results.js";
import type { JsonSchema } from "./schemas.js";
import type { SecretSource } from "./secret-references.js";
import type { ToolName } from "./operation-tools.js";

/** read: changes nothing; write: creates or changes; destroy: removes or stops something (needs `confirm`). */
export type Effect = "read" | "write" | "destroy";

export interface Argument {
  schema: JsonSchema;
  /** "spec": the spec's schema, checked by the client when the call is made; "server": checked before the run. */
  from: "spec" | "server";
  required?: boolean;
}

export interface ToolCall {
  client: NodePlatformClient;
  /** Fires when the MCP client cancels the call. Waits and uploads stop on it. */
  cancel: AbortSignal;
  /** Fires on cancellation or at the call's bound: for requests that cannot answer with a handle. */
  signal: AbortSignal;
  bound: Bound;
  progress: ProgressReporter;
  imports: ImportRegistry;
  /** Where `env:` and `file:` references are read, and how the server's own credential is told apart. */
  secretSource: SecretSource;
  /** Adds provider secrets read from references to what every answer is masked for. */
  addSecrets(secrets: readonly string[]): void;
  /** The waiter's schedule between polls. */
  poll: Pick<WaitOptions, "minDelayMs" | "maxDelayMs">;
  /** The client's own check of a request against the spec: throws its ValidationError, sends nothing. */
  precheck(operationId: OperationId, parts: RequestParts): void;
}

export interface ToolDefinition<N extends ToolName = ToolName> {
  name: N;
  title: string;
  description: string;
  effect: Effect;
  arguments: Record<string, Argument>;
  /** Constraints across arguments, JSON Schema style (e.g. exactly one of several ids). */
  oneOf?: readonly JsonSchema[];
  /** The recursive schemas (`$defs`) the arguments refer to. */
  defs?: Record<string, JsonSchema>;
  run(args: Record<string, unknown>, call: ToolCall): Promise<ToolOutcome>;
}

export const spec = (schema: JsonSchema, required = false): Argument => ({ schema, from: "spec", required });
export const server = (schema: JsonSchema, required = false): Argument => ({ schema, from: "server", required });

/** The tool's input schema as listed to clients. */
export function inputSchemaOf(tool: ToolDefinition): { type: "object"; [keyword: string]: unknown } {
  const required = Object.entries(tool.arguments).flatMap(([name, arg]) => (arg.required ? [name] : []));
  return {
    type: "object",
    properties: Object.fromEntries(Object.entries(tool.arguments).map(([name, arg]) => [name, arg.schema])),
    ...(required.length > 0 ? { required } : {}),
    ...(tool.oneOf ? { oneOf: tool.oneOf } : {}),
    additionalProperties: false,
    ...(tool.defs && Object.keys(tool.defs).length > 0 ? { $defs: tool.defs } : {}),
  };
}
