// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

// Per-operation facts the generated types leave out: which credential header to
// send, how to encode the body and whether a retry is safe. Keyed by operationId, in spec order.
export const operations = {
  listConnections: {
    method: "get",
    path: "/api/public/connections",
    security: "apiKey",
    header: "x-api-key",
    requestBody: null,
    retrySafe: true,
  },
  createConnection: {
    method: "post",
    path: "/api/public/connections",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: false,
  },
  getConnection: {
    method: "get",
    path: "/api/public/connections/{connectionId}",
    security: "apiKey",
    header: "x-api-key",
    requestBody: null,
    retrySafe: true,
  },
  updateConnection: {
    method: "patch",
    path: "/api/public/connections/{connectionId}",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: false,
  },
  listChunks: {
    method: "post",
    path: "/api/public/bot/{botId}/chunk/list",
    security: "jwtAuth",
    header: "auth",
    requestBody: "application/json",
    retrySafe: true,
  },
  updateChunk: {
    method: "post",
    path: "/api/public/bot/{botId}/chunk/{chunkId}",
    security: "jwtAuth",
    header: "auth",
    requestBody: "application/json",
    retrySafe: false,
  },
  deleteChunksById: {
    method: "post",
    path: "/api/public/bot/{botId}/search/deleteChunksById",
    security: "jwtAuth",
    header: "auth",
    requestBody: "application/json",
    retrySafe: false,
  },
  startImportSession: {
    method: "post",
    path: "/api/public/files/session/start",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: false,
  },
  uploadImportChunk: {
    method: "post",
    path: "/api/public/files/session/{sessionId}",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "multipart/form-data",
    retrySafe: true,
  },
  completeImportSession: {
    method: "post",
    path: "/api/public/files/session/{sessionId}/complete",
    security: "apiKey",
    header: "x-api-key",
    requestBody: null,
    retrySafe: false,
  },
  deployModel: {
    method: "post",
    path: "/api/public/models/{modelId}/deploy",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: false,
  },
  undeployModel: {
    method: "post",
    path: "/api/public/models/{modelId}/undeploy",
    security: "apiKey",
    header: "x-api-key",
    requestBody: null,
    retrySafe: true,
  },
  importTool: {
    method: "post",
    path: "/api/public/tools/import",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: false,
  },
  exportTool: {
    method: "post",
    path: "/api/public/tools/{toolId}/export",
    security: "apiKey",
    header: "x-api-key",
    requestBody: null,
    retrySafe: false,
  },
  deployTool: {
    method: "post",
    path: "/api/public/tools/{toolId}/deploy",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: false,
  },
  undeployTool: {
    method: "post",
    path: "/api/public/tools/{toolId}/undeploy",
    security: "apiKey",
    header: "x-api-key",
    requestBody: null,
    retrySafe: true,
  },
  deployGuardrail: {
    method: "post",
    path: "/api/public/guardrails/deploy",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: false,
  },
  undeployGuardrail: {
    method: "post",
    path: "/api/public/guardrails/undeploy",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "application/json",
    retrySafe: true,
  },
  uploadAttachment: {
    method: "post",
    path: "/api/v2/apps/{appId}/environments/{envName}/attachments/upload",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "multipart/form-data",
    retrySafe: false,
  },
  deleteAttachment: {
    method: "delete",
    path: "/api/v2/apps/{appId}/environments/{envName}/attachments/{fileId}",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "multipart/form-data",
    retrySafe: false,
  },
  getDockStatus: {
    method: "get",
    path: "/api/public/dock-status/{dockStatusId}",
    security: "apiKey",
    header: "x-api-key",
    requestBody: null,
    retrySafe: true,
  },
  uploadFile: {
    method: "post",
    path: "/api/public/files",
    security: "apiKey",
    header: "x-api-key",
    requestBody: "multipart/form-data",
    retrySafe: false,
  },
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type OperationInfo = Operations[OperationId];
export type HttpMethod = OperationInfo["method"];
export type OperationPath = OperationInfo["path"];
export type SecuritySchemeName = OperationInfo["security"];
export type CredentialHeader = OperationInfo["header"];
export type RequestMediaType = NonNullable<OperationInfo["requestBody"]>;
