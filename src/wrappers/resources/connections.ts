// Connections to external model providers: list, get, create (typed per provider and per custom
// API connection type), update (PATCH) and replace (PUT).
import type { components, operations } from "../../generated/platform.js";
import { checkOptions, REQUEST_OPTION_KEYS, type RequestOptions, signalOf } from "../call-options.js";
import { optionKeys } from "../../kernel/option-check.js";
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

const QUERY_KEYS = optionKeys<ListConnectionsQuery>({ provider: true, status: true, limit: true });

export function connectionsApi(platform: PlatformApi) {
  const { api, data } = platform;
  return {
    /** The connections, filtered by provider and status; `limit` caps the count. */
    async list(query?: ListConnectionsQuery, options?: RequestOptions): Promise<ConnectionList> {
      const { signal } = checkOptions(options, REQUEST_OPTION_KEYS, "listConnections");
      checkOptions(query, QUERY_KEYS, "listConnections");
      return data(await api.GET("/api/public/connections", { params: query ? { query } : {}, ...signalOf(signal) }));
    },

    async get(connectionId: string, options?: RequestOptions): Promise<Connection> {
      const { signal } = checkOptions(options, REQUEST_OPTION_KEYS, "getConnection");
      return data(await api.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId } }, ...signalOf(signal) }));
    },

    async create(connection: CreateConnectionRequest, options?: RequestOptions): Promise<ConnectionCreated> {
      const { signal } = checkOptions(options, REQUEST_OPTION_KEYS, "createConnection");
      return data(await api.POST("/api/public/connections", { body: connection, ...signalOf(signal) }));
    },

    /**
     * Updates a connection in place: `{ fields: { API_KEY } }` for a provider connection, or any of
     * a custom API connection's properties (those left out keep their value).
     */
    async update(connectionId: string, changes: UpdateConnectionRequest, options?: RequestOptions): Promise<ConnectionUpdated> {
      const { signal } = checkOptions(options, REQUEST_OPTION_KEYS, "updateConnection");
      return data(await api.PATCH("/api/public/connections/{connectionId}", { params: { path: { connectionId } }, body: changes, ...signalOf(signal) }));
    },

    /**
     * Replaces a custom API connection as a whole (PUT), e.g. to move it from DRAFT to FINALIZED.
     * `provider` may be left out, as the service's own samples do: a connection's provider cannot
     * change (discrepancy replace-connection-without-provider).
     */
    async replace(connectionId: string, connection: ReplaceConnectionRequest, options?: RequestOptions): Promise<ConnectionUpdated> {
      const { signal } = checkOptions(options, REQUEST_OPTION_KEYS, "replaceConnection");
      return data(await api.PUT("/api/public/connections/{connectionId}", { params: { path: { connectionId } }, body: connection, ...signalOf(signal) }));
    },
  };
}
