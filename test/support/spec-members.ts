// Members of the spec that tests read by name: a named example's value, info.version. Read
// through json-members.mjs, so the compiler checks each read, and one that is missing stops the
// test here, naming it, instead of comparing undefined with something.
import { isRecord, memberAt } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";

/** The value of the spec's named example: components.examples[name].value. */
export function exampleValue(spec: JsonValue, name: string): JsonValue {
  const value = memberAt(spec, "components", "examples", name, "value");
  if (value === undefined) throw new Error(`example ${name} is missing from the spec`);
  return value;
}

/** The value of a named example that is an object (a body, an answer). */
export function exampleRecord(spec: JsonValue, name: string): JsonRecord {
  const value = exampleValue(spec, name);
  if (!isRecord(value)) throw new Error(`example ${name} of the spec is not an object`);
  return value;
}

/** The spec's info.version. */
export function specVersionOf(spec: JsonValue): string {
  const version = memberAt(spec, "info", "version");
  if (typeof version !== "string") throw new Error("the spec has no info.version");
  return version;
}
