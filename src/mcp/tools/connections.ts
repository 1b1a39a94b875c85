// Connections: list, get, create, update (PATCH) and replace (PUT). A body that is one of several
// shapes (a provider connection, the custom API ones) is one argument with the spec's shapes; its
// secrets are references, resolved in the server (../secret-references.ts).
import type { ListConnectionsQuery } from "../../index.js";
import type { OperationId } from "../../generated/operations.js";
import { definitionsOf, parameter, wholeBody } from "../schemas.js";
import { resolveSecretReferences, secretPaths, secretsAsReferences } from "../secret-references.js";
import { defineTool, given, spec, type ToolCall } from "../tool.js";

const connectionId = (operationId: "getConnection" | "updateConnection" | "replaceConnection") => spec(parameter(operationId, "connectionId"), true);
// A reference is a string where the spec has a secret string: the body's type is unchanged.
const referenced = <O extends OperationId>(operationId: O, description: string) => secretsAsReferences(wholeBody(operationId, description));
const QUERY = ["provider", "status", "limit"] as const;

/** The body with its secret references read, and those secrets added to what answers are masked for. */
async function withSecrets<T>(call: ToolCall, operationId: OperationId, field: string, body: T): Promise<T> {
  const { value, secrets } = await resolveSecretReferences(
    body,
    secretPaths(wholeBody(operationId), definitionsOf(operationId)),
    field,
    call.secretSource,
    operationId,
  );
  call.addSecrets(secrets);
  return value;
}

const describe = (c: { connectionId?: unknown; connectionName?: unknown; provider?: unknown; status?: unknown }) => `connection ${String(c.connectionId)} (${[c.connectionName, c.provider, c.status].filter((v) => v !== undefined).join(", ")})`;

export const listConnections = defineTool({
  name: "list_connections",
  title: "List connections",
  description: "Lists the connections to external model providers and custom APIs, optionally filtered by provider and status. List items carry no provider fields; get_connection reads one with them (secrets masked).",
  effect: "read",
  arguments: {
    provider: spec(parameter("listConnections", "provider")),
    status: spec(parameter("listConnections", "status")),
    limit: spec(parameter("listConnections", "limit")),
  },
  async run(args, call) {
    const query: ListConnectionsQuery = given<ListConnectionsQuery, (typeof QUERY)[number]>(args, QUERY);
    call.precheck("listConnections", { query });
    const list = await call.client.connections.list(query, { signal: call.signal });
    return { summary: `${list.connections.length} connection(s) listed, ${list.total} matching in all`, content: { ...list } };
  },
});

export const getConnection = defineTool({
  name: "get_connection",
  title: "Get a connection",
  description: "Reads one connection with its provider-specific fields; secret values come back masked.",
  effect: "read",
  arguments: { connectionId: connectionId("getConnection") },
  async run(args, call) {
    const id = args.connectionId;
    call.precheck("getConnection", { path: { connectionId: id } });
    const connection = await call.client.connections.get(id, { signal: call.signal });
    return { summary: describe(connection), content: { ...connection } };
  },
});

export const createConnection = defineTool({
  name: "create_connection",
  title: "Create a connection",
  description:
    "Creates a connection to an external model provider (fields.API_KEY) or a custom API (endpoint, headers, request template). Secret values (fields.API_KEY, headers[].value) are passed as references, env:NAME or file:PATH, which the MCP server reads; never the secret itself.",
  effect: "write",
  arguments: { connection: spec(referenced("createConnection", "The new connection, in one of the shapes below; the keys of `fields` depend on `provider`."), true) },
  async run(args, call) {
    const body = await withSecrets(call, "createConnection", "connection", args.connection);
    call.precheck("createConnection", { body });
    const created = await call.client.connections.create(body, { signal: call.signal });
    return { summary: `created ${describe(created)}`, content: { ...created } };
  },
});

export const updateConnection = defineTool({
  name: "update_connection",
  title: "Update a connection",
  description:
    "Changes a connection in place (PATCH): a new API key for a provider connection, or some properties of a custom API connection (those left out keep their value). Secret values are references, env:NAME or file:PATH.",
  effect: "write",
  arguments: {
    connectionId: connectionId("updateConnection"),
    changes: spec(referenced("updateConnection", "What changes: a new API key, or some properties of a custom API connection."), true),
  },
  async run(args, call) {
    const id = args.connectionId;
    const body = await withSecrets(call, "updateConnection", "changes", args.changes);
    call.precheck("updateConnection", { path: { connectionId: id }, body });
    const updated = await call.client.connections.update(id, body, { signal: call.signal });
    return { summary: `updated ${describe(updated)}`, content: { ...updated } };
  },
});

export const replaceConnection = defineTool({
  name: "replace_connection",
  title: "Replace a custom API connection",
  description:
    "Replaces a custom API connection as a whole (PUT), for instance to move it from DRAFT to FINALIZED; properties left out are cleared. Secret values are references, env:NAME or file:PATH.",
  effect: "write",
  arguments: {
    connectionId: connectionId("replaceConnection"),
    connection: spec(referenced("replaceConnection", "The whole custom API connection, of either type."), true),
  },
  async run(args, call) {
    const id = args.connectionId;
    const body = await withSecrets(call, "replaceConnection", "connection", args.connection);
    call.precheck("replaceConnection", { path: { connectionId: id }, body });
    const replaced = await call.client.connections.replace(id, body, { signal: call.signal });
    return { summary: `replaced ${describe(replaced)}`, content: { ...replaced } };
  },
});
