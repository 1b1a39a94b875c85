// The resumable state of an import, on disk, in the one format the command line and the MCP
// server share (../../node/saved-import.ts). Written after every acknowledged chunk, through a
// temporary file and a rename: whatever kills the process (Ctrl-C, SIGKILL, a crash), the file
// holds a complete state and never half of one. Before
// anything is sent the command makes sure the state can be written at all (the lock), that it
// is not the model file itself, and that its disk has room. Failures are usage errors (exit 2).
import { realpathSync, statSync, statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { ImportState } from "../../index.js";
import {
  LatestStateWriter,
  lockStateFile as takeLock,
  readSavedImport,
  removeSavedImport,
  SavedImportError,
  writeSavedImport,
  type SavedImport,
  type StateLock,
} from "../../node/saved-import.js";
import { present } from "../../kernel/present.js";
import { UsageError } from "../exit-codes.js";
import { fileError } from "./file-errors.js";

export { stateFileFor } from "../../node/saved-import.js";

/** Room the state file's disk must have before an import starts (a state file is a few KiB). */
const MIN_FREE_BYTES = 1024 * 1024;

/** The shared module's failures, in the command line's words. */
function asUsageError(error: unknown, flag = "--resume"): unknown {
  if (!(error instanceof SavedImportError)) return error;
  if (error.reason === "locked") {
    const { pid, host, since } = present(error.holder, `the holder of the lock on ${error.path}`);
    return new UsageError(`${error.path} is in use by another import: process ${pid} on ${host}, since ${since}; let it finish, or stop it first`);
  }
  if (error.reason === "contended") return new UsageError(`${error.path}: another import keeps taking its lock; try again`);
  if (error.reason === "notJson" || error.reason === "notObject") return new UsageError(`${flag} ${error.path}: is not ${error.reason === "notJson" ? "JSON" : "a JSON object"}; it should be the state file an earlier import wrote`);
  return fileError(error.path, error.doing, { code: error.code });
}

export function writeStateFile(path: string, state: ImportState): void {
  try {
    writeSavedImport(path, { state });
  } catch (error) {
    throw asUsageError(error);
  }
}

export interface StateSaver {
  /** Saves the state of a chunk just acknowledged; throws the failure of an earlier save, which stops the upload. */
  save(state: ImportState): void;
  /** Settles once every save begun has ended: nothing writes the file after this. */
  settled(): Promise<void>;
}

/** The state saved after each chunk; a write that fails stops the upload at the next chunk, as a usage error. */
export function stateSaver(path: string): StateSaver {
  let failed: unknown;
  const writer = new LatestStateWriter(path, (error) => {
    failed ??= asUsageError(error);
  });
  return {
    save(state) {
      if (failed !== undefined) throw failed;
      writer.save(state);
    },
    settled: () => writer.settled(),
  };
}

/**
 * What an earlier import (this command's or the MCP server's) wrote: its state, and the job of
 * an upload that finished with nobody there to take its answer (the MCP server writes it).
 */
export function readStateFile(path: string): SavedImport {
  try {
    return readSavedImport(path);
  } catch (error) {
    throw asUsageError(error);
  }
}

/** Once the import is done, its state is of no more use. */
export function removeStateFile(path: string): void {
  removeSavedImport(path);
}

/** One import per state file at a time; a second run refuses, naming the holder (exit 2). */
export function lockStateFile(statePath: string): StateLock {
  try {
    return takeLock(statePath);
  } catch (error) {
    throw asUsageError(error);
  }
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
