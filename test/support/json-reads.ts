// A test's reads of a parsed document (the spec, the Arazzo file) it needs to be there: the
// object or list at a path of keys, or a thrown error naming the path, so a test fails on its
// first read of a spec that moved, rather than asserting on an empty stand-in. What it reads
// past that is a JsonValue the assertions narrow.
import { isRecord, memberAt } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";

/** The object at `keys` (recordAt(spec, "components", "schemas", "JobRecord")); throws when there is none. */
export function recordAt(value: JsonValue | undefined, ...keys: string[]): JsonRecord {
  const found = memberAt(value, ...keys);
  if (!isRecord(found)) throw new Error(`no object at ${keys.join(".") || "the top"}`);
  return found;
}

/** The array at `keys` (listAt(spec, "tags")); throws when there is none. */
export function listAt(value: JsonValue | undefined, ...keys: string[]): JsonValue[] {
  const found = memberAt(value, ...keys);
  if (!Array.isArray(found)) throw new Error(`no list at ${keys.join(".") || "the top"}`);
  return found;
}
