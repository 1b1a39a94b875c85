// The resumable state of an import, on disk. Written after every acknowledged chunk, through a
// temporary file and a rename, synchronously: whatever kills the process (Ctrl-C, SIGKILL, a
// crash), the file holds the last complete state and never half of one. The client checks the
// state itself when it resumes, naming any field that is wrong. Before anything is sent the
// command makes sure the state can be written at all (./state-lock.ts takes a lock beside it)
// and that it is not the model file itself.
import { readFileSync, realpathSync, renameSync, rmSync, statSync, statfsSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { ImportState } from "../../index.js";
import { UsageError } from "../exit-codes.js";
import { fileError } from "./file-errors.js";

/** Room the state file's disk must have before an import starts (a state file is a few KiB). */
const MIN_FREE_BYTES = 1024 * 1024;

export function writeStateFile(path: string, state: ImportState): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw fileError(path, "write the import's state", error);
  }
}

export function readStateFile(path: string): ImportState {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw fileError(path, "read the import's state (--resume)", error);
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

const sameFile = (a: string, b: string): boolean => {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    // One does not exist (yet): the same only if the paths say so.
    return realPathOf(a) === realPathOf(b);
  }
};

function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Refuses a state path that is the model file: writing the state there would destroy the model. */
export function checkNotTheModel(statePath: string, modelFile: string, flag: "--state" | "--resume"): void {
  if (sameFile(statePath, modelFile)) {
    throw new UsageError(`${flag} ${statePath} names the model file itself; the state is written there after every chunk, so it must be a file of its own (default: ${modelFile}.import-state.json)`);
  }
}

/** Refuses to start when the state's disk is full: the first chunk would be sent, the state lost. */
export function checkRoomFor(statePath: string): void {
  const folder = dirname(resolve(statePath));
  let free: number;
  try {
    const stats = statfsSync(folder);
    free = stats.bavail * stats.bsize;
  } catch (error) {
    throw fileError(folder, "keep the import's state there", error);
  }
  if (free < MIN_FREE_BYTES) throw fileError(statePath, "write the import's state", Object.assign(new Error(), { code: "ENOSPC" }));
}
