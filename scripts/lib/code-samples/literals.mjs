// Values written into code samples: as TypeScript literals (object keys unquoted where they can
// be, short objects on one line); shell words come from src/cli/shell-word.ts.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const LINE = 72;

/**
 * `value` as a TypeScript expression, continued lines indented by `indent`.
 * @param {unknown} value
 * @returns {string}
 */
export function tsLiteral(value, indent = "") {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((item) => tsLiteral(item, inner))
    : Object.entries(value).map(([key, item]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${tsLiteral(item, inner)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{ ", " }"];
  if (entries.length === 0) return Array.isArray(value) ? "[]" : "{}";
  const oneLine = `${open}${entries.join(", ")}${close}`;
  if (oneLine.length <= LINE && !oneLine.includes("\n")) return oneLine;
  return `${open.trim()}\n${entries.map((entry) => `${inner}${entry},`).join("\n")}\n${indent}${close.trim()}`;
}
