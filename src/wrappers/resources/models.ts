// Models: import in numbered chunks (and its resume), deploy, undeploy, export and the export's
// download. Every long-running call answers with a job; `wait` polls it to the end.
import type { components, operations } from "../../generated/platform.js";
import { exportDownloader } from "../http/export-download.js";
import { checkOptions, checkRequestObject, JOB_OPTION_KEYS, type JobOptions, signalOf } from "../call-options.js";
import { loadModelImport } from "../lazy-modules.js";
import { optionKeys } from "../../kernel/option-check.js";
import { startJob } from "../jobs/start-job.js";
import type { Job } from "../normalize/jobs.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { ImportState } from "../uploads/chunked-upload.js";
import type { ImportModelOptions, ImportResult, ResumeImportOptions } from "../uploads/model-import.js";
import type { SourceOpener } from "../uploads/source-opener.js";
import { TRANSFER_OPTION_KEYS } from "../uploads/transfer-option-keys.js";

export type { ImportModelOptions, ImportResult, ResumeImportOptions };
export type DeployModelRequest = components["schemas"]["DeployModelRequest"];
export type ModelType = operations["deployModel"]["parameters"]["query"]["modelType"];

export interface DeployModelOptions extends JobOptions {
  modelType: ModelType;
}

export const IMPORT_MODEL_KEYS = optionKeys<ImportModelOptions>({
  ...TRANSFER_OPTION_KEYS,
  wait: true,
  source: true,
  fileName: true,
  fileExtension: true,
  isAdapter: true,
  chunkSize: true,
});
export const RESUME_IMPORT_KEYS = optionKeys<ResumeImportOptions>({ ...TRANSFER_OPTION_KEYS, wait: true, source: true });
const DEPLOY_KEYS = optionKeys<DeployModelOptions>({ modelType: true, wait: true, signal: true });

export function modelsApi<Path>(platform: PlatformApi, sources: SourceOpener, downloadFetch: typeof fetch) {
  const { api } = platform;
  return {
    /** Imports a model file in numbered chunks through a session; a failure part-way leaves ImportError.state to resume. */
    async import(options: ImportModelOptions<Path>): Promise<ImportResult> {
      checkRequestObject(options, IMPORT_MODEL_KEYS, "options", "startImportSession");
      const opened = await sources.openInput(options, ["fileName", "fileExtension"]);
      return (await loadModelImport()).importModel(platform, opened);
    },

    /** Continues an import from its state (ImportError.state or onState), sending only the chunks missing. */
    async resumeImport(state: ImportState, options: ResumeImportOptions<Path>): Promise<ImportResult> {
      checkRequestObject(options, RESUME_IMPORT_KEYS, "options", "uploadImportChunk");
      // A resume takes the source alone: the state knows its name and extension.
      const opened = await sources.openInput(options, []);
      return (await loadModelImport()).resumeImport(platform, state, opened);
    },

    /** The client sends the field table's spelling `isDeployedPreviously` (discrepancy is-deployed-previously-spelling). */
    deploy(modelId: string, settings: DeployModelRequest, options: DeployModelOptions): Promise<Job> {
      const checked = checkOptions(options, DEPLOY_KEYS, "deployModel");
      return startJob(platform, checked, () =>
        api.POST("/api/public/models/{modelId}/deploy", { params: { path: { modelId }, query: { modelType: checked.modelType } }, body: settings, ...signalOf(checked.signal) }),
      );
    },

    undeploy(modelId: string, options?: JobOptions): Promise<Job> {
      const checked = checkOptions(options, JOB_OPTION_KEYS, "undeployModel");
      return startJob(platform, checked, () => api.POST("/api/public/models/{modelId}/undeploy", { params: { path: { modelId } }, ...signalOf(checked.signal) }));
    },

    /** Starts an export; with `wait`, the finished job carries `downloadUrl` for downloadExport. */
    export(modelId: string, options?: JobOptions): Promise<Job> {
      const checked = checkOptions(options, JOB_OPTION_KEYS, "exportModel");
      return startJob(platform, checked, () => api.POST("/api/public/models/{modelId}/export", { params: { path: { modelId } }, ...signalOf(checked.signal) }));
    },

    /** The exported file, streamed; no platform credential is sent to the download address. */
    downloadExport: exportDownloader("downloadModelExport", downloadFetch, platform.redactor),
  };
}
