// Reading parsed documents (JsonValue) without trusting their shape: a member is looked at before
// it is read, and a map or list that is missing, or is something else, reads as empty. The spec-diff
// compares documents nobody linted (a base from git, a file a user names), so a wrong shape there
// is input, not a bug.
import { isRecord as isObject } from "../../src/kernel/is-record.js";

/**
 * @typedef {import("./json-types.ts").JsonValue} JsonValue
 * @typedef {import("./json-types.ts").JsonRecord} JsonRecord
 */

/**
 * Whether a value is an object (not an array): the package's own guard, src/kernel/is-record.js,
 * bound here to JSON values, so it narrows a JsonValue to a JsonRecord as a callback too
 * (`.filter(isRecord)`, where TypeScript would take the guard's last overload).
 * @type {(value: JsonValue | undefined) => value is JsonRecord}
 */
export const isRecord = isObject;

/**
 * The member at `keys` through nested objects: memberAt(spec, "components", "schemas", name).
 * @param {JsonValue | undefined} value @param {...string} keys
 * @returns {JsonValue | undefined} undefined where a member is missing or its parent is not an object
 */
export function memberAt(value, ...keys) {
  let node = value;
  for (const key of keys) {
    if (!isRecord(node)) return undefined;
    node = Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return node;
}

/**
 * The value when it is an object, else an empty one: for an optional map read entry by entry.
 * @param {JsonValue | undefined} value
 * @returns {JsonRecord}
 */
export const recordOf = (value) => (isRecord(value) ? value : {});

/**
 * The value when it is an array, else an empty one.
 * @param {JsonValue | undefined} value
 * @returns {JsonValue[]}
 */
export const listOf = (value) => (Array.isArray(value) ? value : []);

/**
 * The value when it is a string, else `fallback`: a tool's report member read into a typed field.
 * @param {JsonValue | undefined} value @param {string} fallback
 */
export const stringOr = (value, fallback) => (typeof value === "string" ? value : fallback);

/**
 * The value when it is a number, else `fallback`.
 * @param {JsonValue | undefined} value @param {number} fallback
 */
export const numberOr = (value, fallback) => (typeof value === "number" ? value : fallback);
