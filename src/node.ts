// The Node entry: the same client, sending over Node's own HTTP stack (./node/), where every
// upload also takes a file path. A path becomes a lazy file-backed Blob, read chunk by chunk.
import { buildNodePlatformClient, type NodePlatformClient } from "./node/node-client.js";
import type { PlatformClientOptions } from "./wrappers/options.js";

export * from "./index.js";
export { fileSource, type FileSource } from "./node/file-source.js";
export type { WithPath } from "./node/path-inputs.js";
export type {
  FileInputWithPath,
  NodeImportModelOptions,
  NodeResumeImportOptions,
  NodeUploadFileRequest,
  NodeUploadAttachment,
  NodeImportToolFromFiles,
  NodeImportIntoToolFromFiles,
  NodePlatformClient,
} from "./node/node-client.js";

/** A client of the platform's management interface for Node: uploads also take file paths. */
export function createPlatformClient(options: PlatformClientOptions): NodePlatformClient {
  return buildNodePlatformClient(options);
}
