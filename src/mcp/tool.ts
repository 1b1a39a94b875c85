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
import type { JsonSchema, TypedSchema, ValueOfSchema, VALUE } from "./schemas.js";
import type { SecretSource } from "./secret-references.js";
import type { ToolName } from "./operation-tools.js";

/** read: changes nothing; write: creates or changes; destroy: removes or stops something (needs `confirm`). */
export type Effect = "read" | "write" | "destroy";

/**
 * One argument of a tool. `T` is the type of its values, carried from its schema (the generated
 * types of the spec's operation for a spec argument, the schema's `type` for a server one), so a
 * tool's run reads its arguments typed, with no cast; `R` whether it is required.
 */
export interface Argument<T = unknown, R extends boolean = boolean> {
  schema: JsonSchema;
  /** "spec": the spec's schema, checked by the client when the call is made; "server": checked before the run. */
  from: "spec" | "server";
  required?: R;
  readonly [VALUE]?: T;
}

type ValueOf<A> = A extends Argument<infer T, boolean> ? T : never;
type RequiredNames<A> = { [K in keyof A]: A[K] extends Argument<unknown, true> ? K : never }[keyof A];

/** The arguments a tool's run receives: the required ones present, the others possibly absent. */
export type ArgumentsOf<A> = { [K in RequiredNames<A>]: ValueOf<A[K]> } & { [K in Exclude<keyof A, RequiredNames<A>>]?: ValueOf<A[K]> | undefined };

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

export interface ToolDefinition<N extends ToolName = ToolName, A extends Record<string, Argument> = Record<string, Argument>> {
  name: N;
  title: string;
  description: string;
  effect: Effect;
  arguments: A;
  /** Constraints across arguments, JSON Schema style (e.g. exactly one of several ids). */
  oneOf?: readonly JsonSchema[];
  /** The recursive schemas (`$defs`) the arguments refer to. */
  defs?: Record<string, JsonSchema>;
  // A method, so that a tool's typed run stands in the table of all tools, whose arguments the
  // server hands over once ./arguments.ts has checked them against this tool's schema.
  run(args: ArgumentsOf<A>, call: ToolCall): Promise<ToolOutcome>;
}

/** A tool, its arguments' types inferred from their schemas. */
export const defineTool = <N extends ToolName, A extends Record<string, Argument>>(tool: ToolDefinition<N, A>): ToolDefinition<N, A> => tool;

/** Several fields of one operation's body, each an argument of its own, typed as the spec's fields. */
export function specFields<T, F extends keyof T & string>(
  names: readonly F[],
  schemaOf: (name: F) => TypedSchema<T[F]>,
  required: (name: F) => boolean = () => false,
): { [K in F]: Argument<T[K], boolean> } {
  const fields: { [K in F]?: Argument<T[K], boolean> } = {};
  for (const name of names) fields[name] = spec(schemaOf(name), required(name));
  return fields as { [K in F]: Argument<T[K], boolean> };
}

/** The arguments among `names` that the call gave, as the object the client takes. */
// The spec's required fields among them are required arguments, so each is there: the object is
// whole once the absent optional ones are left out.
export function given<T, F extends keyof T>(args: { readonly [K in F]?: T[K] | undefined }, names: readonly F[]): Pick<T, F> {
  const picked: Partial<Pick<T, F>> = {};
  for (const name of names) {
    const value = args[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked as Pick<T, F>;
}

/** An argument from the spec: its value type is the generated type its schema was taken from. */
export const spec = <T, R extends boolean = false>(schema: TypedSchema<T>, required?: R): Argument<T, R> => ({
  schema,
  from: "spec",
  ...(required === undefined ? {} : { required }),
});
/** An argument of the server's own: its value type follows its schema's `type`. */
export const server = <const S extends JsonSchema, R extends boolean = false>(schema: S, required?: R): Argument<ValueOfSchema<S>, R> => ({
  schema,
  from: "server",
  ...(required === undefined ? {} : { required }),
});

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
