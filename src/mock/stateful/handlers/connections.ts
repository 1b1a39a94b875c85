// Connections: create (per provider, and the two custom API types), get, list with provider,
// status and limit, PATCH and PUT. Secrets are masked in every answer.
import { serviceError } from "../contract/problems.js";
import { pathParam, type Call, type Handler, type MockContext } from "../context.js";
import { createdView, fullView, isCustom, listItem, updatedView, type StoredConnection } from "../state/connections.js";

type Json = Record<string, unknown>;

function found(context: MockContext, call: Call): StoredConnection | ReturnType<typeof serviceError> {
  const connection = context.connections.get(pathParam(call, "connectionId"));
  return connection ?? serviceError(call.operationId, 404, `Connection ${call.params.connectionId} not found`);
}
const isAnswer = (value: unknown): value is ReturnType<typeof serviceError> => typeof value === "object" && value !== null && "status" in value && "body" in value;

export const listConnections: Handler = (context, call) => {
  const { provider, status, limit } = call.query as { provider?: string | undefined; status?: string | undefined; limit?: number | undefined };
  const matching = context.connections.list({ provider, status });
  const page = limit === undefined ? matching : matching.slice(0, limit);
  return { status: 200, body: { connections: page.map(listItem), total: matching.length } };
};

export const createConnection: Handler = (context, call) => {
  const connection = context.connections.create(context.id("cn-"), call.body as Json, context.isoNow());
  return { status: 200, body: createdView(connection) };
};

export const getConnection: Handler = (context, call) => {
  const connection = found(context, call);
  return isAnswer(connection) ? connection : { status: 200, body: fullView(connection) };
};

export const updateConnection: Handler = (context, call) => {
  const connection = found(context, call);
  if (isAnswer(connection)) return connection;
  const request = call.body as Json;
  const newKey = Object.keys(request).length === 1 && request.fields !== undefined;
  if (newKey && connection.fields?.API_KEY === undefined) {
    return serviceError(call.operationId, 400, "This connection has no API_KEY to update");
  }
  if (!newKey && !isCustom(connection)) {
    // The document: PATCH of a provider connection changes its API_KEY only.
    return serviceError(call.operationId, 400, "Only API_KEY can be updated on this connection; a partial update applies to custom API connections");
  }
  context.connections.patch(connection, request, context.isoNow());
  return { status: 200, body: updatedView(connection) };
};

export const replaceConnection: Handler = (context, call) => {
  const connection = found(context, call);
  if (isAnswer(connection)) return connection;
  if (!isCustom(connection)) return serviceError(call.operationId, 400, "Only a custom API connection can be replaced");
  const replaced = context.connections.replace(connection, call.body as Json, context.isoNow());
  return { status: 200, body: updatedView(replaced) };
};
