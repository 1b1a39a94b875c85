// Model import: start a session, upload numbered chunks, complete, and wait for the import job.
// A failure part-way leaves a resumable state (ImportError.state) that resumeImport finishes.
import type { ChunkedUploadOptions, ImportState, ResumeOptions } from "./chunked-upload.js";
import type { Core } from "./core.js";
import { waitIfAsked, type JobOptions } from "./job-calls.js";
import { waitOptionsFrom, type WaitOptions } from "./jobs.js";
import { normalizeJob, type Job } from "./normalize.js";
import { extensionOf, uploadEngine } from "./files.js";
import { sessionUploadDeps } from "./session-upload.js";

export interface ImportModelOptions extends Omit<ChunkedUploadOptions, "fileContext" | "signal" | "fileExtension">, JobOptions {
  /** Defaults to the extension of `fileName` (`model.tar` → `tar`). */
  fileExtension?: string;
}

export interface ResumeImportOptions extends Omit<ResumeOptions, "signal">, JobOptions {}

export interface ImportResult {
  /** The import job (waited for when `wait` was given). */
  job: Job;
  modelId: string | undefined;
  sessionId: string;
  state: ImportState;
}

export function importsApi(core: Core) {
  async function finish(completion: unknown, state: ImportState, wait: WaitOptions | undefined, signal?: AbortSignal): Promise<ImportResult> {
    const job = await waitIfAsked(core, normalizeJob(completion), wait, signal);
    return { job, modelId: job.modelId ?? state.modelId, sessionId: state.sessionId, state };
  }

  return {
    async importModel(options: ImportModelOptions): Promise<ImportResult> {
      const { wait, ...upload } = options;
      const waitOptions = waitOptionsFrom(wait);
      const fileExtension = upload.fileExtension ?? extensionOf(upload.fileName);
      const { runChunkedUpload } = await uploadEngine();
      const { state, completion } = await runChunkedUpload(sessionUploadDeps(core), { ...upload, fileExtension, fileContext: "model" });
      return finish(completion, state, waitOptions, options.signal);
    },

    async resumeImport(state: ImportState, options: ResumeImportOptions): Promise<ImportResult> {
      const { wait, ...upload } = options;
      const waitOptions = waitOptionsFrom(wait);
      const { resumeChunkedUpload } = await uploadEngine();
      const result = await resumeChunkedUpload(sessionUploadDeps(core), state, upload);
      return finish(result.completion, result.state, waitOptions, options.signal);
    },
  };
}
