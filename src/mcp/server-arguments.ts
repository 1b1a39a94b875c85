// The arguments the MCP server adds to the spec's: how long a call may wait, and paths of files
// on the server's machine. Their schemas are the server's own, checked by ./arguments.ts.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { ValidationError } from "../kernel/errors.js";

export const MAX_WAIT_ARGUMENT = "maxWaitSeconds";

export const maxWaitSeconds = Object.freeze({
  type: "number",
  minimum: 0,
  description:
    "How long this call may wait for the work to end, in seconds (at most the server's bound, which is also the default). Work still running then goes on, and the answer is a handle naming the tool that continues it. 0 starts the work and answers at once.",
});

export const filePath = (what: string) => Object.freeze({ type: "string", minLength: 1, description: `Path of ${what} on the MCP server's machine (absolute, or relative to the server's working directory).` });

/** The absolute path of a regular file the server can read, or a ValidationError naming `field`. */
export async function readableFile(path: string, field: string, tool: string): Promise<{ path: string; size: number }> {
  const absolute = resolve(path);
  const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
    throw new ValidationError([{ field, rule: "readable", message: `${field} cannot be read on the MCP server's machine (${error.code ?? "error"})` }], tool);
  });
  if (!info.isFile()) throw new ValidationError([{ field, rule: "file", message: `${field} must be a file, not a directory or device` }], tool);
  return { path: absolute, size: info.size };
}
