// Whether a value is an object to read member by member (not null, not an array): the one guard,
// for the package (src/kernel/records.ts re-exports it) and for the repository's scripts
// (scripts/lib/json-members.mjs), which node runs without a TypeScript loader. Plain JavaScript
// with a .d.ts beside it, as json-pointer.js is, so both sides import the same module.

/** @param {unknown} value */
export const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
