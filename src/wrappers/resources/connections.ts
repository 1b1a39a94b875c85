// Connections to external model providers: list, get, create (typed per provider and per custom
// API connection type), update (PATCH) and replace (PUT).
import type { components, operations } from "../../generated/platform.js";
import { optionKeys } from "../internal/option-check.js";
import { callOptions, REQUEST_OPTION_KEYS, type RequestOptions } from "../jobs/start-job.js";
import type { PlatformApi } from "../request/platform-api.js";

export type Provider = components["schemas"]["Provider"];
export type CreateConnectionRequest = components["schemas"]["CreateConnectionRequest"];
export type CustomDefaultConnection = components["schemas"]["CreateCustomDefaultConnection"];
export type CustomExistingConnection = components["schemas"]["CreateCustomExistingConnection"];
export type UpdateConnectionRequest = components["schemas"]["UpdateConnectionRequest"];
export type ReplaceConnectionRequest = components["schemas"]["ReplaceConnectionRequest"];
export type Connection = components["schemas"]["Connection"];
export type ConnectionSummary = components["schemas"]["ConnectionSummary"];
export type ConnectionList = components["schemas"]["ConnectionList"];
export type ConnectionCreated = components["schemas"]["ConnectionCreated"];
export type ConnectionUpdated = components["schemas"]["ConnectionUpdated"];
export type ListConnectionsQuery = NonNullable<operations["listConnections"]["parameters"]["query"]>;

export interface UpdateConnectionOptions extends RequestOptions {
  /** @deprecated No effect: the client no longer reads the provider first, since the service updates provider `API` connections too (discrepancy update-api-connection). Goes in the next minor version. */
  provider?: Provider;
}

const UPDATE_KEYS = optionKeys<UpdateConnectionOptions>({ signal: true, provider: true });
const QUERY_KEYS = optionKeys<ListConnectionsQuery>({ provider: true, status: true, limit: true });

export function connectionsApi(platform: PlatformApi) {
  const { api, data } = platform;
  return {
    /** The connections, filtered by provider and status; `limit` caps the count. */
    async list(query?: ListConnectionsQuery, options?: RequestOptions): Promise<ConnectionList> {
      const { signal } = callOptions(options, REQUEST_OPTION_KEYS, "listConnections");
      callOptions(query, QUERY_KEYS, "listConnections");
      return data(await api.GET("/api/public/connections", { params: { query }, signal }));
    },

    async get(connectionId: string, options?: RequestOptions): Promise<Connection> {
      const { signal } = callOptions(options, REQUEST_OPTION_KEYS, "getConnection");
      return data(await api.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId } }, signal }));
    },

    async create(connection: CreateConnectionRequest, options?: RequestOptions): Promise<ConnectionCreated> {
      const { signal } = callOptions(options, REQUEST_OPTION_KEYS, "createConnection");
      return data(await api.POST("/api/public/connections", { body: connection, signal }));
    },

    /**
     * Updates a connection in place: `{ fields: { API_KEY } }` for a provider connection, or any of
     * a custom API connection's properties (those left out keep their value). A string is read as
     * a new API key (deprecated form, kept for one minor version).
     */
    async update(connectionId: string, changes: UpdateConnectionRequest | string, options?: UpdateConnectionOptions): Promise<ConnectionUpdated> {
      const { signal } = callOptions(options, UPDATE_KEYS, "updateConnection");
      const body: UpdateConnectionRequest = typeof changes === "string" ? { fields: { API_KEY: changes } } : changes;
      return data(await api.PATCH("/api/public/connections/{connectionId}", { params: { path: { connectionId } }, body, signal }));
    },

    /**
     * Replaces a custom API connection as a whole (PUT), e.g. to move it from DRAFT to FINALIZED.
     * `provider` may be left out, as the service's own samples do: a connection's provider cannot
     * change (discrepancy replace-connection-without-provider).
     */
    async replace(connectionId: string, connection: ReplaceConnectionRequest, options?: RequestOptions): Promise<ConnectionUpdated> {
      const { signal } = callOptions(options, REQUEST_OPTION_KEYS, "replaceConnection");
      return data(await api.PUT("/api/public/connections/{connectionId}", { params: { path: { connectionId } }, body: connection, signal }));
    },
  };
}
