// An import's resumable state on disk, as the command line and the MCP server keep it beside the
// model file (`<model>.import-state.json`), one format for both so that either continues what
// the other started: the client's ImportState, and the import's job once the upload completed
// with nobody to hand it to. Written through a temporary file and a rename, so whatever stops the
// process the file holds a whole state. One import per state file at a time: a lock beside it
// (`<state>.lock`, created exclusively) names its holder, and a lock whose holder died is taken
// over. Failures are SavedImportErrors; each caller words them for its users.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { resolve } from "node:path";
import type { Job } from "../wrappers/normalize/jobs.js";
import type { ImportState } from "../wrappers/uploads/import-state.js";
import { FILE_CAPS, readRegularFileSync } from "./regular-file.js";

export const STATE_FILE_SUFFIX = ".import-state.json";

export interface SavedImport {
  state: ImportState;
  /** The import's job, once the upload completed with nobody following it. */
  job?: Pick<Job, "dockStatusId" | "status" | "modelId"> | undefined;
}

export interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

export class SavedImportError extends Error {
  override name = "SavedImportError";
  /** The file system's error code, for an `io` failure. */
  readonly code: string | undefined;
  /** Who holds the lock, for `locked`. */
  readonly holder: LockHolder | undefined;

  constructor(
    readonly path: string,
    /** What could not be done, e.g. "read the import's state". */
    readonly doing: string,
    readonly reason: "io" | "notJson" | "notObject" | "locked" | "contended",
    options: { code?: string | undefined; holder?: LockHolder | undefined; cause?: unknown } = {},
  ) {
    super(`${path}: cannot ${doing} (${options.holder ? `held by process ${options.holder.pid} on ${options.holder.host} since ${options.holder.since}` : (options.code ?? reason)})`, { cause: options.cause });
    this.code = options.code;
    this.holder = options.holder;
  }
}

/** The state file of a model file: its path with the suffix. */
export const stateFileFor = (modelFile: string): string => `${resolve(modelFile)}${STATE_FILE_SUFFIX}`;

/** The model file a state file belongs to, by its name. */
export const modelFileOf = (stateFile: string): string | undefined =>
  stateFile.endsWith(STATE_FILE_SUFFIX) ? stateFile.slice(0, -STATE_FILE_SUFFIX.length) : undefined;

const text = (saved: SavedImport) => `${JSON.stringify(saved.job ? { ...saved.state, job: saved.job } : saved.state, null, 2)}\n`;
const temporaryFor = (file: string) => `${file}.${process.pid}.tmp`;
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException)?.code;

export function writeSavedImport(file: string, saved: SavedImport): void {
  try {
    writeFileSync(temporaryFor(file), text(saved));
    renameSync(temporaryFor(file), file);
  } catch (error) {
    rmSync(temporaryFor(file), { force: true });
    throw new SavedImportError(file, "write the import's state", "io", { code: codeOf(error), cause: error });
  }
}

/** The same write off the event loop, for the state saved after each chunk while bytes are moving. */
export async function writeSavedImportAsync(file: string, saved: SavedImport): Promise<void> {
  try {
    await writeFile(temporaryFor(file), text(saved));
    await rename(temporaryFor(file), file);
  } catch (error) {
    rmSync(temporaryFor(file), { force: true });
    throw new SavedImportError(file, "write the import's state", "io", { code: codeOf(error), cause: error });
  }
}

/**
 * The state saved after each chunk while bytes are moving, for the command line and the MCP
 * server alike. A synchronous write per chunk held the event loop for each rename while chunks
 * waited to be sent (some 9% of a 1 GiB import, issue 34), so states are written one at a time
 * off the loop, each write taking the latest. A kill between two writes costs at most the
 * re-sending of a chunk or two, which the service takes again (a chunk is addressed by its
 * number). Each failed write goes to `failed`; the caller decides whether the upload goes on.
 */
export class LatestStateWriter {
  #unsaved: ImportState | undefined;
  #writing: Promise<void> | undefined;

  constructor(
    readonly file: string,
    private readonly failed: (error: SavedImportError) => void,
  ) {}

  save(state: ImportState): void {
    this.#unsaved = state;
    this.#writing ??= this.#writeLatest();
  }

  /** Settles once every write begun has ended: nothing writes the file after this. */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #writeLatest(): Promise<void> {
    for (let next = this.#unsaved; next !== undefined; next = this.#unsaved) {
      this.#unsaved = undefined;
      await writeSavedImportAsync(this.file, { state: next }).catch((error: SavedImportError) => this.failed(error));
    }
    this.#writing = undefined;
  }
}

/** The saved import; the client checks the state itself, field by field, when it resumes. */
export function readSavedImport(file: string): SavedImport {
  let contents: string;
  try {
    // A state file is a few KiB; a FIFO or /dev/zero in its place is refused at once, not read.
    contents = readRegularFileSync(file, { maxBytes: FILE_CAPS.state, what: "the state file", encoding: "utf8" });
  } catch (error) {
    throw new SavedImportError(file, "read the import's state", "io", { code: codeOf(error), cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(contents);
  } catch {
    throw new SavedImportError(file, "read the import's state", "notJson");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new SavedImportError(file, "read the import's state", "notObject");
  const { job, ...state } = parsed as ImportState & { job?: SavedImport["job"] };
  return { state: state as ImportState, ...(job && typeof job.dockStatusId === "string" ? { job } : {}) };
}

export function removeSavedImport(file: string): void {
  rmSync(file, { force: true });
}

function holderOf(lockPath: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readRegularFileSync(lockPath, { maxBytes: FILE_CAPS.config, what: "the lock file", encoding: "utf8" })) as Partial<LockHolder>;
    return typeof holder.pid === "number" && typeof holder.host === "string" ? { pid: holder.pid, host: holder.host, since: String(holder.since) } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder may still be running: always yes for another host, which we cannot see. */
function alive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === "EPERM";
  }
}

export interface StateLock {
  release(): void;
}

/**
 * Takes the lock of a state file, or throws (reason `locked`, naming the holder). Creating the
 * lock is also the first write into the state's folder, so a folder that is missing or read-only
 * is found here, before anything is sent. Released on `release()` or when the process exits.
 */
export function lockStateFile(statePath: string): StateLock {
  const lockPath = `${statePath}.lock`;
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, `${JSON.stringify(me)}\n`, { flag: "wx" });
    } catch (error) {
      if (codeOf(error) !== "EEXIST") throw new SavedImportError(lockPath, "create the lock beside the import's state", "io", { code: codeOf(error), cause: error });
      const holder = holderOf(lockPath);
      if (holder && alive(holder)) throw new SavedImportError(statePath, "take the import's state", "locked", { holder });
      // Its holder is gone (or the lock is unreadable, left half-written by a crash): take it over.
      rmSync(lockPath, { force: true });
      continue;
    }
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off("exit", release);
      // Only our own: a lock taken over by another run after ours was judged dead stays theirs.
      if (holderOf(lockPath)?.pid === me.pid) rmSync(lockPath, { force: true });
    };
    // process.exit() skips finally blocks; the exit event does not.
    process.on("exit", release);
    return { release };
  }
  throw new SavedImportError(statePath, "take the import's state", "contended");
}
