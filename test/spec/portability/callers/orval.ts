// Calls every operation through the functions orval 7 generates with its `fetch` client.
// Compiled by the portability test next to the generated code (`../generated`), so it is left
// out of the repository's own typecheck. orval takes path parameters, the body and the query
// as positional arguments in the spec's order, and bakes the base URL in at generation time.
// It does not read `security`: the caller passes the header each operation names, as an orval
// user would.
import type { CallInput, CreateCalls } from "../call-contract.js";
import * as api from "../generated/client.js";

async function outcome(pending: Promise<{ data: unknown; status: number }>) {
  const { data, status } = await pending;
  return { status, body: data };
}

function init({ credential }: CallInput): RequestInit {
  return { headers: { [credential.header]: credential.value } };
}

const JSON_BODY = "application/json";
const FORM_BODY = "multipart/form-data";

export const createCalls: CreateCalls = () => ({
  listConnections: (input) => outcome(api.listConnections(undefined, init(input))),
  createConnection: (input) =>
    outcome(api.createConnection(input.bodies[JSON_BODY] as api.CreateConnectionRequest, init(input))),
  getConnection: (input) => outcome(api.getConnection(input.path.connectionId, init(input))),
  replaceConnection: (input) =>
    outcome(
      api.replaceConnection(input.path.connectionId, input.bodies[JSON_BODY] as api.ReplaceConnectionRequest, init(input)),
    ),
  updateConnection: (input) =>
    outcome(
      api.updateConnection(input.path.connectionId, input.bodies[JSON_BODY] as api.UpdateConnectionRequest, init(input)),
    ),
  listChunks: (input) =>
    outcome(api.listChunks(input.path.botId, input.bodies[JSON_BODY] as api.ListChunksRequest, init(input))),
  updateChunk: (input) =>
    outcome(
      api.updateChunk(input.path.botId, input.path.chunkId, input.bodies[JSON_BODY] as api.UpdateChunkRequest, init(input)),
    ),
  deleteChunksById: (input) =>
    outcome(api.deleteChunksById(input.path.botId, input.bodies[JSON_BODY] as api.DeleteChunksRequest, init(input))),
  startImportSession: (input) =>
    outcome(api.startImportSession(input.bodies[JSON_BODY] as api.StartImportSessionRequest, init(input))),
  uploadImportChunk: (input) =>
    outcome(api.uploadImportChunk(input.path.sessionId, input.bodies[FORM_BODY] as api.UploadChunkForm, init(input))),
  completeImportSession: (input) => outcome(api.completeImportSession(input.path.sessionId, init(input))),
  deployModel: (input) =>
    outcome(
      api.deployModel(
        input.path.modelId,
        input.bodies[JSON_BODY] as api.DeployModelRequest,
        { modelType: input.query.modelType as api.DeployModelParams["modelType"] },
        init(input),
      ),
    ),
  undeployModel: (input) => outcome(api.undeployModel(input.path.modelId, init(input))),
  exportModel: (input) => outcome(api.exportModel(input.path.modelId, init(input))),
  importTool: (input) => outcome(api.importTool(input.bodies[JSON_BODY] as api.ImportToolRequest, init(input))),
  importIntoTool: (input) =>
    outcome(api.importIntoTool(input.path.toolId, input.bodies[JSON_BODY] as api.ImportIntoToolRequest, init(input))),
  exportTool: (input) => outcome(api.exportTool(input.path.toolId, { flowId: input.query.flowId }, init(input))),
  deployTool: (input) =>
    outcome(api.deployTool(input.path.toolId, input.bodies[JSON_BODY] as api.DeployToolRequest, init(input))),
  undeployTool: (input) => outcome(api.undeployTool(input.path.toolId, init(input))),
  deployGuardrail: (input) =>
    outcome(api.deployGuardrail(input.bodies[JSON_BODY] as api.GuardrailRequest, init(input))),
  undeployGuardrail: (input) =>
    outcome(api.undeployGuardrail(input.bodies[JSON_BODY] as api.GuardrailRequest, init(input))),
  uploadAttachment: (input) =>
    outcome(
      api.uploadAttachment(
        input.path.appId,
        input.path.envName,
        input.bodies[FORM_BODY] as api.UploadAttachmentForm,
        init(input),
      ),
    ),
  // Of this operation's two body media types orval builds multipart only, so the multipart
  // example is the one that fits.
  deleteAttachment: (input) =>
    outcome(
      api.deleteAttachment(
        input.path.appId,
        input.path.envName,
        input.path.fileId,
        input.bodies[FORM_BODY] as api.DeleteAttachmentSession,
        init(input),
      ),
    ),
  getDockStatus: (input) => outcome(api.getDockStatus(input.path.dockStatusId, init(input))),
  uploadFile: (input) => outcome(api.uploadFile(input.bodies[FORM_BODY] as api.UploadFileForm, init(input))),
});
