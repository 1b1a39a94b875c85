// The pieces a tool's input schema is made of, taken from the spec by name (the generated
// ../generated/operation-inputs.ts): an operation's parameter, a field of its body, or its whole
// body. The names are checked by the compiler, so a parameter or field the spec renames or drops
// breaks the build here, not an agent's call later.
import type { OperationId } from "../generated/operations.js";
import { operationInputs, type OperationInputs } from "../generated/operation-inputs.js";

/** A JSON Schema object, as the generated table and the MCP tool list carry it. */
export type JsonSchema = { readonly [keyword: string]: unknown };

type BodyOf<O extends OperationId> = NonNullable<OperationInputs[O]["body"]> extends { schema: infer S } ? S : never;
export type ParameterName<O extends OperationId> = keyof OperationInputs[O]["parameters"] & string;
export type BodyField<O extends OperationId> = BodyOf<O> extends { properties: infer P } ? keyof P & string : never;

type Inputs = { parameters: Record<string, { schema: JsonSchema }>; body: { schema: JsonSchema } | null; defs: Record<string, JsonSchema> };
const inputsOf = (operationId: OperationId) => operationInputs[operationId] as unknown as Inputs;

/** An operation's parameter, with the spec's description, as a tool argument. */
export function parameter<O extends OperationId>(operationId: O, name: ParameterName<O>, description?: string): JsonSchema {
  const schema = inputsOf(operationId).parameters[name]!.schema;
  return description === undefined ? schema : { ...schema, description };
}

/**
 * The schema that lists an object body's fields: the body's own, or, for a body that is an allOf
 * of its fields and of rules across them (the deploy body's "not both spellings"), the member
 * that has them.
 */
function fieldsOf(operationId: OperationId): JsonSchema {
  const schema = inputsOf(operationId).body!.schema;
  if (schema["properties"] !== undefined || !Array.isArray(schema["allOf"])) return schema;
  const members = (schema["allOf"] as JsonSchema[]).filter((member) => member["properties"] !== undefined);
  if (members.length !== 1) throw new Error(`${operationId}: its body's fields are not in one allOf member`);
  return members[0]!;
}

/** A field of an operation's object body, as a tool argument. */
export function bodyField<O extends OperationId>(operationId: O, name: BodyField<O>, description?: string): JsonSchema {
  const properties = fieldsOf(operationId)["properties"] as Record<string, JsonSchema>;
  const schema = properties[name]!;
  return description === undefined ? schema : { ...schema, description };
}

/** An operation's whole body, as one tool argument (a body that is one of several shapes). */
export function wholeBody(operationId: OperationId, description?: string): JsonSchema {
  const schema = inputsOf(operationId).body!.schema;
  return description === undefined ? schema : { ...schema, description };
}

/** The recursive schemas (under `$defs`) that an operation's inputs refer to. */
export function definitionsOf(...operationIds: OperationId[]): Record<string, JsonSchema> {
  return Object.assign({}, ...operationIds.map((id) => inputsOf(id).defs)) as Record<string, JsonSchema>;
}

/** Whether an operation's body field is required by the spec. */
export function bodyRequires<O extends OperationId>(operationId: O, name: BodyField<O>): boolean {
  const required = inputsOf(operationId).body && fieldsOf(operationId)["required"];
  return Array.isArray(required) && required.includes(name);
}

/** The names of an operation's object body fields, in the spec's order. */
export function bodyFieldNames<O extends OperationId>(operationId: O): Array<BodyField<O>> {
  return Object.keys(fieldsOf(operationId)["properties"] as object) as Array<BodyField<O>>;
}
