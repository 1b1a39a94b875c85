// Tools: import (from uploaded files), export and its download, deploy and undeploy.
import type { components } from "../../generated/platform.js";
import type { Core } from "../core.js";
import { APIError, ValidationError } from "../errors.js";
import { uploadEngine, type FileInput, type FilesApi } from "./files.js";
import { startJob, type JobOptions, type RequestOptions } from "../jobs/start-job.js";
import type { Job } from "../normalize/records.js";

export type ImportToolRequest = components["schemas"]["ImportToolRequest"];

export interface ImportToolFromFiles extends JobOptions {
  toolName: string;
  toolData: FileInput;
  flowData: FileInput;
  envVariables?: FileInput;
}

export interface ExportToolOptions extends JobOptions {
  /** The deployed call flow's id (`callflowId` in the document), sent as `flowId`. */
  flowId: string;
}

export interface DownloadOptions extends RequestOptions {
  /** Defaults to the global fetch: the platform client's transport (and credentials) are not used. */
  fetch?: typeof fetch;
}

export function toolsApi(core: Core, files: FilesApi) {
  return {
    /** Imports a tool from file ids returned by Upload File. */
    import(request: ImportToolRequest, options: JobOptions = {}): Promise<Job> {
      return startJob(core, "importTool", { body: request }, options);
    },

    /** Uploads the tool's files (two or three), imports the tool, and waits for the job if asked. */
    async importFromFiles(request: ImportToolFromFiles): Promise<Job> {
      const fileIds = await (await uploadEngine()).uploadToolFiles(core, files, request);
      return this.import({ toolName: request.toolName, ...fileIds }, { signal: request.signal, wait: request.wait });
    },

    export(toolId: string, options: ExportToolOptions): Promise<Job> {
      return startJob(core, "exportTool", { path: { toolId }, query: { flowId: options?.flowId } }, options);
    },

    /**
     * Fetches an export's file from its download address. The address is not a platform
     * operation, so no platform credential is sent with it.
     */
    async downloadExport(jobOrUrl: Job | string, options: DownloadOptions = {}): Promise<Response> {
      const url = typeof jobOrUrl === "string" ? jobOrUrl.trim() : jobOrUrl.downloadUrl;
      if (!url || !/^https?:\/\//i.test(url)) {
        throw new ValidationError([{ field: "downloadUrl", rule: "required", message: "downloadUrl is required: wait for the export job to finish first" }]);
      }
      const response = await (options.fetch ?? globalThis.fetch)(url, { signal: options.signal ?? null, credentials: "omit" });
      if (!response.ok) throw new APIError({ status: response.status, body: await response.text().catch(() => undefined), operationId: "downloadExport" });
      return response;
    },

    deploy(toolId: string, options: JobOptions & { isAsync: boolean }): Promise<Job> {
      return startJob(core, "deployTool", { path: { toolId }, body: { isAsync: options?.isAsync } }, options);
    },

    undeploy(toolId: string, options: JobOptions = {}): Promise<Job> {
      return startJob(core, "undeployTool", { path: { toolId } }, options);
    },
  };
}
