// Connections as the service keeps them: the full configuration, secrets included, in memory;
// every view handed out masks the secrets (see ../masking.ts). Views follow the document's four
// response shapes: list item, get, create and update.
import { maskSecrets } from "../masking.js";

type Json = Record<string, unknown>;

export interface StoredConnection {
  connectionId: string;
  connectionName: string;
  provider: string;
  model?: string | undefined;
  modelType?: string | undefined;
  status: string;
  /** The document's provider fields, secrets in clear (never sent as they are). */
  fields?: Json | undefined;
  /** The top-level properties of a custom API connection, header secrets in clear. */
  custom?: Json | undefined;
  createdOn: string;
  modifiedOn: string;
}

// What a custom API connection carries beside the properties every connection has.
const COMMON = new Set(["provider", "connectionName", "model", "modelType", "status", "fields"]);

/** A custom connection is one configured with top-level properties (`endpointUrl` and the rest). */
export const isCustom = (connection: StoredConnection) => connection.custom !== undefined;

export class ConnectionStore {
  private readonly byId = new Map<string, StoredConnection>();

  create(id: string, request: Json, now: string): StoredConnection {
    const custom = Object.fromEntries(Object.entries(request).filter(([key]) => !COMMON.has(key)));
    const connection: StoredConnection = {
      connectionId: id,
      connectionName: request.connectionName as string,
      provider: request.provider as string,
      ...(typeof request.model === "string" ? { model: request.model } : {}),
      ...(typeof request.modelType === "string" ? { modelType: request.modelType } : {}),
      // The document: a new connection is ACTIVE. A custom one may be saved as DRAFT or FINALIZED.
      status: typeof request.status === "string" ? request.status : "ACTIVE",
      ...(request.fields !== undefined ? { fields: structuredClone(request.fields as Json) } : {}),
      ...(Object.keys(custom).length > 0 ? { custom: structuredClone(custom) } : {}),
      createdOn: now,
      modifiedOn: now,
    };
    this.byId.set(id, connection);
    return connection;
  }

  get(id: string): StoredConnection | undefined {
    return this.byId.get(id);
  }

  list(filter: { provider?: string | undefined; status?: string | undefined }): StoredConnection[] {
    return [...this.byId.values()].filter(
      (c) => (filter.provider === undefined || c.provider === filter.provider) && (filter.status === undefined || c.status === filter.status),
    );
  }

  /** A new API key (any connection whose fields hold one) or a partial custom update. */
  patch(connection: StoredConnection, request: Json, now: string): void {
    const fields = request.fields as Json | undefined;
    if (fields && "API_KEY" in fields && Object.keys(request).length === 1) {
      connection.fields = { ...connection.fields, API_KEY: fields.API_KEY };
    } else {
      for (const [key, value] of Object.entries(request)) {
        if (key === "connectionName" || key === "model" || key === "status") (connection as unknown as Json)[key] = value;
        else if (key === "fields") connection.fields = { ...connection.fields, ...(value as Json) };
        else connection.custom = { ...connection.custom, [key]: structuredClone(value) };
      }
    }
    connection.modifiedOn = now;
  }

  /**
   * A whole custom connection: what is left out is cleared; id, creation time and status stay,
   * and so does the provider, which a replace may leave out (it cannot change).
   */
  replace(connection: StoredConnection, request: Json, now: string): StoredConnection {
    const kept = { provider: connection.provider, status: request.status ?? connection.status };
    const replaced = this.create(connection.connectionId, { ...request, ...kept }, connection.createdOn);
    replaced.modifiedOn = now;
    return replaced;
  }

  clear(): void {
    this.byId.clear();
  }
}

// Built by assignment, in the order the spread form would give: these run on every answer that
// shows a connection, and conditional spreads cost more than the rest of such a call.
function view(c: StoredConnection, withSecrets: boolean, created: boolean, modified: boolean): Json {
  const out: Json = { connectionId: c.connectionId, connectionName: c.connectionName, provider: c.provider };
  if (c.model !== undefined) out.model = c.model;
  if (c.modelType !== undefined) out.modelType = c.modelType;
  out.status = c.status;
  if (withSecrets) {
    if (c.custom !== undefined) Object.assign(out, maskSecrets(c.custom));
    if (c.fields !== undefined) out.fields = maskSecrets(c.fields);
  }
  if (created) out.createdOn = c.createdOn;
  if (modified) out.modifiedOn = c.modifiedOn;
  return out;
}

export const listItem = (c: StoredConnection) => view(c, false, true, true);
export const fullView = (c: StoredConnection) => view(c, true, true, true);
export const createdView = (c: StoredConnection) => view(c, true, true, false);
export const updatedView = (c: StoredConnection) => view(c, true, false, true);
