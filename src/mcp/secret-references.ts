// Provider secrets (a connection's `fields.API_KEY`, a custom connection's header values) never
// pass through the conversation: the agent names where the secret is, `env:NAME` or `file:PATH`,
// and the server reads it in its own process. A tool's schema asks for a reference wherever the
// spec has a secret value (marked "x-secret" in the generated inputs), and a value that is not a
// reference is refused without being repeated.
import { readFile } from "node:fs/promises";
import { ValidationError, type ValidationIssue } from "../wrappers/errors.js";
import type { JsonSchema } from "./schemas.js";

const REFERENCE = /^(env|file):(.+)$/s;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const HOW = "env:NAME (a variable of the MCP server's environment) or file:PATH (a file on the server's machine)";

/** What an agent sees where the spec has a secret. */
export const SECRET_REFERENCE_SCHEMA: JsonSchema = Object.freeze({
  type: "string",
  pattern: REFERENCE.source,
  description: `Where the secret is, never the secret itself: ${HOW}. The server reads it; it is not shown to you.`,
});

/** The schema with every secret value replaced by a reference to one. */
export function secretsAsReferences(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(secretsAsReferences);
  if (schema === null || typeof schema !== "object") return schema;
  if ((schema as Record<string, unknown>)["x-secret"] === true) return SECRET_REFERENCE_SCHEMA;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, secretsAsReferences(value)]));
}

/**
 * Where the secrets sit in a value the schema describes, as paths of keys ("*" for every item of
 * an array). Every shape of a `oneOf` or `anyOf` counts: whichever the agent sends, its secrets
 * are found.
 */
export function secretPaths(schema: unknown, defs: Record<string, unknown> = {}): string[][] {
  const found = new Map<string, string[]>();
  const visit = (node: unknown, path: string[], seen: Set<unknown>) => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    const record = node as Record<string, unknown>;
    if (record["x-secret"] === true) {
      found.set(path.join("\u0000"), path);
      return;
    }
    const inner = new Set(seen).add(node);
    if (typeof record["$ref"] === "string") visit(defs[record["$ref"].replace("#/$defs/", "")], path, inner);
    for (const branch of ["oneOf", "anyOf", "allOf"]) if (Array.isArray(record[branch])) for (const option of record[branch] as unknown[]) visit(option, path, inner);
    if (record["properties"] && typeof record["properties"] === "object") for (const [key, value] of Object.entries(record["properties"])) visit(value, [...path, key], inner);
    if (record["items"]) visit(record["items"], [...path, "*"], inner);
  };
  visit(schema, [], new Set());
  return [...found.values()];
}

export interface SecretSource {
  env: NodeJS.ProcessEnv;
  /** True when the value holds one of the server's own platform credentials. */
  isPlatformCredential(value: string): boolean;
}

/**
 * A copy of `value` with each reference at `paths` replaced by the secret it names, and those
 * secrets, so the caller can mask them in whatever it sends back. `field` names the argument in
 * messages. Throws ValidationError, naming the field and never its value, for a literal, a
 * variable that is not set, a file that cannot be read, or the server's own credential.
 */
export async function resolveSecretReferences(value: unknown, paths: string[][], field: string, source: SecretSource, operationId?: string): Promise<{ value: unknown; secrets: string[] }> {
  const copy = structuredClone(value);
  const found: Array<{ at: string; text: string; set(secret: string): void }> = [];
  const walk = (node: unknown, path: string[], at: string, set: (secret: string) => void) => {
    if (path.length === 0) {
      if (typeof node === "string") found.push({ at, text: node, set });
      return;
    }
    const [head, ...rest] = path as [string, ...string[]];
    if (head === "*") {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, rest, `${at}[${i}]`, (secret) => (node[i] = secret)));
    } else if (node !== null && typeof node === "object" && !Array.isArray(node) && head in node) {
      const record = node as Record<string, unknown>;
      walk(record[head], rest, `${at}.${head}`, (secret) => (record[head] = secret));
    }
  };
  for (const path of paths) walk(copy, path, field, () => {});
  const resolved = await Promise.all(found.map(({ at, text }) => resolveOne(text, at, source)));
  const issues = resolved.filter((r): r is ValidationIssue => typeof r !== "string");
  if (issues.length > 0) throw new ValidationError(issues, operationId);
  found.forEach(({ set }, i) => set(resolved[i] as string));
  return { value: copy, secrets: resolved as string[] };
}

async function resolveOne(text: string, field: string, source: SecretSource): Promise<string | ValidationIssue> {
  const refused = (rule: string, why: string): ValidationIssue => ({ field, rule, message: `${field} ${why}` });
  const match = REFERENCE.exec(text);
  // Not quoted back: if it is a secret, it has been in the conversation once already, and that is enough.
  if (!match) return refused("secretReference", `must be a reference to the secret, not the secret: ${HOW}; what was given was not sent`);
  const [, kind, target] = match as unknown as [string, "env" | "file", string];
  let secret: string | undefined;
  if (kind === "env") {
    if (!VARIABLE_NAME.test(target)) return refused("secretReference", "names an environment variable that cannot exist: env:NAME takes letters, digits and _");
    secret = source.env[target];
    if (secret === undefined || secret === "") return refused("secretReference", `refers to env:${target}, which is not set in the MCP server's environment`);
  } else {
    try {
      // A trailing newline is how editors end a file, not part of the key.
      secret = (await readFile(target, "utf8")).replace(/\r?\n$/, "");
    } catch (error) {
      return refused("secretReference", `refers to a file the MCP server cannot read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
    if (secret === "") return refused("secretReference", "refers to an empty file");
  }
  // The server's own key must not become a provider key that the platform sends elsewhere.
  if (source.isPlatformCredential(secret)) return refused("secretReference", "refers to the MCP server's own platform credential, which is never sent as a provider secret");
  return secret;
}
