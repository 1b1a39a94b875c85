// The resumable state of an import, on disk. Written after every acknowledged chunk, through a
// temporary file and a rename, synchronously: whatever kills the process (Ctrl-C, SIGKILL, a
// crash), the file holds the last complete state and never half of one. The client checks the
// state itself when it resumes, naming any field that is wrong.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { ImportState } from "../index.js";
import { UsageError } from "./exit-codes.js";

export function writeStateFile(path: string, state: ImportState): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, path);
}

export function readStateFile(path: string): ImportState {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`--resume ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  try {
    return JSON.parse(text) as ImportState;
  } catch {
    throw new UsageError(`--resume ${path}: is not JSON; it should be the state file an earlier import wrote`);
  }
}

/** Once the import is done, its state is of no more use. */
export function removeStateFile(path: string): void {
  rmSync(path, { force: true });
}
