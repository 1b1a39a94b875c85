// The types of parsed documents the scripts read: the spec and its Arazzo file (YAML), tools'
// reports (JSON). Declared once here; the scripts import them by type:
//   /** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
// and read members through json-members.mjs (isRecord, memberAt, recordOf, listOf), so the
// compiler checks each read: no script reads a parsed document as `any`.

/**
 * Any JSON value, for code that walks a document without knowing its shape (it narrows with
 * `typeof` and `Array.isArray` before reading).
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object whose members are narrowed before they are read. */
export type JsonRecord = { [key: string]: JsonValue };
