// Calls every operation through the Zodios client that openapi-zod-client generates (zod 3
// schemas, axios underneath). Compiled by the portability test next to the generated code
// (`../generated`), so it is left out of the repository's own typecheck. Zodios validates each
// request and response against the generated schemas, so a schema the generator gets wrong
// fails the call, not only a request the mock refuses.
// It does not read `security`: the caller passes the header each operation names.
import type { CallInput, CallOutcome, CreateCalls } from "../call-contract.js";
import { createApiClient } from "../generated/api.js";

const JSON_BODY = "application/json";
const FORM_BODY = "multipart/form-data";

type Client = ReturnType<typeof createApiClient>;
type Body<Alias extends keyof Client> = Client[Alias] extends (body: infer B, ...rest: never[]) => unknown ? B : never;

export const createCalls: CreateCalls = ({ baseUrl }) => {
  const api = createApiClient(baseUrl);
  // Zodios resolves with the body alone. The test makes one call at a time, so the status of the
  // answer just received is the status of the call that resolved.
  let lastStatus = 0;
  api.use({
    name: "status",
    response: async (_api, _config, response) => {
      lastStatus = response.status;
      return response;
    },
  });

  async function outcome(pending: Promise<unknown>): Promise<CallOutcome> {
    try {
      const body = await pending;
      return { status: lastStatus, body };
    } catch (error) {
      // axios rejects on a non-2xx status; anything else (a schema refusing a value) is rethrown.
      const response = (error as { response?: { status: number; data: unknown } }).response;
      if (response) return { status: response.status, body: response.data };
      throw error;
    }
  }

  const headers = ({ credential }: CallInput) => ({ [credential.header]: credential.value });

  return {
    listConnections: (input) => outcome(api.listConnections({ headers: headers(input) })),
    createConnection: (input) =>
      outcome(api.createConnection(input.bodies[JSON_BODY] as Body<"createConnection">, { headers: headers(input) })),
    getConnection: (input) =>
      outcome(api.getConnection({ params: { connectionId: input.path.connectionId }, headers: headers(input) })),
    replaceConnection: (input) =>
      outcome(
        api.replaceConnection(input.bodies[JSON_BODY] as Body<"replaceConnection">, {
          params: { connectionId: input.path.connectionId },
          headers: headers(input),
        }),
      ),
    updateConnection: (input) =>
      outcome(
        api.updateConnection(input.bodies[JSON_BODY] as Body<"updateConnection">, {
          params: { connectionId: input.path.connectionId },
          headers: headers(input),
        }),
      ),
    listChunks: (input) =>
      outcome(
        api.listChunks(input.bodies[JSON_BODY] as Body<"listChunks">, {
          params: { botId: input.path.botId },
          headers: headers(input),
        }),
      ),
    updateChunk: (input) =>
      outcome(
        api.updateChunk(input.bodies[JSON_BODY] as Body<"updateChunk">, {
          params: { botId: input.path.botId, chunkId: input.path.chunkId },
          headers: headers(input),
        }),
      ),
    deleteChunksById: (input) =>
      outcome(
        api.deleteChunksById(input.bodies[JSON_BODY] as Body<"deleteChunksById">, {
          params: { botId: input.path.botId },
          headers: headers(input),
        }),
      ),
    startImportSession: (input) =>
      outcome(api.startImportSession(input.bodies[JSON_BODY] as Body<"startImportSession">, { headers: headers(input) })),
    uploadImportChunk: (input) =>
      outcome(
        api.uploadImportChunk(input.bodies[FORM_BODY] as Body<"uploadImportChunk">, {
          params: { sessionId: input.path.sessionId },
          headers: headers(input),
        }),
      ),
    completeImportSession: (input) =>
      outcome(
        api.completeImportSession(undefined, { params: { sessionId: input.path.sessionId }, headers: headers(input) }),
      ),
    deployModel: (input) =>
      outcome(
        api.deployModel(input.bodies[JSON_BODY] as Body<"deployModel">, {
          params: { modelId: input.path.modelId },
          queries: { modelType: input.query.modelType as "openSource" | "fineTune" },
          headers: headers(input),
        }),
      ),
    undeployModel: (input) =>
      outcome(api.undeployModel(undefined, { params: { modelId: input.path.modelId }, headers: headers(input) })),
    exportModel: (input) =>
      outcome(api.exportModel(undefined, { params: { modelId: input.path.modelId }, headers: headers(input) })),
    importTool: (input) =>
      outcome(api.importTool(input.bodies[JSON_BODY] as Body<"importTool">, { headers: headers(input) })),
    importIntoTool: (input) =>
      outcome(
        api.importIntoTool(input.bodies[JSON_BODY] as Body<"importIntoTool">, {
          params: { toolId: input.path.toolId },
          headers: headers(input),
        }),
      ),
    exportTool: (input) =>
      outcome(
        api.exportTool(undefined, {
          params: { toolId: input.path.toolId },
          queries: { flowId: input.query.flowId },
          headers: headers(input),
        }),
      ),
    deployTool: (input) =>
      outcome(
        api.deployTool(input.bodies[JSON_BODY] as Body<"deployTool">, {
          params: { toolId: input.path.toolId },
          headers: headers(input),
        }),
      ),
    undeployTool: (input) =>
      outcome(api.undeployTool(undefined, { params: { toolId: input.path.toolId }, headers: headers(input) })),
    deployGuardrail: (input) =>
      outcome(api.deployGuardrail(input.bodies[JSON_BODY] as Body<"deployGuardrail">, { headers: headers(input) })),
    undeployGuardrail: (input) =>
      outcome(api.undeployGuardrail(input.bodies[JSON_BODY] as Body<"undeployGuardrail">, { headers: headers(input) })),
    uploadAttachment: (input) =>
      outcome(
        api.uploadAttachment(input.bodies[FORM_BODY] as Body<"uploadAttachment">, {
          params: { appId: input.path.appId, envName: input.path.envName },
          headers: headers(input),
        }),
      ),
    // Of this operation's two body media types the client builds multipart only, so the
    // multipart example is the one that fits.
    deleteAttachment: (input) =>
      outcome(
        api.deleteAttachment(input.bodies[FORM_BODY] as Body<"deleteAttachment">, {
          params: { appId: input.path.appId, envName: input.path.envName, fileId: input.path.fileId },
          headers: headers(input),
        }),
      ),
    getDockStatus: (input) =>
      outcome(api.getDockStatus({ params: { dockStatusId: input.path.dockStatusId }, headers: headers(input) })),
    uploadFile: (input) =>
      outcome(api.uploadFile(input.bodies[FORM_BODY] as Body<"uploadFile">, { headers: headers(input) })),
  };
};
