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
      connectionName: request["connectionName"] as string,
      provider: request["provider"] as string,
      ...(typeof request["model"] === "string" ? { model: request["model"] } : {}),
      ...(typeof request["modelType"] === "string" ? { modelType: request["modelType"] } : {}),
      // The document: a new connection is ACTIVE. A custom one may be saved as DRAFT or FINALIZED.
      status: typeof request["status"] === "string" ? request["status"] : "ACTIVE",
      ...(request["fields"] !== undefined ? { fields: structuredClone(request["fields"] as Json) } : {}),
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
    return [...this.byId.values()].filter((c) => (filter.provider === undefined || c.provider === filter.provider) && (filter.status === undefined || c.status === filter.status));
  }

  /** A new API key (any connection whose fields hold one) or a partial custom update. */
  patch(connection: StoredConnection, request: Json, now: string): void {
    const fields = request["fields"] as Json | undefined;
    if (fields && "API_KEY" in fields && Object.keys(request).length === 1) {
      connection.fields = { ...connection.fields, API_KEY: fields["API_KEY"] };
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
  replace(connection: StoredConnection, request: Json, now: string): void {
    const kept = { provider: connection.provider, status: request["status"] ?? connection.status };
    const replaced = this.create(connection.connectionId, { ...request, ...kept }, connection.createdOn);
    replaced.modifiedOn = now;
  }

  clear(): void {
    this.byId.clear();
  }
}

const base = (c: StoredConnection) => ({
  connectionId: c.connectionId,
  connectionName: c.connectionName,
  provider: c.provider,
  ...(c.model !== undefined ? { model: c.model } : {}),
  ...(c.modelType !== undefined ? { modelType: c.modelType } : {}),
  status: c.status,
});
const secrets = (c: StoredConnection) => ({
  ...(maskSecrets(c.custom ?? {}) as Json),
  ...(c.fields !== undefined ? { fields: maskSecrets(c.fields) } : {}),
});

export const listItem = (c: StoredConnection) => ({ ...base(c), createdOn: c.createdOn, modifiedOn: c.modifiedOn });
export const fullView = (c: StoredConnection) => ({ ...base(c), ...secrets(c), createdOn: c.createdOn, modifiedOn: c.modifiedOn });
export const createdView = (c: StoredConnection) => ({ ...base(c), ...secrets(c), createdOn: c.createdOn });
export const updatedView = (c: StoredConnection) => ({ ...base(c), ...secrets(c), modifiedOn: c.modifiedOn });
