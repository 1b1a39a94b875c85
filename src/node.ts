// The Node entry: the same client, sending over Node's own HTTP stack (./node/), where every
// upload also takes a file path. A path becomes a lazy file-backed Blob, read chunk by chunk.
import { buildNodePlatformClient, type NodePlatformClient, type NodePlatformClientOptions } from "./node/node-client.js";

export * from "./index.js";
export { fileSource, type FileSource } from "./node/file-source.js";
export type {
  FileInputWithPath,
  NodeImportModelOptions,
  NodeResumeImportOptions,
  NodeUploadFileRequest,
  NodeResumeUploadOptions,
  NodeUploadAttachment,
  NodeImportToolFromFiles,
  NodeImportIntoToolFromFiles,
  NodePlatformClient,
  NodePlatformClientOptions,
} from "./node/node-client.js";
export type { NetworkOptions, TlsOptions, Pem } from "./node/network-options.js";
// Drift reports (docs/guides/response-drift.md): on disk, merged, summarised, and for CI.
export { DriftReportLockError, readDriftReport, writeDriftReport, type WriteDriftReportOptions } from "./node/drift-report-file.js";
export { parseDriftReport } from "./drift/parse-report.js";
export { mergeDriftReports } from "./drift/merge.js";
export { summarizeDriftReport, hasDrift, SUMMARY_COLUMNS as DRIFT_SUMMARY_COLUMNS, type DriftSummary, type DriftSummaryRow } from "./drift/summary.js";
export { driftReportToSarif, type SarifOptions } from "./drift/sarif.js";
export { driftReportToJUnit } from "./drift/junit.js";

/** A client of the platform's management interface for Node: uploads also take file paths. */
export function createPlatformClient(options: NodePlatformClientOptions): NodePlatformClient {
  return buildNodePlatformClient(options);
}
