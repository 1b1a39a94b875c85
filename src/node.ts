// The Node-only entry: the same client over node:http, where every upload also takes a file
// path. The path becomes a lazy file-backed Blob, so a large model is read chunk by chunk.
import { fileSource } from "./node/file-source.js";
import { httpSender } from "./node/http-sender.js";
import { createPlatformClient as createPortableClient } from "./wrappers/client.js";
import type { CoreInternals } from "./wrappers/core.js";
import type { FileInput, UploadFileRequest } from "./wrappers/resources/files.js";
import type { ImportModelOptions, ResumeImportOptions } from "./wrappers/resources/model-import.js";
import type { PlatformClientOptions } from "./wrappers/options.js";
import type { ImportToolFromFiles } from "./wrappers/resources/tools.js";
import type { UploadAttachment } from "./wrappers/resources/attachments.js";
import type { ImportState } from "./wrappers/uploads/chunked-upload.js";

export * from "./index.js";
export { fileSource, type FileSource } from "./node/file-source.js";

export type WithPath<T extends { source: unknown }> = Omit<T, "source" | "fileName"> & { source: T["source"] | string; fileName?: string };
export type WithPathAndExtension<T extends { source: unknown; fileName: string; fileExtension?: string }> = Omit<T, "source" | "fileName" | "fileExtension"> & {
  source: T["source"] | string;
  fileName?: string;
  fileExtension?: string;
};

async function fromPath<T extends { source: unknown; fileName?: string; fileExtension?: string }>(input: T) {
  if (typeof input.source !== "string") return input;
  const file = await fileSource(input.source);
  // A path with no extension leaves it to the file name the caller gave (importModel reads it there).
  const fileExtension = input.fileExtension ?? (file.fileExtension || undefined);
  return { ...input, source: file.source, fileName: input.fileName ?? file.fileName, ...(fileExtension ? { fileExtension } : {}) };
}

// One sender for every client of the process, as fetch has one connection pool.
let sender: ReturnType<typeof httpSender> | undefined;

export function createPlatformClient(options: PlatformClientOptions, internals?: CoreInternals) {
  // Calls go out through node:http unless the caller brought a fetch of their own.
  const client = createPortableClient(options, { sender: (sender ??= httpSender()), ...internals });
  const uploadFile = async (request: WithPath<UploadFileRequest>) => client.files.upload((await fromPath(request)) as UploadFileRequest);
  const pathInput = async (input: WithPath<FileInput>) => (await fromPath(input)) as FileInput;
  return {
    ...client,
    importModel: async (request: WithPathAndExtension<ImportModelOptions>) => client.importModel((await fromPath(request)) as ImportModelOptions),
    resumeImport: async (state: ImportState, request: Omit<ResumeImportOptions, "source"> & { source: ResumeImportOptions["source"] | string }) =>
      client.resumeImport(state, (await fromPath(request)) as ResumeImportOptions),
    uploadFile,
    files: { ...client.files, upload: uploadFile },
    attachments: {
      ...client.attachments,
      upload: async (appId: string, envName: string, request: Omit<UploadAttachment, "file"> & { file: Blob | string }) => {
        if (typeof request.file !== "string") return client.attachments.upload(appId, envName, request as UploadAttachment);
        const file = await fileSource(request.file);
        return client.attachments.upload(appId, envName, { ...request, file: file.source, fileName: request.fileName ?? file.fileName });
      },
    },
    tools: {
      ...client.tools,
      importFromFiles: async (request: Omit<ImportToolFromFiles, "toolData" | "flowData" | "envVariables"> & {
        toolData: WithPath<FileInput>;
        flowData: WithPath<FileInput>;
        envVariables?: WithPath<FileInput>;
      }) => {
        const { envVariables, ...rest } = request;
        return client.tools.importFromFiles({
          ...rest,
          toolData: await pathInput(request.toolData),
          flowData: await pathInput(request.flowData),
          ...(envVariables ? { envVariables: await pathInput(envVariables) } : {}),
        });
      },
    },
  };
}

export type NodePlatformClient = ReturnType<typeof createPlatformClient>;
