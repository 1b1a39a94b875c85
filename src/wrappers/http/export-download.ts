// The `downloadExport` of the models and tools namespaces: the exported file, streamed from the
// address its finished job gives, with no platform credential sent there.
import type { Redactor } from "../../kernel/redactor.js";
import { checkOptions } from "../call-options.js";
import { optionKeys } from "../../kernel/option-check.js";
import type { Job } from "../normalize/jobs.js";
import { download, downloadAddress, type DownloadOptions } from "./download.js";

const DOWNLOAD_KEYS = optionKeys<DownloadOptions>({ fetch: true, signal: true });

export function exportDownloader(operationId: string, defaultFetch: typeof fetch, redactor: Redactor) {
  return async (jobOrUrl: Job | string, options?: DownloadOptions): Promise<Response> => {
    const checked = checkOptions(options, DOWNLOAD_KEYS, operationId);
    return download(downloadAddress(jobOrUrl, operationId), operationId, checked, defaultFetch, redactor);
  };
}
