// Model import: a session, the numbered chunks, the completion, then the job if asked; and the
// resume of an import from its saved state. Loaded on the first import (../lazy-modules.ts).
import { ValidationError } from "../../kernel/errors.js";
import type { JobOptions } from "../call-options.js";
import { waitIfAsked } from "../jobs/start-job.js";
import { waitOptionsFrom } from "../jobs/wait-options.js";
import type { WaitOptions } from "../jobs/wait-options.js";
import { normalizeJob, type Job } from "../normalize/jobs.js";
import type { PlatformApi } from "../request/platform-api.js";
import { resumeChunkedUpload, runChunkedUpload, type ChunkedUploadOptions, type ImportState, type ResumeChunkedUploadOptions } from "./chunked-upload.js";
import { extensionOf, fileNameOf } from "./file-input.js";
import { sessionUploadDeps } from "./session-requests.js";
import type { Opened } from "./source-opener.js";
import type { UploadSource } from "./upload-source.js";

/** `Path` is what the entry accepts besides a Blob or stream: a file path (`string`) on the Node entry. */
export interface ImportModelOptions<Path = never> extends Omit<ChunkedUploadOptions, "source" | "fileContext" | "signal" | "fileExtension" | "fileName">, JobOptions {
  source: UploadSource | Path;
  /** Required unless `source` is a File with a name (or a path, on the Node entry). */
  fileName?: string | undefined;
  /** Defaults to the extension of `fileName` (`model.tar` → `tar`). */
  fileExtension?: string | undefined;
}

export interface ResumeImportOptions<Path = never> extends Omit<ResumeChunkedUploadOptions, "source" | "signal">, JobOptions {
  /** The same bytes as the first run, from the start. */
  source: UploadSource | Path;
}

export interface ImportResult {
  /** The import job (waited for when `wait` was given). */
  job: Job;
  modelId: string | undefined;
  sessionId: string;
  state: ImportState;
}

export async function importModel(platform: PlatformApi, options: Opened<ImportModelOptions>): Promise<ImportResult> {
  const { wait, ...upload } = options;
  // The waiter's options are checked before a byte is sent.
  const waitOptions = waitOptionsFrom(wait);
  const fileName = fileNameOf(upload);
  const fileExtension = upload.fileExtension ?? extensionOf(fileName);
  const { state, completion } = await runChunkedUpload(sessionUploadDeps(platform), { ...upload, fileName, fileExtension, fileContext: "model" });
  return finishImport(platform, completion, state, waitOptions, options.signal);
}

export async function resumeImport(platform: PlatformApi, state: ImportState, options: Opened<ResumeImportOptions>): Promise<ImportResult> {
  // A file's upload completes to a file id, not a job: its own resume says so.
  if (typeof state === "object" && state !== null && typeof state.fileContext === "string" && state.fileContext !== "model") {
    throw new ValidationError(
      [{ field: "state.fileContext", rule: "modelImport", message: `state.fileContext is ${state.fileContext}: this state is a file upload's, which files.resumeUpload continues to its file id` }],
      "uploadImportChunk",
    );
  }
  const { wait, ...upload } = options;
  const waitOptions = waitOptionsFrom(wait);
  const result = await resumeChunkedUpload(sessionUploadDeps(platform), state, upload);
  return finishImport(platform, result.completion, result.state, waitOptions, options.signal);
}

async function finishImport(
  platform: PlatformApi,
  completion: unknown,
  state: ImportState,
  wait: WaitOptions | undefined,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const job = await waitIfAsked(platform, normalizeJob(completion), wait, signal);
  return { job, modelId: job.modelId ?? state.modelId, sessionId: state.sessionId, state };
}
