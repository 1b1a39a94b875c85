// Request bodies from a JSON file (`--file body.json`), from stdin (`--file -`) or from flags;
// flags given beside a file override its fields. Bodies may hold provider keys, so a parse error
// says where and why but never quotes the text.
import { readFile } from "node:fs/promises";
import { UsageError } from "./exit-codes.js";
import { fileError } from "./local-files/file-errors.js";

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError("--file -: stdin is a terminal; pipe the JSON body in, or name a file");
  const parts: Buffer[] = [];
  for await (const part of process.stdin) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

/** The JSON object in `--file` (a path, or - for stdin), or {} when no file was given. */
export async function readBodyFile(file: string | undefined): Promise<Record<string, unknown>> {
  if (file === undefined) return {};
  let text: string;
  try {
    text = file === "-" ? await readStdin() : await readFile(file, "utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw fileError(file, "read the body (--file)", error);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--file ${file === "-" ? "- (stdin)" : file}: must be JSON (${(error as Error).message.replace(/ in JSON.*$/, "").replace(/"[^"]*"/g, "…")})`);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new UsageError(`--file ${file}: must hold a JSON object`);
  return body as Record<string, unknown>;
}

/** `KEY=VALUE` flags (repeatable) as an object; `flag` names the flag in errors. */
export function keyValues(pairs: readonly string[] | undefined, flag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`${flag} must be KEY=VALUE, with a non-empty KEY`);
    result[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return result;
}

/** The body: the file's fields, then every flag that was given. */
export function mergeBody(fromFile: Record<string, unknown>, fromFlags: Record<string, unknown>): Record<string, unknown> {
  const body = { ...fromFile };
  for (const [key, value] of Object.entries(fromFlags)) if (value !== undefined) body[key] = value;
  return body;
}
