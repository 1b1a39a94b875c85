// Calls every operation through the functions oazapfts generates (its fetch runtime, answers as
// `{ status, data }`). Compiled by the portability test next to the generated code
// (`../generated`), so it is left out of the repository's own typecheck. oazapfts takes path
// parameters, required query parameters and the body as positional arguments, and request
// options last. It does not read `security`: the caller passes the header each operation names.
import type { CallInput, CreateCalls } from "../call-contract.js";
import * as api from "../generated/api.js";

const JSON_BODY = "application/json";
const FORM_BODY = "multipart/form-data";

async function outcome(pending: Promise<{ data: unknown; status: number }>) {
  const { data, status } = await pending;
  return { status, body: data };
}

export const createCalls: CreateCalls = ({ baseUrl }) => {
  const opts = ({ credential }: CallInput) => ({ baseUrl, headers: { [credential.header]: credential.value } });
  return {
    listConnections: (input) => outcome(api.listConnections({}, opts(input))),
    createConnection: (input) => outcome(api.createConnection(input.bodies[JSON_BODY] as api.CreateConnectionRequest, opts(input))),
    getConnection: (input) => outcome(api.getConnection(input.path.connectionId!, opts(input))),
    replaceConnection: (input) =>
      outcome(api.replaceConnection(input.path.connectionId!, input.bodies[JSON_BODY] as api.ReplaceConnectionRequest, opts(input))),
    updateConnection: (input) =>
      outcome(api.updateConnection(input.path.connectionId!, input.bodies[JSON_BODY] as api.UpdateConnectionRequest, opts(input))),
    listChunks: (input) => outcome(api.listChunks(input.path.botId!, input.bodies[JSON_BODY] as api.ListChunksRequest, opts(input))),
    updateChunk: (input) =>
      outcome(api.updateChunk(input.path.botId!, input.path.chunkId!, input.bodies[JSON_BODY] as api.UpdateChunkRequest, opts(input))),
    deleteChunksById: (input) => outcome(api.deleteChunksById(input.path.botId!, input.bodies[JSON_BODY] as api.DeleteChunksRequest, opts(input))),
    startImportSession: (input) => outcome(api.startImportSession(input.bodies[JSON_BODY] as api.StartImportSessionRequest, opts(input))),
    uploadImportChunk: (input) => outcome(api.uploadImportChunk(input.path.sessionId!, input.bodies[FORM_BODY] as api.UploadChunkForm, opts(input))),
    completeImportSession: (input) => outcome(api.completeImportSession(input.path.sessionId!, opts(input))),
    deployModel: (input) =>
      outcome(
        api.deployModel(
          input.path.modelId!,
          input.query.modelType as Parameters<typeof api.deployModel>[1],
          input.bodies[JSON_BODY] as api.DeployModelRequest,
          opts(input),
        ),
      ),
    undeployModel: (input) => outcome(api.undeployModel(input.path.modelId!, opts(input))),
    exportModel: (input) => outcome(api.exportModel(input.path.modelId!, opts(input))),
    importTool: (input) => outcome(api.importTool(input.bodies[JSON_BODY] as api.ImportToolRequest, opts(input))),
    importIntoTool: (input) => outcome(api.importIntoTool(input.path.toolId!, input.bodies[JSON_BODY] as api.ImportIntoToolRequest, opts(input))),
    exportTool: (input) => outcome(api.exportTool(input.path.toolId!, input.query.flowId!, opts(input))),
    deployTool: (input) => outcome(api.deployTool(input.path.toolId!, input.bodies[JSON_BODY] as api.DeployToolRequest, opts(input))),
    undeployTool: (input) => outcome(api.undeployTool(input.path.toolId!, opts(input))),
    deployGuardrail: (input) => outcome(api.deployGuardrail(input.bodies[JSON_BODY] as api.GuardrailRequest, opts(input))),
    undeployGuardrail: (input) => outcome(api.undeployGuardrail(input.bodies[JSON_BODY] as api.GuardrailRequest, opts(input))),
    uploadAttachment: (input) =>
      outcome(api.uploadAttachment(input.path.appId!, input.path.envName!, input.bodies[FORM_BODY] as api.UploadAttachmentForm, opts(input))),
    // oazapfts sends this optional body as multipart, the first of the two media types it takes.
    deleteAttachment: (input) =>
      outcome(
        api.deleteAttachment(input.path.appId!, input.path.envName!, input.path.fileId!, input.bodies[FORM_BODY] as api.DeleteAttachmentSession, opts(input)),
      ),
    getDockStatus: (input) => outcome(api.getDockStatus(input.path.dockStatusId!, opts(input))),
    uploadFile: (input) => outcome(api.uploadFile(input.bodies[FORM_BODY] as api.UploadFileForm, opts(input))),
  };
};
