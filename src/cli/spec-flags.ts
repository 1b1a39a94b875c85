// Flags and arguments that fill a request field of the spec. Each names its field (operation,
// place, dotted path), typed by the generated request types, so a field the spec renames or
// drops is a compile error here; an enum field takes its choices from the generated enums
// (src/generated/request-enums.ts), and the value read back has the field's own type, so a
// changed enum is a compile error wherever the command line relied on a value. A test walks the
// command tree and holds every option with choices to the spec's enum of the field it fills.
import { Argument, Option } from "commander";
import type { OperationId } from "../generated/operations.js";
import type { operations } from "../generated/platform.js";
import { requestEnums } from "../generated/request-enums.js";
import { present } from "../kernel/present.js";

export type FieldPlace = "query" | "path" | "body";

type ParametersOf<Op extends OperationId, P extends "query" | "path"> = NonNullable<operations[Op]["parameters"][P]>;
type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody?: { content: infer C } } ? NonNullable<C>[keyof NonNullable<C>] : never;
type Fields<Op extends OperationId, P extends FieldPlace> = P extends "body" ? BodyOf<Op> : P extends "query" | "path" ? ParametersOf<Op, P> : never;

/** Keys of every member of a union (`keyof` of a union keeps only the shared ones). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;
/** The type at a key, in whichever members of a union have it. */
type ValueAt<T, K extends string> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type Nested<T, K extends string> =
  NonNullable<ValueAt<T, K>> extends infer V ? (V extends readonly unknown[] ? never : V extends object ? `${K}.${KeysOf<V>}` : never) : never;
/** A field (`deviceType`) or a field of a field (`hyperParameters.temperature`). */
export type FieldPath<T> = KeysOf<T> | { [K in KeysOf<T>]: Nested<T, K> }[KeysOf<T>];
/** The paths every one of the operations has (a flag shared by create and replace must fill both). */
type CommonPath<Op extends OperationId, P extends FieldPlace> =
  (Op extends unknown ? (path: FieldPath<Fields<Op, P>>) => void : never) extends (path: infer Common) => void ? Common & string : never;
export type FieldValue<T, Path extends string> = Path extends `${infer Head}.${infer Rest}` ? ValueAt<NonNullable<ValueAt<T, Head>>, Rest> : ValueAt<T, Path>;

export interface SpecField {
  operationId: OperationId;
  in: FieldPlace;
  /** The field's dotted path in its place. */
  name: string;
  /** For a flag that takes no value: what the field is when the flag is given (true unless said). */
  given?: boolean | undefined;
}

export interface FieldRef<Op extends OperationId, P extends FieldPlace, Path extends string> {
  operationId: Op;
  in: P;
  name: Path;
  /** For a switch that sets its field to false (`--sync` for `isAsync: false`). */
  given?: boolean | undefined;
}

const bound = new WeakMap<Option | Argument, readonly SpecField[]>();

/** The request fields an option or argument fills, if it fills any (for the tests and the reference). */
export function specFieldsOf(flagOrArgument: Option | Argument): readonly SpecField[] {
  return bound.get(flagOrArgument) ?? [];
}

/** The spec's enum of a field, from the generated table; undefined when the field has none. */
export function enumOf(field: SpecField): readonly string[] | undefined {
  const places = (requestEnums as Record<string, Record<string, Record<string, readonly string[]> | undefined> | undefined>)[field.operationId];
  return places?.[field.in]?.[field.name];
}

export interface SpecOption<V> {
  option: Option;
  /** The value given on the command line, typed as the request field it fills. */
  read(options: object): V | undefined;
  /** The value of an option made mandatory: commander refused a command line without it. */
  readMandatory(options: object): V;
}

/**
 * An option filling `field` (and any further fields of the same meaning in other operations: the
 * body of `connections create` and of `connections replace`). Enum fields get the spec's values
 * as choices; `parse` turns the text into the field's type otherwise (numbers).
 */
export function specOption<Op extends OperationId, P extends FieldPlace, Path extends CommonPath<Op, P>>(
  flags: string,
  description: string,
  field: FieldRef<Op, P, Path>,
  parse?: (text: string) => NonNullable<FieldValue<Fields<Op, P>, Path>>,
): SpecOption<NonNullable<FieldValue<Fields<Op, P>, Path>>> {
  const option = new Option(flags, description);
  const choices = enumOf(field);
  if (choices) option.choices(choices);
  else if (parse) option.argParser(parse);
  bound.set(option, [field]);
  const read = (options: object) => (options as Record<string, unknown>)[option.attributeName()] as NonNullable<FieldValue<Fields<Op, P>, Path>> | undefined;
  return { option, read, readMandatory: (options) => present(read(options), `the value of the mandatory option ${option.flags}`) };
}

/**
 * Records that an option the command shapes itself (KEY=VALUE pairs, an inverted switch such as
 * --sync for isAsync: false) fills `fields`: the names are checked against the request types all
 * the same, and the option appears with its fields in the tests and the reference.
 */
export function bindOption<Op extends OperationId, P extends FieldPlace, Path extends CommonPath<Op, P>>(
  option: Option,
  ...fields: FieldRef<Op, P, Path>[]
): Option {
  bound.set(option, fields);
  return option;
}

/** A positional argument filling `field`, with the spec's enum as its choices when it has one. */
export function specArgument<Op extends OperationId, P extends FieldPlace, Path extends CommonPath<Op, P>>(
  name: string,
  description: string,
  ...fields: FieldRef<Op, P, Path>[]
): Argument {
  const argument = new Argument(name, description);
  const choices = fields.map(enumOf).find((values) => values !== undefined);
  if (choices) argument.choices(choices);
  bound.set(argument, fields);
  return argument;
}

/** The type of a request field, for a value a command builds from flags of its own. */
export type SpecFieldValue<Op extends OperationId, P extends FieldPlace, Path extends CommonPath<Op, P>> = NonNullable<FieldValue<Fields<Op, P>, Path>>;
