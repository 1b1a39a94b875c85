// The pieces a tool's input schema is made of, taken from the spec by name (the generated
// ../generated/operation-inputs.ts): an operation's parameter, a field of its body, or its whole
// body. The names are checked by the compiler, so a parameter or field the spec renames or drops
// breaks the build here, not an agent's call later.
import type { OperationId } from "../generated/operations.js";
import { operationInputs, type OperationInputs } from "../generated/operation-inputs.js";
import type { operations } from "../generated/platform.js";
import { present } from "../kernel/present.js";

/** A JSON Schema object, as the generated table and the MCP tool list carry it. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** A key only the compiler sees: the type of the values a schema accepts. */
export declare const VALUE: unique symbol;
/** A JSON Schema that carries, for the compiler, the type of the values it accepts. */
export type TypedSchema<T> = JsonSchema & { readonly [VALUE]?: T };

/** The type of the values one of the server's own schemas (./server-arguments.ts) accepts, by its `type`. */
export type ValueOfSchema<S> = S extends { readonly type: "string" }
  ? string
  : S extends { readonly type: "number" | "integer" }
    ? number
    : S extends { readonly type: "boolean" }
      ? boolean
      : S extends { readonly const: infer C }
        ? C
        : unknown;

// The spec's generated types of an operation's parameters (path, query and header together) and body.
type Part<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;
type Parameters<O extends OperationId> = Part<operations[O]["parameters"]["path"]> &
  Part<operations[O]["parameters"]["query"]> &
  Part<operations[O]["parameters"]["header"]>;
type Content<O extends OperationId> = NonNullable<operations[O]["requestBody"]> extends { content: infer C } ? C[keyof C] : never;
type ParameterValue<O extends OperationId, N> = N extends keyof Parameters<O> ? Exclude<Parameters<O>[N], undefined> : never;
type FieldValue<O extends OperationId, F> = F extends keyof Content<O> ? Exclude<Content<O>[F], undefined> : never;

export type ParameterName<O extends OperationId> = keyof OperationInputs[O]["parameters"] & string;
/** The fields of an operation's object body, as the spec's generated types name them (an allOf body's too). */
export type BodyField<O extends OperationId> = keyof Content<O> & string;

type Inputs = { parameters: Record<string, { schema: JsonSchema }>; body: { schema: JsonSchema } | null; defs: Record<string, JsonSchema> };
const inputsOf = (operationId: OperationId) => operationInputs[operationId] as unknown as Inputs;
// The names and bodies asked for below are the generated types' own, so the table has them.
const bodyOf = (operationId: OperationId): JsonSchema => present(inputsOf(operationId).body, `the request body of ${operationId}`).schema;

/** An operation's parameter, with the spec's description, as a tool argument. */
export function parameter<O extends OperationId, N extends ParameterName<O>>(operationId: O, name: N, description?: string): TypedSchema<ParameterValue<O, N>> {
  const schema = present(inputsOf(operationId).parameters[name], `parameter ${name} of ${operationId}`).schema;
  return description === undefined ? schema : { ...schema, description };
}

/**
 * The schema that lists an object body's fields: the body's own, or, for a body that is an allOf
 * of its fields and of rules across them (the deploy body's "not both spellings"), the member
 * that has them.
 */
function fieldsOf(operationId: OperationId): JsonSchema {
  const schema = bodyOf(operationId);
  if (schema.properties !== undefined || !Array.isArray(schema.allOf)) return schema;
  const members = (schema.allOf as JsonSchema[]).filter((member) => member.properties !== undefined);
  const [member, ...others] = members;
  if (member === undefined || others.length > 0) throw new Error(`${operationId}: its body's fields are not in one allOf member`);
  return member;
}

/** A field of an operation's object body, as a tool argument. */
export function bodyField<O extends OperationId, F extends BodyField<O>>(operationId: O, name: F, description?: string): TypedSchema<FieldValue<O, F>> {
  const properties = fieldsOf(operationId).properties as Record<string, JsonSchema>;
  const schema = present(properties[name], `body field ${name} of ${operationId}`);
  return description === undefined ? schema : { ...schema, description };
}

/** An operation's whole body, as one tool argument (a body that is one of several shapes). */
export function wholeBody<O extends OperationId>(operationId: O, description?: string): TypedSchema<Content<O>> {
  const schema = bodyOf(operationId);
  return description === undefined ? schema : { ...schema, description };
}

/** The recursive schemas (under `$defs`) that an operation's inputs refer to. */
export function definitionsOf(...operationIds: OperationId[]): Record<string, JsonSchema> {
  return Object.assign({}, ...operationIds.map((id) => inputsOf(id).defs)) as Record<string, JsonSchema>;
}

/** Whether an operation's body field is required by the spec. */
export function bodyRequires<O extends OperationId>(operationId: O, name: BodyField<O>): boolean {
  const required = inputsOf(operationId).body && fieldsOf(operationId).required;
  return Array.isArray(required) && required.includes(name);
}

/** The names of an operation's object body fields, in the spec's order. */
export function bodyFieldNames<O extends OperationId>(operationId: O): Array<BodyField<O>> {
  return Object.keys(fieldsOf(operationId).properties as object) as Array<BodyField<O>>;
}
