// The Node entry's client: the portable client over Node's own HTTP stack, with a file path
// accepted wherever an upload takes a source. Tests build it with their own seams.
import { buildPlatformClient, type ClientWiring } from "../wrappers/client.js";
import type { PlatformClientOptions } from "../wrappers/options.js";
import type { UploadAttachment } from "../wrappers/resources/attachments.js";
import type { UploadFileRequest } from "../wrappers/resources/files.js";
import type { ImportModelOptions, ResumeImportOptions } from "../wrappers/resources/models.js";
import type { ImportIntoToolFromFiles, ImportIntoToolRequest, ImportToolFromFiles } from "../wrappers/resources/tools.js";
import type { JobOptions } from "../wrappers/jobs/start-job.js";
import type { ImportState } from "../wrappers/uploads/chunked-upload.js";
import type { FileInput } from "../wrappers/uploads/file-input.js";
import { fetch as undiciFetch, type Dispatcher } from "undici";
import { createDispatcher } from "./dispatcher.js";
import type { NetworkOptions } from "./network-options.js";
import { nodeSender } from "./node-sender.js";
import { openFile, openPath, type WithPath } from "./path-inputs.js";

export type FileInputWithPath = WithPath<FileInput>;
export type NodeImportModelOptions = WithPath<ImportModelOptions>;
export type NodeResumeImportOptions = WithPath<ResumeImportOptions>;
export type NodeUploadFileRequest = WithPath<UploadFileRequest>;
export type NodeUploadAttachment = Omit<UploadAttachment, "file"> & { file: Blob | Uint8Array | string };
export type NodeImportToolFromFiles = Omit<ImportToolFromFiles, "toolData" | "flowData" | "envVariables"> & { toolData: FileInputWithPath; flowData: FileInputWithPath; envVariables?: FileInputWithPath };
export type NodeImportIntoToolFromFiles = { toolData: FileInputWithPath; flowData: FileInputWithPath; envVariables: FileInputWithPath };

/** The Node client's options: the portable client's, and how it reaches the network. */
export interface NodePlatformClientOptions extends PlatformClientOptions, NetworkOptions {}

const NETWORK_OPTION_KEYS = ["dispatcher", "proxy", "tls", "proxyTls", "keepAliveTimeoutMs", "connections", "connectTimeoutMs"] as const satisfies ReadonlyArray<keyof NetworkOptions>;

// One pool for every client of the process that sets no networking option of its own, as
// fetch has one; a client with its own TLS, proxy or limits gets its own.
let shared: Dispatcher | undefined;

function withoutNetworkOptions(options: NodePlatformClientOptions): PlatformClientOptions {
  const portable: Record<string, unknown> = { ...options };
  for (const key of NETWORK_OPTION_KEYS) delete portable[key];
  return portable as PlatformClientOptions;
}

function dispatcherFor(options: NodePlatformClientOptions): Dispatcher {
  const network: NetworkOptions = {};
  let own = false;
  for (const key of NETWORK_OPTION_KEYS) {
    if (options?.[key] === undefined) continue;
    (network as Record<string, unknown>)[key] = options[key];
    own = true;
  }
  return own ? createDispatcher(network) : (shared ??= createDispatcher());
}

function isFromFiles(files: ImportIntoToolRequest | NodeImportIntoToolFromFiles): files is NodeImportIntoToolFromFiles {
  return typeof files === "object" && files !== null && ("toolData" in files || "flowData" in files || "envVariables" in files);
}

async function openInput(input: FileInputWithPath | undefined): Promise<FileInput | undefined> {
  return input === undefined ? undefined : openPath(input, ["fileName"]);
}

export function buildNodePlatformClient(options: NodePlatformClientOptions, wiring: ClientWiring = {}) {
  const isObject = options !== null && typeof options === "object";
  const dispatcher = isObject ? dispatcherFor(options) : undefined;
  const portable = isObject ? withoutNetworkOptions(options) : options;
  // Calls go out over undici unless the caller brought a fetch of their own; so do downloads,
  // through the same pool, proxy and TLS settings. A misspelled networking option is still
  // named with the one it resembles (extraOptionKeys).
  const download = dispatcher && (((url: string, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher })) as unknown as typeof fetch);
  const client = buildPlatformClient(portable, { ...(dispatcher ? { sender: nodeSender(dispatcher), downloadFetch: download } : {}), extraOptionKeys: NETWORK_OPTION_KEYS, ...wiring });
  const { models, files, attachments, tools } = client;
  const importModel = async (request: NodeImportModelOptions) => models.import(await openPath(request));
  // A resume takes the source alone (the state knows the rest), and Upload File takes no extension.
  const resumeImport = async (state: ImportState, request: NodeResumeImportOptions) => models.resumeImport(state, await openPath(request, []));
  const uploadFile = async (request: NodeUploadFileRequest) => files.upload(await openPath(request, ["fileName"]));
  return {
    ...client,
    models: { ...models, import: importModel, resumeImport },
    files: { ...files, upload: uploadFile },
    attachments: {
      ...attachments,
      upload: async (appId: string, envName: string, request: NodeUploadAttachment) => {
        const { file, fileName } = await openFile(request?.file);
        return attachments.upload(appId, envName, { ...request, file, ...(request?.fileName ?? fileName ? { fileName: request?.fileName ?? fileName } : {}) });
      },
    },
    tools: {
      ...tools,
      importFromFiles: async (request: NodeImportToolFromFiles) => {
        const { toolData, flowData, envVariables, ...rest } = request ?? {};
        const opened = await Promise.all([openInput(toolData), openInput(flowData), openInput(envVariables)]);
        // A missing file stays missing (`!` only tells the compiler): the portable client names it.
        return tools.importFromFiles({ ...rest, toolData: opened[0]!, flowData: opened[1]!, ...(opened[2] ? { envVariables: opened[2] } : {}) });
      },
      importInto: async (toolId: string, files: ImportIntoToolRequest | NodeImportIntoToolFromFiles, options?: JobOptions) => {
        if (!isFromFiles(files)) return tools.importInto(toolId, files, options);
        const opened = await Promise.all([openInput(files.toolData), openInput(files.flowData), openInput(files.envVariables)]);
        const fromFiles: ImportIntoToolFromFiles = { ...files, toolData: opened[0]!, flowData: opened[1]!, envVariables: opened[2]! };
        return tools.importInto(toolId, fromFiles, options);
      },
    },
    /** @deprecated Use `models.import`; this alias goes in the next minor version. */
    importModel,
    /** @deprecated Use `models.resumeImport`; this alias goes in the next minor version. */
    resumeImport,
    /** @deprecated Use `files.upload`; this alias goes in the next minor version. */
    uploadFile,
  };
}

/** The Node entry's client: the portable one, with a file path accepted wherever an upload takes a source. */
export interface NodePlatformClient extends ReturnType<typeof buildNodePlatformClient> {}
