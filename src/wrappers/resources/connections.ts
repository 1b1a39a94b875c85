// Connections to external model providers: list, get, create (typed per provider), update.
import type { components } from "../../generated/platform.js";
import type { Core } from "../core.js";
import { ValidationError } from "../errors.js";
import type { RequestOptions } from "../jobs/start-job.js";

export type Provider = components["schemas"]["Provider"];
export type CreateConnectionRequest = components["schemas"]["CreateConnectionRequest"];
export type Connection = components["schemas"]["Connection"];
export type ConnectionSummary = components["schemas"]["ConnectionSummary"];
export type ConnectionList = components["schemas"]["ConnectionList"];
export type ConnectionCreated = components["schemas"]["ConnectionCreated"];
export type ConnectionUpdated = components["schemas"]["ConnectionUpdated"];

export interface ListConnectionsQuery {
  provider?: Provider;
  status?: components["schemas"]["ConnectionStatus"];
  limit?: number;
}

export interface UpdateConnectionOptions extends RequestOptions {
  /**
   * The connection's provider, when the caller knows it. Without it the client reads the
   * connection first: the service does not support updating an `API` connection.
   */
  provider?: Provider;
}

export function connectionsApi(core: Core) {
  return {
    async list(query: ListConnectionsQuery = {}, options: RequestOptions = {}): Promise<ConnectionList> {
      return (await core.call<ConnectionList>("listConnections", { query: { ...query }, signal: options.signal })).data;
    },

    async get(connectionId: string, options: RequestOptions = {}): Promise<Connection> {
      return (await core.call<Connection>("getConnection", { path: { connectionId }, signal: options.signal })).data;
    },

    async create(connection: CreateConnectionRequest, options: RequestOptions = {}): Promise<ConnectionCreated> {
      return (await core.call<ConnectionCreated>("createConnection", { body: connection, signal: options.signal })).data;
    },

    /** Replaces the connection's API key (the only updatable field). */
    async update(connectionId: string, apiKey: string, options: UpdateConnectionOptions = {}): Promise<ConnectionUpdated> {
      const init = { path: { connectionId }, body: { fields: { API_KEY: apiKey } }, signal: options.signal };
      // The body and id are checked before the provider is looked up, so bad input sends nothing.
      await core.validate("updateConnection", init);
      const provider = options.provider ?? (await this.get(connectionId, options)).provider;
      if (provider === "API") {
        throw new ValidationError([{ field: "provider", rule: "updatable", message: `provider API connections cannot be updated (${connectionId})` }], "updateConnection");
      }
      return (await core.call<ConnectionUpdated>("updateConnection", init)).data;
    },
  };
}
