// The types of parsed documents the scripts read: the spec and its Arazzo file (YAML), tools'
// reports (JSON). Declared once here; the scripts import them by type:
//   /** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
// and read members through json-members.mjs (isRecord, memberAt, recordOf, listOf), so the
// compiler checks each read. JsonObject and DocumentValue are the loose types that remain for the
// spec readers built on spec.mjs's loadSpec and deref (the generators, the mock's validators,
// the 3.0 conversion); new code takes JsonValue and JsonRecord.

/**
 * Any JSON value, for code that walks a document without knowing its shape (it narrows with
 * `typeof` and `Array.isArray` before reading).
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * An object of a parsed document (the spec, one of its operations or schemas, an Arazzo
 * workflow, a tool's report) read member by member. Its members are not checked at each step:
 * the documents are linted against their own schemas (Redocly, Spectral) before any script reads
 * them, and a member that is missing reads as undefined.
 */
export type JsonObject = Record<string, DocumentValue>;

/**
 * A value of a parsed document as the parsers give it (JSON.parse, yaml's toJS): read without a
 * check, like the members of a JsonObject.
 */
export type DocumentValue = ReturnType<typeof JSON.parse>;

/** A JSON object whose members are narrowed before they are read. */
export type JsonRecord = { [key: string]: JsonValue };
