// Calls every operation through the functions Kubb generates (plugin-client, its fetch client,
// the full answer returned). Compiled by the portability test next to the generated code
// (`../generated`), so it is left out of the repository's own typecheck. Kubb takes path
// parameters, the body and the query as positional arguments and a request config last.
// Its fetch client neither reads `security` nor labels a JSON body: the caller passes the header
// each operation names and, for JSON, the content type, as a Kubb user would.
import type { CallInput, CreateCalls } from "../call-contract.js";
import * as api from "../generated/index.js";

const JSON_BODY = "application/json";
const FORM_BODY = "multipart/form-data";

async function outcome(pending: Promise<{ data: unknown; status: number }>) {
  const { data, status } = await pending;
  return { status, body: data };
}

export const createCalls: CreateCalls = ({ baseUrl }) => {
  const config = ({ credential }: CallInput) => ({ baseURL: baseUrl, headers: { [credential.header]: credential.value } });
  const json = (input: CallInput) => {
    const { baseURL, headers } = config(input);
    return { baseURL, headers: { ...headers, "content-type": JSON_BODY } };
  };
  return {
    listConnections: (input) => outcome(api.listConnections(undefined, config(input))),
    createConnection: (input) => outcome(api.createConnection(input.bodies[JSON_BODY] as api.CreateConnectionMutationRequest, json(input))),
    getConnection: (input) => outcome(api.getConnection(input.path.connectionId!, config(input))),
    replaceConnection: (input) =>
      outcome(api.replaceConnection(input.path.connectionId!, input.bodies[JSON_BODY] as api.ReplaceConnectionMutationRequest, json(input))),
    updateConnection: (input) =>
      outcome(api.updateConnection(input.path.connectionId!, input.bodies[JSON_BODY] as api.UpdateConnectionMutationRequest, json(input))),
    listChunks: (input) => outcome(api.listChunks(input.path.botId!, input.bodies[JSON_BODY] as api.ListChunksMutationRequest, json(input))),
    updateChunk: (input) =>
      outcome(api.updateChunk(input.path.botId!, input.path.chunkId!, input.bodies[JSON_BODY] as api.UpdateChunkMutationRequest, json(input))),
    deleteChunksById: (input) =>
      outcome(api.deleteChunksById(input.path.botId!, input.bodies[JSON_BODY] as api.DeleteChunksByIdMutationRequest, json(input))),
    startImportSession: (input) => outcome(api.startImportSession(input.bodies[JSON_BODY] as api.StartImportSessionMutationRequest, json(input))),
    uploadImportChunk: (input) =>
      outcome(api.uploadImportChunk(input.path.sessionId!, input.bodies[FORM_BODY] as api.UploadImportChunkMutationRequest, config(input))),
    completeImportSession: (input) => outcome(api.completeImportSession(input.path.sessionId!, config(input))),
    deployModel: (input) =>
      outcome(
        api.deployModel(
          input.path.modelId!,
          input.bodies[JSON_BODY] as api.DeployModelMutationRequest,
          { modelType: input.query.modelType as api.DeployModelQueryParams["modelType"] },
          json(input),
        ),
      ),
    undeployModel: (input) => outcome(api.undeployModel(input.path.modelId!, config(input))),
    exportModel: (input) => outcome(api.exportModel(input.path.modelId!, config(input))),
    importTool: (input) => outcome(api.importTool(input.bodies[JSON_BODY] as api.ImportToolMutationRequest, json(input))),
    importIntoTool: (input) =>
      outcome(api.importIntoTool(input.path.toolId!, input.bodies[JSON_BODY] as api.ImportIntoToolMutationRequest, json(input))),
    exportTool: (input) => outcome(api.exportTool(input.path.toolId!, { flowId: input.query.flowId! }, config(input))),
    deployTool: (input) => outcome(api.deployTool(input.path.toolId!, input.bodies[JSON_BODY] as api.DeployToolMutationRequest, json(input))),
    undeployTool: (input) => outcome(api.undeployTool(input.path.toolId!, config(input))),
    deployGuardrail: (input) => outcome(api.deployGuardrail(input.bodies[JSON_BODY] as api.DeployGuardrailMutationRequest, json(input))),
    undeployGuardrail: (input) => outcome(api.undeployGuardrail(input.bodies[JSON_BODY] as api.UndeployGuardrailMutationRequest, json(input))),
    uploadAttachment: (input) =>
      outcome(
        api.uploadAttachment(input.path.appId!, input.path.envName!, input.bodies[FORM_BODY] as api.UploadAttachmentMutationRequest, config(input)),
      ),
    // Kubb sends this optional body as JSON, one of the two media types the operation takes.
    deleteAttachment: (input) =>
      outcome(
        api.deleteAttachment(
          input.path.appId!,
          input.path.envName!,
          input.path.fileId!,
          input.bodies[JSON_BODY] as api.DeleteAttachmentMutationRequest,
          json(input),
        ),
      ),
    getDockStatus: (input) => outcome(api.getDockStatus(input.path.dockStatusId!, config(input))),
    uploadFile: (input) => outcome(api.uploadFile(input.bodies[FORM_BODY] as api.UploadFileMutationRequest, config(input))),
  };
};
