// Model import: start a session, upload numbered chunks, complete, and wait for the import job.
// A failure part-way leaves a resumable state (ImportError.state) that resumeImport finishes.
import type { ChunkedUploadOptions, ImportState, ResumeOptions } from "../uploads/chunked-upload.js";
import type { Core } from "../core.js";
import { uploadEngine } from "./files.js";
import type { JobOptions } from "../jobs/start-job.js";
import type { Job } from "../normalize/records.js";

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
  return {
    async importModel(options: ImportModelOptions): Promise<ImportResult> {
      return (await uploadEngine()).importModel(core, options);
    },
    async resumeImport(state: ImportState, options: ResumeImportOptions): Promise<ImportResult> {
      return (await uploadEngine()).resumeImport(core, state, options);
    },
  };
}
