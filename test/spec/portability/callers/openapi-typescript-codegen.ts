// Calls every operation through the services openapi-typescript-codegen generates with its
// default options (fetch client, static service classes, enums), from the 3.0 rendering.
// Compiled by the portability test next to the generated code (`../generated`), so it is left
// out of the repository's own typecheck. Its client is configured globally (`OpenAPI.BASE`,
// `OpenAPI.HEADERS`) and does not read `security`: the caller sets the header each operation
// names before the call, which is safe because the test makes one call at a time.
import type { CallInput, CallOutcome, CreateCalls } from "../call-contract.js";
import {
  ApiError,
  AttachmentsService,
  ChunksService,
  ConnectionsService,
  FilesService,
  GuardrailsService,
  JobsService,
  ModelImportService,
  ModelsService,
  OpenAPI,
  ToolsService,
  type CreateConnectionRequest,
  type DeleteAttachmentSession,
  type DeleteChunksRequest,
  type DeployModelRequest,
  type DeployToolRequest,
  type GuardrailRequest,
  type ImportIntoToolRequest,
  type ImportToolRequest,
  type ListChunksRequest,
  type ReplaceConnectionRequest,
  type StartImportSessionRequest,
  type UpdateChunkRequest,
  type UpdateConnectionRequest,
  type UploadAttachmentForm,
  type UploadChunkForm,
  type UploadFileForm,
} from "../generated/index";

const JSON_BODY = "application/json";
const FORM_BODY = "multipart/form-data";

export const createCalls: CreateCalls = ({ baseUrl }) => {
  OpenAPI.BASE = baseUrl;
  // A service call resolves with the body of a 2xx answer and throws ApiError for any other.
  const call = (input: CallInput, send: () => Promise<unknown>): Promise<CallOutcome> => {
    OpenAPI.HEADERS = { [input.credential.header]: input.credential.value };
    return send().then(
      (body) => ({ status: 200, body }),
      (error: unknown) => {
        if (error instanceof ApiError) return { status: error.status, body: error.body };
        throw error;
      },
    );
  };
  return {
    listConnections: (input) => call(input, () => ConnectionsService.listConnections()),
    createConnection: (input) => call(input, () => ConnectionsService.createConnection(input.bodies[JSON_BODY] as CreateConnectionRequest)),
    getConnection: (input) => call(input, () => ConnectionsService.getConnection(input.path.connectionId!)),
    replaceConnection: (input) =>
      call(input, () => ConnectionsService.replaceConnection(input.path.connectionId!, input.bodies[JSON_BODY] as ReplaceConnectionRequest)),
    updateConnection: (input) =>
      call(input, () => ConnectionsService.updateConnection(input.path.connectionId!, input.bodies[JSON_BODY] as UpdateConnectionRequest)),
    listChunks: (input) => call(input, () => ChunksService.listChunks(input.path.botId!, input.bodies[JSON_BODY] as ListChunksRequest)),
    updateChunk: (input) =>
      call(input, () => ChunksService.updateChunk(input.path.botId!, input.path.chunkId!, input.bodies[JSON_BODY] as UpdateChunkRequest)),
    deleteChunksById: (input) => call(input, () => ChunksService.deleteChunksById(input.path.botId!, input.bodies[JSON_BODY] as DeleteChunksRequest)),
    startImportSession: (input) => call(input, () => ModelImportService.startImportSession(input.bodies[JSON_BODY] as StartImportSessionRequest)),
    uploadImportChunk: (input) =>
      call(input, () => ModelImportService.uploadImportChunk(input.path.sessionId!, input.bodies[FORM_BODY] as UploadChunkForm)),
    completeImportSession: (input) => call(input, () => ModelImportService.completeImportSession(input.path.sessionId!)),
    deployModel: (input) =>
      call(input, () =>
        ModelsService.deployModel(input.path.modelId!, input.query.modelType as "openSource" | "fineTune", input.bodies[JSON_BODY] as DeployModelRequest),
      ),
    undeployModel: (input) => call(input, () => ModelsService.undeployModel(input.path.modelId!)),
    exportModel: (input) => call(input, () => ModelsService.exportModel(input.path.modelId!)),
    importTool: (input) => call(input, () => ToolsService.importTool(input.bodies[JSON_BODY] as ImportToolRequest)),
    importIntoTool: (input) => call(input, () => ToolsService.importIntoTool(input.path.toolId!, input.bodies[JSON_BODY] as ImportIntoToolRequest)),
    exportTool: (input) => call(input, () => ToolsService.exportTool(input.path.toolId!, input.query.flowId!)),
    deployTool: (input) => call(input, () => ToolsService.deployTool(input.path.toolId!, input.bodies[JSON_BODY] as DeployToolRequest)),
    undeployTool: (input) => call(input, () => ToolsService.undeployTool(input.path.toolId!)),
    deployGuardrail: (input) => call(input, () => GuardrailsService.deployGuardrail(input.bodies[JSON_BODY] as GuardrailRequest)),
    undeployGuardrail: (input) => call(input, () => GuardrailsService.undeployGuardrail(input.bodies[JSON_BODY] as GuardrailRequest)),
    uploadAttachment: (input) =>
      call(input, () => AttachmentsService.uploadAttachment(input.path.appId!, input.path.envName!, input.bodies[FORM_BODY] as UploadAttachmentForm)),
    // The generator sends this optional body as multipart, the first media type it takes.
    deleteAttachment: (input) =>
      call(input, () =>
        AttachmentsService.deleteAttachment(input.path.appId!, input.path.envName!, input.path.fileId!, input.bodies[FORM_BODY] as DeleteAttachmentSession),
      ),
    getDockStatus: (input) => call(input, () => JobsService.getDockStatus(input.path.dockStatusId!)),
    uploadFile: (input) => call(input, () => FilesService.uploadFile(input.bodies[FORM_BODY] as UploadFileForm)),
  };
};
