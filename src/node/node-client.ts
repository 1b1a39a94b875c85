// The Node entry's client: the portable client over Node's own HTTP stack, with a file path
// accepted wherever an upload takes a source (./path-inputs.ts opens it). Tests build it with
// their own seams.
import { buildPlatformClient, type ClientWiring } from "../wrappers/client.js";
import type { PlatformClientOptions } from "../wrappers/options.js";
import type { UploadAttachment } from "../wrappers/resources/attachments.js";
import type { ImportModelOptions, ResumeImportOptions } from "../wrappers/resources/models.js";
import type { ResumeUploadOptions, UploadFileRequest } from "../wrappers/resources/files.js";
import type { ImportIntoToolFromFiles, ImportToolFromFiles } from "../wrappers/resources/tools.js";
import type { FileInput } from "../wrappers/uploads/file-input.js";
import { fetch as undiciFetch, type Dispatcher } from "undici";
import type { ValidationIssue } from "../kernel/errors.js";
import { createDispatcher, dispatcherOf } from "./dispatcher.js";
import { inspectNetworkOptions, type NetworkOptions } from "./network-options.js";
import { nodeSender } from "./node-sender.js";
import { pathOpener } from "./path-inputs.js";

export type FileInputWithPath = FileInput<string>;
export type NodeImportModelOptions = ImportModelOptions<string>;
export type NodeResumeImportOptions = ResumeImportOptions<string>;
export type NodeUploadFileRequest = UploadFileRequest<string>;
export type NodeResumeUploadOptions = ResumeUploadOptions<string>;
export type NodeUploadAttachment = UploadAttachment<string>;
export type NodeImportToolFromFiles = ImportToolFromFiles<string>;
export type NodeImportIntoToolFromFiles = ImportIntoToolFromFiles<string>;

/** The Node client's options: the portable client's, and how it reaches the network. */
export interface NodePlatformClientOptions extends PlatformClientOptions, NetworkOptions {}

const NETWORK_OPTION_KEYS = [
  "dispatcher", "proxy", "tls", "proxyTls", "keepAliveTimeoutMs", "connections", "connectTimeoutMs",
] as const satisfies ReadonlyArray<keyof NetworkOptions>;

// One pool for every client of the process that sets no networking option of its own, as
// fetch has one; a client with its own TLS, proxy or limits gets its own.
let shared: Dispatcher | undefined;

function withoutNetworkOptions(options: NodePlatformClientOptions): PlatformClientOptions {
  const portable: Record<string, unknown> = { ...options };
  for (const key of NETWORK_OPTION_KEYS) delete portable[key];
  return portable as PlatformClientOptions;
}

/** The dispatcher of the networking options, or what is wrong with them (named with the client's own issues). */
function dispatcherFor(options: NodePlatformClientOptions): { dispatcher?: Dispatcher; issues: ValidationIssue[] } {
  const network: NetworkOptions = {};
  let own = false;
  for (const key of NETWORK_OPTION_KEYS) {
    if (options?.[key] === undefined) continue;
    (network as Record<string, unknown>)[key] = options[key];
    own = true;
  }
  if (!own) {
    shared ??= createDispatcher();
    return { dispatcher: shared, issues: [] };
  }
  const { checked, issues } = inspectNetworkOptions(network);
  return checked ? { dispatcher: dispatcherOf(checked), issues } : { issues };
}

export function buildNodePlatformClient(options: NodePlatformClientOptions, wiring: ClientWiring = {}) {
  const isObject = options !== null && typeof options === "object";
  const { dispatcher, issues } = isObject ? dispatcherFor(options) : { issues: [] };
  const portable = isObject ? withoutNetworkOptions(options) : options;
  // Calls go out over undici unless the caller brought a fetch of their own; so do downloads,
  // through the same pool, proxy and TLS settings. A misspelled networking option is still
  // named with the one it resembles (extraOptionKeys), and a wrong one in the same error as the
  // client's own (extraOptionIssues).
  const download = dispatcher && (((url: string, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher })) as unknown as typeof fetch);
  return buildPlatformClient<string>(portable, {
    ...(dispatcher ? { sender: nodeSender(dispatcher), downloadFetch: download } : {}),
    extraOptionKeys: NETWORK_OPTION_KEYS,
    extraOptionIssues: issues,
    sources: pathOpener,
    ...wiring,
  });
}

/** The Node entry's client: the portable one, with a file path accepted wherever an upload takes a source. */
export interface NodePlatformClient extends ReturnType<typeof buildNodePlatformClient> {}
