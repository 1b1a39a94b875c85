// Tools: import (from uploaded file ids or local files), import into an existing tool, export
// and its download, deploy and undeploy.
import type { components } from "../../generated/platform.js";
import { exportDownloader } from "../http/export-download.js";
import { checkOptions, checkRequestObject, JOB_OPTION_KEYS, type JobOptions, signalOf } from "../call-options.js";
import { loadFileUpload } from "../lazy-modules.js";
import { optionKeys } from "../../kernel/option-check.js";
import { startJob } from "../jobs/start-job.js";
import { waitOptionsFrom } from "../jobs/wait-options.js";
import type { Job } from "../normalize/jobs.js";
import type { PlatformApi } from "../request/platform-api.js";
import type { FileInput } from "../uploads/file-input.js";
import type { SourceOpener } from "../uploads/source-opener.js";

export type ImportToolRequest = components["schemas"]["ImportToolRequest"];
export type ImportIntoToolRequest = components["schemas"]["ImportIntoToolRequest"];

/** `Path` is what the entry accepts besides a Blob or stream: a file path (`string`) on the Node entry. */
export interface ImportToolFromFiles<Path = never> extends JobOptions {
  toolName: string;
  toolData: FileInput<Path>;
  flowData: FileInput<Path>;
  envVariables?: FileInput<Path> | undefined;
}

/** The three files of an import into an existing tool, uploaded first; all three are required. */
export interface ImportIntoToolFromFiles<Path = never> {
  toolData: FileInput<Path>;
  flowData: FileInput<Path>;
  envVariables: FileInput<Path>;
}

export interface ExportToolOptions extends JobOptions {
  /** The deployed call flow's id (`callflowId` in the document), sent as `flowId`. */
  flowId: string;
}

export interface DeployToolOptions extends JobOptions {
  /** False deploys synchronously: the job comes back finished. */
  isAsync: boolean;
}

const FROM_FILES_KEYS = optionKeys<ImportToolFromFiles>({ toolName: true, toolData: true, flowData: true, envVariables: true, wait: true, signal: true });
const EXPORT_KEYS = optionKeys<ExportToolOptions>({ flowId: true, wait: true, signal: true });
const DEPLOY_KEYS = optionKeys<DeployToolOptions>({ isAsync: true, wait: true, signal: true });
const FILE_ID_KEYS = ["toolDataFileId", "flowDataFileId", "envVariablesFileId"];
const FILE_KEYS = ["toolData", "flowData", "envVariables"];

function isFromFiles<Path>(files: ImportIntoToolRequest | ImportIntoToolFromFiles<Path>): files is ImportIntoToolFromFiles<Path> {
  return typeof files === "object" && files !== null && FILE_KEYS.some((key) => key in files);
}

export function toolsApi<Path>(platform: PlatformApi, sources: SourceOpener, downloadFetch: typeof fetch) {
  const { api } = platform;

  return {
    /** Imports a new tool from file ids returned by Upload File. */
    import(request: ImportToolRequest, options?: JobOptions): Promise<Job> {
      const checked = checkOptions(options, JOB_OPTION_KEYS, "importTool");
      return startJob(platform, checked, () => api.POST("/api/public/tools/import", { body: request, ...signalOf(checked.signal) }));
    },

    /** Uploads the tool's files (two or three), imports the tool, and waits for the job if asked. */
    async importFromFiles(request: ImportToolFromFiles<Path>): Promise<Job> {
      checkRequestObject(request, FROM_FILES_KEYS, "request", "importTool");
      const { toolName, signal, wait } = request;
      // The import's own body and the wait are checked before a file is uploaded: a bad name or
      // wait option sends nothing.
      await platform.precheck("importTool", { body: { toolName, toolDataFileId: "pending", flowDataFileId: "pending" } });
      const checked = checkOptions({ ...(signal ? { signal } : {}), ...(wait !== undefined ? { wait } : {}) }, JOB_OPTION_KEYS, "importTool");
      waitOptionsFrom(checked.wait);
      const fileIds = await (await loadFileUpload()).uploadToolFiles(platform, sources, request, ["toolData", "flowData"], signal);
      return startJob(platform, checked, () => api.POST("/api/public/tools/import", { body: { toolName, ...fileIds }, ...signalOf(checked.signal) }));
    },

    /**
     * Imports new files into an existing tool: by the ids Upload File returned, or from local
     * files, which are uploaded first (every one checked before the first is sent).
     */
    async importInto(toolId: string, files: ImportIntoToolRequest | ImportIntoToolFromFiles<Path>, options?: JobOptions): Promise<Job> {
      const checked = checkOptions(options, JOB_OPTION_KEYS, "importIntoTool");
      const fromFiles = isFromFiles(files);
      checkRequestObject(files, fromFiles ? FILE_KEYS : FILE_ID_KEYS, "files", "importIntoTool");
      // The path and the wait are checked before any file is uploaded: a bad tool id or wait option
      // must not orphan three files.
      await platform.precheck("importIntoTool", { path: { toolId } });
      waitOptionsFrom(checked.wait);
      const body: ImportIntoToolRequest = fromFiles ? await (await loadFileUpload()).uploadFilesForImportInto(platform, sources, files, checked.signal) : files;
      return startJob(platform, checked, () => api.POST("/api/public/tools/{toolId}/import", { params: { path: { toolId } }, body, ...signalOf(checked.signal) }));
    },

    export(toolId: string, options: ExportToolOptions): Promise<Job> {
      const checked = checkOptions(options, EXPORT_KEYS, "exportTool");
      return startJob(platform, checked, () => api.POST("/api/public/tools/{toolId}/export", { params: { path: { toolId }, query: { flowId: checked.flowId } }, ...signalOf(checked.signal) }));
    },

    /** The exported file, streamed; no platform credential is sent to the download address. */
    downloadExport: exportDownloader("downloadToolExport", downloadFetch, platform.redactor),

    deploy(toolId: string, options: DeployToolOptions): Promise<Job> {
      const checked = checkOptions(options, DEPLOY_KEYS, "deployTool");
      return startJob(platform, checked, () => api.POST("/api/public/tools/{toolId}/deploy", { params: { path: { toolId } }, body: { isAsync: checked.isAsync }, ...signalOf(checked.signal) }));
    },

    undeploy(toolId: string, options?: JobOptions): Promise<Job> {
      const checked = checkOptions(options, JOB_OPTION_KEYS, "undeployTool");
      return startJob(platform, checked, () => api.POST("/api/public/tools/{toolId}/undeploy", { params: { path: { toolId } }, ...signalOf(checked.signal) }));
    },
  };
}
