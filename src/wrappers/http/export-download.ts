// The `downloadExport` of the models and tools namespaces: the exported file, streamed from the
// address its finished job gives, with no platform credential sent there.
import type { Redactor } from "../internal/redactor.js";
import { callOptions } from "../jobs/start-job.js";
import { optionKeys } from "../internal/option-check.js";
import type { Job } from "../normalize/jobs.js";
import type { DownloadOptions } from "./download.js";

const DOWNLOAD_KEYS = optionKeys<DownloadOptions>({ fetch: true, signal: true });

export function exportDownloader(operationId: string, defaultFetch: typeof fetch, redactor: Redactor) {
  return async (jobOrUrl: Job | string, options?: DownloadOptions): Promise<Response> => {
    const checked = callOptions(options, DOWNLOAD_KEYS, operationId);
    // Most programs never download: its code loads on the first download.
    const { download, downloadAddress } = await import("./download.js");
    return download(downloadAddress(jobOrUrl, operationId), operationId, checked, defaultFetch, redactor);
  };
}
