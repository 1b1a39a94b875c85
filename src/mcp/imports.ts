// The model uploads running in this server, by state file. An upload outlives the call that
// started it: when the call's bound comes first, the call answers with a handle and the upload
// goes on, its state file updated after every chunk; a later call (resume_model_import) follows
// it again, or takes over its result once it is done. One upload per state file, so no chunk is
// sent twice by two uploads of the same import.
import type { ChunkProgress, ImportResult, ImportState } from "../index.js";
import { ImportError, ValidationError } from "../kernel/errors.js";
import { LatestStateWriter, lockStateFile, removeSavedImport, SavedImportError, writeSavedImport } from "../node/saved-import.js";

export interface TransferHooks {
  signal: AbortSignal;
  onProgress(progress: ChunkProgress): void;
  onState(state: ImportState): void;
}

export type ImportLog = (level: "notice" | "warning", message: string) => void;

export class UploadTask {
  readonly #observers = new Set<(progress: ChunkProgress) => void>();
  readonly #abort = new AbortController();
  #progress: ChunkProgress | undefined;
  #state: ImportState | undefined;
  #stopped = false;
  // A failed write leaves the previous whole state; the next chunk's write tries again.
  readonly #writer: LatestStateWriter;
  /** Settles when the upload ends; never rejects unobserved. */
  readonly result: Promise<ImportResult>;
  finished = false;

  constructor(
    readonly stateFile: string,
    readonly source: string,
    transfer: (hooks: TransferHooks) => Promise<ImportResult>,
  ) {
    this.#writer = new LatestStateWriter(stateFile, () => {});
    const settled = transfer({
      signal: this.#abort.signal,
      onProgress: (progress) => {
        this.#progress = progress;
        for (const observer of this.#observers) observer(progress);
      },
      onState: (state) => {
        this.#state = state;
        this.#writer.save(state);
      },
    });
    // The upload is over only once its last state is on disk: whoever reads the file next
    // (a resume, a restarted server) sees every chunk that was acknowledged.
    this.result = settled.then(
      async (value) => {
        await this.#writer.settled();
        return value;
      },
      async (error: unknown) => {
        await this.#writer.settled();
        throw error;
      },
    );
    this.result.catch(() => {});
  }

  get progress(): ChunkProgress | undefined {
    return this.#progress;
  }

  /** The last state saved: what a resume would start from. */
  get state(): ImportState | undefined {
    return this.#state;
  }

  get followed(): boolean {
    return this.#observers.size > 0;
  }

  /** Calls `observer` with every chunk acknowledged from now on; returns how to stop. */
  follow(observer: (progress: ChunkProgress) => void): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /** Stops the upload; chunks acknowledged so far stay recorded in the state file. */
  stop(reason?: unknown): void {
    this.#stopped = true;
    this.#abort.abort(reason);
  }

  get stopped(): boolean {
    return this.#stopped;
  }
}

export class ImportRegistry {
  readonly #tasks = new Map<string, UploadTask>();

  constructor(private readonly log: ImportLog) {}

  /**
   * The upload of this state file that is running, or finished and not yet handed over. One that
   * was stopped is let finish first (it settles at once), so its last state is on disk before
   * anything else reads or writes the file.
   */
  async find(stateFile: string): Promise<UploadTask | undefined> {
    const task = this.#tasks.get(stateFile);
    if (task?.stopped && !task.finished) await task.result.catch(() => {});
    return this.#tasks.get(stateFile);
  }

  start(stateFile: string, source: string, transfer: (hooks: TransferHooks) => Promise<ImportResult>): UploadTask {
    // The same lock `platform models import` takes: the command line and this server never
    // upload one import at the same time.
    const lock = takeLock(stateFile);
    const task = new UploadTask(stateFile, source, transfer);
    this.#tasks.set(stateFile, task);
    // What the upload leaves for the next call is written before the lock goes, and a write that
    // fails (a full disk, a folder removed) is logged: it must not end the server and every
    // upload in it.
    void task.result
      .then(
        (result) => {
          task.finished = true;
          // Nobody follows it: the job's id goes into the state file, where the next call (or the
          // next server) finds it.
          if (task.followed) return;
          writeSavedImport(stateFile, {
            state: result.state,
            job: { dockStatusId: result.job.dockStatusId, status: result.job.status, ...(result.modelId ? { modelId: result.modelId } : {}) },
          });
          this.log("notice", `the upload of ${source} finished; job ${result.job.dockStatusId}. resume_model_import with stateFile ${stateFile} hands it over`);
        },
        (error: unknown) => {
          this.#tasks.delete(stateFile);
          if (!task.followed) this.log("warning", `the upload of ${source} stopped: ${error instanceof Error ? error.message : String(error)}. resume_model_import with stateFile ${stateFile} continues it`);
          // What arrived is in the error's state: the last word on what a resume must still send.
          if (error instanceof ImportError && error.state) writeSavedImport(stateFile, { state: error.state as ImportState });
        },
      )
      .catch((error: unknown) => this.log("warning", `the state of ${source} could not be written to ${stateFile}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => lock.release());
    return task;
  }

  /** A finished upload handed to a call: it leaves the registry, and its state file goes. */
  handOver(task: UploadTask): void {
    if (this.#tasks.get(task.stateFile) === task) this.#tasks.delete(task.stateFile);
    removeSavedImport(task.stateFile);
  }

  /** Stops every upload (the server is closing); resolves once their state files hold their last state. */
  async stopAll(): Promise<void> {
    const stopping = [...this.#tasks.values()].filter((task) => !task.finished);
    for (const task of stopping) task.stop();
    await Promise.all(stopping.map((task) => task.result.catch(() => {})));
  }
}

function takeLock(stateFile: string) {
  try {
    return lockStateFile(stateFile);
  } catch (error) {
    if (!(error instanceof SavedImportError)) throw error;
    const why = error.holder ? `is in use by another import (process ${error.holder.pid} on ${error.holder.host}, since ${error.holder.since}); let it finish, or stop it first` : `cannot be locked (${error.code ?? error.reason})`;
    throw new ValidationError([{ field: "stateFile", rule: "locked", message: `stateFile ${why}` }]);
  }
}
