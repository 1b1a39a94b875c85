// Renders src/generated/operation-inputs.ts: what each operation takes (its path and query
// parameters, its request body) as self-contained JSON Schema, for the MCP server's tool input
// schemas (src/mcp/). A tool's schema must stand alone, so every $ref into components is inlined;
// a schema that contains itself (the chunk filter tree) is inlined once under `defs` and referred
// to as "#/$defs/<name>" wherever it recurs. The spec's secret type (SecretValue) is marked
// "x-secret": true where it is inlined, so the server can ask for a reference there instead of
// the secret itself.
import { codeHeader } from "./generated-header.mjs";
import { isRecord, memberAt, recordOf } from "./json-members.mjs";
import { operationNodes } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/** @typedef {(node: JsonValue) => JsonValue} Inline a schema with its $refs replaced by what they name */

// The one schema the spec uses for a secret value (a provider key, a custom header's value).
const SECRET_SCHEMA = "SecretValue";
const COMPONENT_SCHEMA = "#/components/schemas/";
// OpenAPI's own keywords and the spec's records: not JSON Schema, and no help to an agent.
const DROPPED = new Set(["discriminator", "xml", "externalDocs", "example"]);

/**
 * @param {string} ref
 */
function componentName(ref) {
  if (!ref.startsWith(COMPONENT_SCHEMA)) throw new Error(`operation inputs: unexpected $ref ${ref} (only component schemas are inlined)`);
  return ref.slice(COMPONENT_SCHEMA.length);
}

// Component schemas that reach themselves through their $refs: inlining them would never end.
/**
 * @param {JsonRecord} components
 */
function recursiveComponents(components) {
  /** @type {(node: JsonValue | undefined, found?: Set<string>) => Set<string>} */
  const refsOf = (node, found = new Set()) => {
    if (node && typeof node === "object") {
      if (!Array.isArray(node) && typeof node.$ref === "string") found.add(componentName(node.$ref));
      for (const value of Object.values(node)) refsOf(value, found);
    }
    return found;
  };
  /** @type {(from: string, to: string, seen?: Set<string>) => boolean} */
  const reaches = (from, to, seen = new Set()) =>
    [...refsOf(components[from])].some((next) => {
      if (next === to) return true;
      if (seen.has(next)) return false;
      seen.add(next);
      return reaches(next, to, seen);
    });
  return new Set(Object.keys(components).filter((name) => reaches(name, name)));
}

/**
 * Inlines one operation's schemas, collecting the recursive ones under `defs`.
 * @param {JsonRecord} spec
 */
function inliner(spec) {
  const components = recordOf(memberAt(spec, "components", "schemas"));
  if (!components[SECRET_SCHEMA]) throw new Error(`operation inputs: components.schemas.${SECRET_SCHEMA} is gone; the MCP server finds secrets by it`);
  const recursive = recursiveComponents(components);
  /** @type {Record<string, JsonValue>} */
  const defs = {};
  /** @type {Inline} */
  const inline = (node) => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== "object") return node;
    if (typeof node.$ref === "string") {
      const name = componentName(node.$ref);
      const { $ref: _ref, ...siblings } = node;
      const target = components[name];
      if (!target) throw new Error(`operation inputs: dangling $ref ${node.$ref}`);
      if (recursive.has(name)) {
        if (!(name in defs)) {
          defs[name] = null; // claimed first, so the schema's own references to itself stop here
          defs[name] = inline(target);
        }
        return { $ref: `#/$defs/${name}`, ...recordOf(inline(siblings)) };
      }
      const resolved = { ...recordOf(inline(target)), ...recordOf(inline(siblings)) };
      return name === SECRET_SCHEMA ? { ...resolved, "x-secret": true } : resolved;
    }
    /** @type {JsonRecord} */
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED.has(key) || key.startsWith("x-")) continue;
      // `properties` maps names to schemas: its keys are field names, never keywords.
      if (key === "properties" && isRecord(value)) out[key] = Object.fromEntries(Object.entries(value).map(([field, schema]) => [field, inline(schema)]));
      else if (key === "description" && typeof value === "string") out[key] = value.trim();
      else out[key] = inline(value);
    }
    return out;
  };
  return { inline, defs };
}

/**
 * @param {JsonRecord[]} parameters
 * @param {Inline} inline
 */
function parametersOf(parameters, inline) {
  return Object.fromEntries(
    parameters.map((p) => {
      const schema = recordOf(inline(p.schema ?? null));
      // The parameter's description says what this value is here; the schema's, what such values look like.
      const description = p.description ?? schema.description;
      return [p.name, { in: p.in, required: p.required === true, schema: { ...schema, ...(description ? { description } : {}) } }];
    }),
  );
}

/**
 * @param {JsonRecord | null} body
 * @param {Inline} inline
 */
function bodyOf(body, inline) {
  if (!body) return null;
  const [mediaType, media] = Object.entries(recordOf(body.content))[0] ?? [];
  const schema = recordOf(inline(memberAt(media, "schema") ?? null));
  return {
    required: body.required === true,
    mediaType,
    schema: body.description && !schema.description ? { ...schema, description: body.description } : schema,
  };
}

/** @param {import("./generated-header.mjs").RenderContext} context */
export function renderOperationInputs({ spec }) {
  /** @type {Record<string, unknown>} */
  const table = {};
  for (const { op, parameters, body } of operationNodes(spec)) {
    const { inline, defs } = inliner(spec);
    table[op.operationId] = {
      parameters: parametersOf(parameters, inline),
      body: bodyOf(body, inline),
      defs,
    };
  }
  return [
    ...codeHeader(),
    "",
    "// What each operation takes, as self-contained JSON Schema (2020-12): its parameters (with",
    "// where they go) and its request body. Every $ref is inlined; a schema that contains itself sits",
    '// once in `defs`, referred to as "#/$defs/<name>". "x-secret": true marks a secret value (the',
    "// spec's SecretValue). Read by the MCP server's tool schemas (src/mcp/). Keyed by operationId,",
    "// in spec order.",
    `export const operationInputs = ${JSON.stringify(table, null, 2)} as const;`,
    "",
    "export type OperationInputs = typeof operationInputs;",
    "",
  ].join("\n");
}
