// Models: import in numbered chunks (and its resume), deploy, undeploy, export and the export's
// download. Every long-running call answers with a job; `wait` polls it to the end.
import type { components, operations } from "../../generated/platform.js";
import { exportDownloader } from "../http/export-download.js";
import { optionKeys } from "../internal/option-check.js";
import { callOptions, JOB_OPTION_KEYS, startJob, type JobOptions } from "../jobs/start-job.js";
import type { Job } from "../normalize/jobs.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { ChunkedUploadOptions, ImportState, ResumeOptions } from "../uploads/chunked-upload.js";
import { loadLongRunning } from "../internal/load-long-running.js";
import { checkRequestKeys } from "./files.js";

export type DeployModelRequest = components["schemas"]["DeployModelRequest"];
export type ModelType = operations["deployModel"]["parameters"]["query"]["modelType"];

export interface DeployModelOptions extends JobOptions {
  modelType: ModelType;
}

export interface ImportModelOptions extends Omit<ChunkedUploadOptions, "fileContext" | "signal" | "fileExtension" | "fileName">, JobOptions {
  /** Required unless `source` is a File with a name. */
  fileName?: string;
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

const TRANSFER_KEYS = { concurrency: true, retries: true, retryDelayMs: true, onProgress: true, onState: true, signal: true, expiryMarginMs: true, now: true, wait: true } as const;
export const IMPORT_MODEL_KEYS = optionKeys<ImportModelOptions>({ ...TRANSFER_KEYS, source: true, fileName: true, fileExtension: true, isAdapter: true, chunkSize: true });
export const RESUME_IMPORT_KEYS = optionKeys<ResumeImportOptions>({ ...TRANSFER_KEYS, source: true });
const DEPLOY_KEYS = optionKeys<DeployModelOptions>({ modelType: true, wait: true, signal: true });

export function modelsApi(platform: PlatformApi, downloadFetch: typeof fetch) {
  const { api } = platform;
  return {
    /** Imports a model file in numbered chunks through a session; a failure part-way leaves ImportError.state to resume. */
    async import(options: ImportModelOptions): Promise<ImportResult> {
      checkRequestKeys(options, IMPORT_MODEL_KEYS, "options", "startImportSession");
      return (await loadLongRunning()).importModel(platform, options);
    },

    /** Continues an import from its state (ImportError.state or onState), sending only the chunks missing. */
    async resumeImport(state: ImportState, options: ResumeImportOptions): Promise<ImportResult> {
      checkRequestKeys(options, RESUME_IMPORT_KEYS, "options", "uploadImportChunk");
      return (await loadLongRunning()).resumeImport(platform, state, options);
    },

    /** The client sends the field table's spelling `isDeployedPreviously` (discrepancy is-deployed-previously-spelling). */
    deploy(modelId: string, settings: DeployModelRequest, options: DeployModelOptions): Promise<Job> {
      const checked = callOptions(options, DEPLOY_KEYS, "deployModel");
      return startJob(platform, checked, () =>
        api.POST("/api/public/models/{modelId}/deploy", { params: { path: { modelId }, query: { modelType: checked.modelType } }, body: settings, signal: checked.signal }),
      );
    },

    undeploy(modelId: string, options?: JobOptions): Promise<Job> {
      const checked = callOptions(options, JOB_OPTION_KEYS, "undeployModel");
      return startJob(platform, checked, () => api.POST("/api/public/models/{modelId}/undeploy", { params: { path: { modelId } }, signal: checked.signal }));
    },

    /** Starts an export; with `wait`, the finished job carries `downloadUrl` for downloadExport. */
    export(modelId: string, options?: JobOptions): Promise<Job> {
      const checked = callOptions(options, JOB_OPTION_KEYS, "exportModel");
      return startJob(platform, checked, () => api.POST("/api/public/models/{modelId}/export", { params: { path: { modelId } }, signal: checked.signal }));
    },

    /** The exported file, streamed; no platform credential is sent to the download address. */
    downloadExport: exportDownloader("downloadModelExport", downloadFetch, platform.redactor),
  };
}
