// Calls every operation through the SDK that @hey-api/openapi-ts generates (fetch client), with
// its zod plugin: the SDK validates each request (an upload's Blob included) and each answer
// with the generated zod schemas before it resolves, so a schema zod cannot take fails the call.
// Compiled by the portability test next to the generated code (`../generated`), so it is left
// out of the repository's own typecheck. Bodies are the spec's examples, typed as the generated
// request types; path and query keys are spelled out so tsc checks the generated names.
// The credential is not set per call: the generated SDK reads each operation's `security` and
// asks the `auth` callback for the header it names.
import type { CreateCalls } from "../call-contract.js";
import { client } from "../generated/client.gen.js";
import * as sdk from "../generated/index.js";
import type * as T from "../generated/index.js";

type Answer = { data: unknown; error: unknown; response: Response };

async function outcome(pending: Promise<Answer>) {
  const { data, error, response } = await pending;
  return { status: response.status, body: data ?? error };
}

const JSON_BODY = "application/json";
const FORM_BODY = "multipart/form-data";

export const createCalls: CreateCalls = ({ baseUrl, credentials }) => {
  client.setConfig({ baseUrl, auth: (scheme) => (scheme.name ? credentials[scheme.name] : undefined) });
  return {
    listConnections: () => outcome(sdk.listConnections()),
    createConnection: ({ bodies }) =>
      outcome(sdk.createConnection({ body: bodies[JSON_BODY] as T.CreateConnectionData["body"] })),
    getConnection: ({ path }) => outcome(sdk.getConnection({ path: { connectionId: path.connectionId } })),
    replaceConnection: ({ path, bodies }) =>
      outcome(
        sdk.replaceConnection({
          path: { connectionId: path.connectionId },
          body: bodies[JSON_BODY] as T.ReplaceConnectionData["body"],
        }),
      ),
    updateConnection: ({ path, bodies }) =>
      outcome(
        sdk.updateConnection({
          path: { connectionId: path.connectionId },
          body: bodies[JSON_BODY] as T.UpdateConnectionData["body"],
        }),
      ),
    listChunks: ({ path, bodies }) =>
      outcome(sdk.listChunks({ path: { botId: path.botId }, body: bodies[JSON_BODY] as T.ListChunksData["body"] })),
    updateChunk: ({ path, bodies }) =>
      outcome(
        sdk.updateChunk({
          path: { botId: path.botId, chunkId: path.chunkId },
          body: bodies[JSON_BODY] as T.UpdateChunkData["body"],
        }),
      ),
    deleteChunksById: ({ path, bodies }) =>
      outcome(
        sdk.deleteChunksById({ path: { botId: path.botId }, body: bodies[JSON_BODY] as T.DeleteChunksByIdData["body"] }),
      ),
    startImportSession: ({ bodies }) =>
      outcome(sdk.startImportSession({ body: bodies[JSON_BODY] as T.StartImportSessionData["body"] })),
    uploadImportChunk: ({ path, bodies }) =>
      outcome(
        sdk.uploadImportChunk({
          path: { sessionId: path.sessionId },
          body: bodies[FORM_BODY] as T.UploadImportChunkData["body"],
        }),
      ),
    completeImportSession: ({ path }) => outcome(sdk.completeImportSession({ path: { sessionId: path.sessionId } })),
    deployModel: ({ path, query, bodies }) =>
      outcome(
        sdk.deployModel({
          path: { modelId: path.modelId },
          query: { modelType: query.modelType as T.DeployModelData["query"]["modelType"] },
          body: bodies[JSON_BODY] as T.DeployModelData["body"],
        }),
      ),
    undeployModel: ({ path }) => outcome(sdk.undeployModel({ path: { modelId: path.modelId } })),
    exportModel: ({ path }) => outcome(sdk.exportModel({ path: { modelId: path.modelId } })),
    importTool: ({ bodies }) => outcome(sdk.importTool({ body: bodies[JSON_BODY] as T.ImportToolData["body"] })),
    importIntoTool: ({ path, bodies }) =>
      outcome(
        sdk.importIntoTool({ path: { toolId: path.toolId }, body: bodies[JSON_BODY] as T.ImportIntoToolData["body"] }),
      ),
    exportTool: ({ path, query }) =>
      outcome(sdk.exportTool({ path: { toolId: path.toolId }, query: { flowId: query.flowId } })),
    deployTool: ({ path, bodies }) =>
      outcome(sdk.deployTool({ path: { toolId: path.toolId }, body: bodies[JSON_BODY] as T.DeployToolData["body"] })),
    undeployTool: ({ path }) => outcome(sdk.undeployTool({ path: { toolId: path.toolId } })),
    deployGuardrail: ({ bodies }) =>
      outcome(sdk.deployGuardrail({ body: bodies[JSON_BODY] as T.DeployGuardrailData["body"] })),
    undeployGuardrail: ({ bodies }) =>
      outcome(sdk.undeployGuardrail({ body: bodies[JSON_BODY] as T.UndeployGuardrailData["body"] })),
    uploadAttachment: ({ path, bodies }) =>
      outcome(
        sdk.uploadAttachment({
          path: { appId: path.appId, envName: path.envName },
          body: bodies[FORM_BODY] as T.UploadAttachmentData["body"],
        }),
      ),
    // Of this operation's two body media types the SDK builds JSON only, so the JSON example is
    // the one that fits.
    deleteAttachment: ({ path, bodies }) =>
      outcome(
        sdk.deleteAttachment({
          path: { appId: path.appId, envName: path.envName, fileId: path.fileId },
          body: bodies[JSON_BODY] as T.DeleteAttachmentData["body"],
        }),
      ),
    getDockStatus: ({ path }) => outcome(sdk.getDockStatus({ path: { dockStatusId: path.dockStatusId } })),
    uploadFile: ({ bodies }) => outcome(sdk.uploadFile({ body: bodies[FORM_BODY] as T.UploadFileData["body"] })),
  };
};
