// Provider secrets (a connection's `fields.API_KEY`, a custom connection's header values) never
// pass through the conversation: the agent names where the secret is, `env:NAME` or `file:PATH`,
// and the server reads it in its own process. A tool's schema asks for a reference wherever the
// spec has a secret value (marked "x-secret" in the generated inputs), and a value that is not a
// reference is refused without being repeated.
//
// What a reference may name is the operator's choice, never the agent's: an agent that read a
// poisoned chunk would otherwise send any variable of the server's environment (a cloud or LLM
// key the IDE passed down) or any file its user can read to an endpoint of its choosing. So only
// the variables listed with --secret-env (option secretEnv) and the files inside the folders
// listed with --secret-dir (option secretDirs) resolve; none by default. And a reference resolves
// only where the spec has a secret (secretPaths): anywhere else it is sent as the text it is.
import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { FILE_CAPS, readRegularFile } from "../node/regular-file.js";
import { ValidationError, type ValidationIssue } from "../kernel/errors.js";
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
// A secret value is a string and so is a reference to it: a schema typed for the compiler keeps
// its value type (./schemas.ts TypedSchema), which lets a tool read the argument typed.
export function secretsAsReferences<S>(schema: S): S;
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
    if (typeof record.$ref === "string") visit(defs[record.$ref.replace("#/$defs/", "")], path, inner);
    for (const branch of ["oneOf", "anyOf", "allOf"]) if (Array.isArray(record[branch])) for (const option of record[branch] as unknown[]) visit(option, path, inner);
    if (record.properties && typeof record.properties === "object") for (const [key, value] of Object.entries(record.properties)) visit(value, [...path, key], inner);
    if (record.items) visit(record.items, [...path, "*"], inner);
  };
  visit(schema, [], new Set());
  return [...found.values()];
}

export interface SecretSource {
  env: NodeJS.ProcessEnv;
  /** The variables `env:` may name: the operator's --secret-env list (option secretEnv). */
  allowedEnv: ReadonlySet<string>;
  /** The folders, as real paths, whose files `file:` may name: --secret-dir (option secretDirs). */
  allowedDirs: readonly string[];
  /** True when the value holds one of the server's own platform credentials. */
  isPlatformCredential(value: string): boolean;
}

/**
 * A copy of `value` with each reference at `paths` replaced by the secret it names, and those
 * secrets, so the caller can mask them in whatever it sends back. `field` names the argument in
 * messages. Throws ValidationError, naming the field and never its value, for a literal, a
 * variable that is not set, a file that cannot be read, or the server's own credential.
 */
export async function resolveSecretReferences<T>(
  value: T,
  paths: string[][],
  field: string,
  source: SecretSource,
  operationId?: string,
): Promise<{ value: T; secrets: string[] }> {
  const copy = structuredClone(value);
  const found: Array<{ at: string; text: string; set(secret: string): void }> = [];
  const walk = (node: unknown, path: string[], at: string, set: (secret: string) => void) => {
    if (path.length === 0) {
      if (typeof node === "string") found.push({ at, text: node, set });
      return;
    }
    const [head, ...rest] = path as [string, ...string[]];
    if (head === "*") {
      if (Array.isArray(node)) {
        node.forEach((item, i) => {
          walk(item, rest, `${at}[${i}]`, (secret) => {
            node[i] = secret;
          });
        });
      }
    } else if (node !== null && typeof node === "object" && !Array.isArray(node) && head in node) {
      const record = node as Record<string, unknown>;
      walk(record[head], rest, `${at}.${head}`, (secret) => {
        record[head] = secret;
      });
    }
  };
  for (const path of paths) walk(copy, path, field, () => {});
  const resolved = await Promise.all(found.map(({ at, text }) => resolveOne(text, at, source)));
  const issues = resolved.filter((r): r is ValidationIssue => typeof r !== "string");
  if (issues.length > 0) throw new ValidationError(issues, operationId);
  found.forEach(({ set }, i) => {
    set(resolved[i] as string);
  });
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
    // Checked before whether it is set: a refusal says nothing of what the environment holds.
    if (!source.allowedEnv.has(target)) return refused("secretAllowList", `refers to env:${target}, which the MCP server does not allow: its operator lists the variables an agent may refer to with --secret-env ${target} (option secretEnv); nothing was sent`);
    secret = Object.hasOwn(source.env, target) ? source.env[target] : undefined;
    if (typeof secret !== "string" || secret === "") return refused("secretReference", `refers to env:${target}, which is not set in the MCP server's environment`);
  } else {
    const outside = () => refused("secretAllowList", `refers to a file outside the folders the MCP server allows: its operator lists the folders an agent may refer to with --secret-dir DIR (option secretDirs); nothing was sent`);
    const absolute = resolve(target);
    // Where the path leads, not how it is written: a link inside an allowed folder to a file
    // outside it is outside. A path that leads nowhere is "outside" unless it is written inside,
    // so a refusal tells nothing of the files elsewhere.
    const real = await realpath(absolute).catch((error: NodeJS.ErrnoException) => error);
    if (real instanceof Error) {
      if (!inside(absolute, source.allowedDirs)) return outside();
      return refused("secretReference", `refers to a file the MCP server cannot read (${real.code ?? "error"})`);
    }
    if (!inside(real, source.allowedDirs)) return outside();
    try {
      // A trailing newline is how editors end a file, not part of the key.
      secret = (await readRegularFile(real, { maxBytes: FILE_CAPS.secret, what: "the secret file", encoding: "utf8" })).replace(/\r?\n$/, "");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      const why = code === "ENOTFILE" ? ": not a regular file" : code === "EFBIG" ? `: larger than ${FILE_CAPS.secret} bytes` : "";
      return refused("secretReference", `refers to a file the MCP server cannot read (${code}${why})`);
    }
    if (secret === "") return refused("secretReference", "refers to an empty file");
  }
  // The server's own key must not become a provider key that the platform sends elsewhere.
  if (source.isPlatformCredential(secret)) return refused("secretReference", "refers to the MCP server's own platform credential, which is never sent as a provider secret");
  return secret;
}

/** True when `path` is strictly inside one of `dirs` (all absolute). */
function inside(path: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => {
    const rel = relative(dir, path);
    return rel !== "" && !isAbsolute(rel) && rel.split(sep)[0] !== "..";
  });
}
