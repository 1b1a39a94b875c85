// Calls every operation through openapi-fetch (the version the package depends on), typed by the
// `paths` that openapi-typescript writes. The same program is compiled against the output of
// openapi-typescript 7 and of openapi-typescript 6, each in its own folder (`../generated`), so
// it is left out of the repository's own typecheck. openapi-fetch checks each path, its
// parameters and its body against `paths`; it does not read `security`, so the caller passes the
// header each operation names, and a FormData for a multipart body (its own advice).
import createClient from "openapi-fetch";
import type { CallInput, CreateCalls } from "../call-contract.js";
import type { paths } from "../generated/schema.js";

const JSON_BODY = "application/json";
const FORM_BODY = "multipart/form-data";

/** The request body type `paths` gives an operation, whichever media type. */
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: infer C } } ? C[keyof C] : never;

function formData(body: unknown): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}

async function outcome(pending: Promise<{ data?: unknown; error?: unknown; response: Response }>) {
  const { data, error, response } = await pending;
  return { status: response.status, body: data ?? error };
}

export const createCalls: CreateCalls = ({ baseUrl }) => {
  const client = createClient<paths>({ baseUrl });
  const headers = ({ credential }: CallInput) => ({ [credential.header]: credential.value });
  const form = { bodySerializer: formData };
  return {
    listConnections: (input) => outcome(client.GET("/api/public/connections", { headers: headers(input) })),
    createConnection: (input) =>
      outcome(client.POST("/api/public/connections", { headers: headers(input), body: input.bodies[JSON_BODY] as Body<"/api/public/connections", "post"> })),
    getConnection: (input) =>
      outcome(client.GET("/api/public/connections/{connectionId}", { headers: headers(input), params: { path: { connectionId: input.path.connectionId! } } })),
    replaceConnection: (input) =>
      outcome(
        client.PUT("/api/public/connections/{connectionId}", {
          headers: headers(input),
          params: { path: { connectionId: input.path.connectionId! } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/connections/{connectionId}", "put">,
        }),
      ),
    updateConnection: (input) =>
      outcome(
        client.PATCH("/api/public/connections/{connectionId}", {
          headers: headers(input),
          params: { path: { connectionId: input.path.connectionId! } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/connections/{connectionId}", "patch">,
        }),
      ),
    listChunks: (input) =>
      outcome(
        client.POST("/api/public/bot/{botId}/chunk/list", {
          headers: headers(input),
          params: { path: { botId: input.path.botId! } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/bot/{botId}/chunk/list", "post">,
        }),
      ),
    updateChunk: (input) =>
      outcome(
        client.POST("/api/public/bot/{botId}/chunk/{chunkId}", {
          headers: headers(input),
          params: { path: { botId: input.path.botId!, chunkId: input.path.chunkId! } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/bot/{botId}/chunk/{chunkId}", "post">,
        }),
      ),
    deleteChunksById: (input) =>
      outcome(
        client.POST("/api/public/bot/{botId}/search/deleteChunksById", {
          headers: headers(input),
          params: { path: { botId: input.path.botId! } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/bot/{botId}/search/deleteChunksById", "post">,
        }),
      ),
    startImportSession: (input) =>
      outcome(
        client.POST("/api/public/files/session/start", {
          headers: headers(input),
          body: input.bodies[JSON_BODY] as Body<"/api/public/files/session/start", "post">,
        }),
      ),
    uploadImportChunk: (input) =>
      outcome(
        client.POST("/api/public/files/session/{sessionId}", {
          headers: headers(input),
          params: { path: { sessionId: input.path.sessionId! } },
          body: input.bodies[FORM_BODY] as Body<"/api/public/files/session/{sessionId}", "post">,
          ...form,
        }),
      ),
    completeImportSession: (input) =>
      outcome(
        client.POST("/api/public/files/session/{sessionId}/complete", { headers: headers(input), params: { path: { sessionId: input.path.sessionId! } } }),
      ),
    deployModel: (input) =>
      outcome(
        client.POST("/api/public/models/{modelId}/deploy", {
          headers: headers(input),
          params: { path: { modelId: input.path.modelId! }, query: { modelType: input.query.modelType as "openSource" | "fineTune" } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/models/{modelId}/deploy", "post">,
        }),
      ),
    undeployModel: (input) =>
      outcome(client.POST("/api/public/models/{modelId}/undeploy", { headers: headers(input), params: { path: { modelId: input.path.modelId! } } })),
    exportModel: (input) =>
      outcome(client.POST("/api/public/models/{modelId}/export", { headers: headers(input), params: { path: { modelId: input.path.modelId! } } })),
    importTool: (input) =>
      outcome(client.POST("/api/public/tools/import", { headers: headers(input), body: input.bodies[JSON_BODY] as Body<"/api/public/tools/import", "post"> })),
    importIntoTool: (input) =>
      outcome(
        client.POST("/api/public/tools/{toolId}/import", {
          headers: headers(input),
          params: { path: { toolId: input.path.toolId! } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/tools/{toolId}/import", "post">,
        }),
      ),
    exportTool: (input) =>
      outcome(
        client.POST("/api/public/tools/{toolId}/export", {
          headers: headers(input),
          params: { path: { toolId: input.path.toolId! }, query: { flowId: input.query.flowId! } },
        }),
      ),
    deployTool: (input) =>
      outcome(
        client.POST("/api/public/tools/{toolId}/deploy", {
          headers: headers(input),
          params: { path: { toolId: input.path.toolId! } },
          body: input.bodies[JSON_BODY] as Body<"/api/public/tools/{toolId}/deploy", "post">,
        }),
      ),
    undeployTool: (input) =>
      outcome(client.POST("/api/public/tools/{toolId}/undeploy", { headers: headers(input), params: { path: { toolId: input.path.toolId! } } })),
    deployGuardrail: (input) =>
      outcome(
        client.POST("/api/public/guardrails/deploy", { headers: headers(input), body: input.bodies[JSON_BODY] as Body<"/api/public/guardrails/deploy", "post"> }),
      ),
    undeployGuardrail: (input) =>
      outcome(
        client.POST("/api/public/guardrails/undeploy", {
          headers: headers(input),
          body: input.bodies[JSON_BODY] as Body<"/api/public/guardrails/undeploy", "post">,
        }),
      ),
    uploadAttachment: (input) =>
      outcome(
        client.POST("/api/v2/apps/{appId}/environments/{envName}/attachments/upload", {
          headers: headers(input),
          params: { path: { appId: input.path.appId!, envName: input.path.envName! } },
          body: input.bodies[FORM_BODY] as Body<"/api/v2/apps/{appId}/environments/{envName}/attachments/upload", "post">,
          ...form,
        }),
      ),
    deleteAttachment: (input) =>
      outcome(
        client.DELETE("/api/v2/apps/{appId}/environments/{envName}/attachments/{fileId}", {
          headers: headers(input),
          params: { path: { appId: input.path.appId!, envName: input.path.envName!, fileId: input.path.fileId! } },
          body: input.bodies[FORM_BODY] as Body<"/api/v2/apps/{appId}/environments/{envName}/attachments/{fileId}", "delete">,
          ...form,
        }),
      ),
    getDockStatus: (input) =>
      outcome(client.GET("/api/public/dock-status/{dockStatusId}", { headers: headers(input), params: { path: { dockStatusId: input.path.dockStatusId! } } })),
    uploadFile: (input) =>
      outcome(client.POST("/api/public/files", { headers: headers(input), body: input.bodies[FORM_BODY] as Body<"/api/public/files", "post">, ...form })),
  };
};
