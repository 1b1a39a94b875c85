// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

export interface paths {
    "/api/public/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connections
         * @description Lists the connections to external model providers, optionally filtered by provider and status. List items carry no `fields`.
         */
        get: operations["listConnections"];
        put?: never;
        /**
         * Create connection
         * @description Creates a connection to an external model provider. The keys required in `fields` depend on
         *     `provider`; `model` is required for every provider but `API`, and `modelType` is
         *     `EASY_INTEGRATION` for `PROVIDER_TWO` and `PROVIDER_THREE`. A new connection is `ACTIVE`.
         *
         *     Provider `API` takes three shapes: the document's `fields` (`BASE_URL`, `API_KEY`), or one
         *     of the two custom API connection types of the public reference, configured with top-level
         *     properties: *Default Provider* (the caller defines the request: `payload`, `outputPath`)
         *     and *Existing Provider* (a known vendor format: `mapProvider`). A custom connection may be
         *     saved as a `DRAFT` and finalized later with Replace connection.
         */
        post: operations["createConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get connection
         * @description Reads one connection, with its provider-specific `fields` (secret values masked).
         */
        get: operations["getConnection"];
        /**
         * Replace connection
         * @description Replaces a custom API connection as a whole: every mandatory property of its type is sent
         *     again, and properties left out are cleared. Used, for instance, to move a connection from
         *     `DRAFT` to `FINALIZED`. From the vendor's public reference: the interface document does not
         *     show this operation.
         */
        put: operations["replaceConnection"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update connection
         * @description Updates a connection in place: the `API_KEY` of a provider connection, or any of the
         *     top-level properties of a custom API connection (a partial update; properties left out keep
         *     their value).
         */
        patch: operations["updateConnection"];
        trace?: never;
    };
    "/api/public/bot/{botId}/chunk/list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id).
                 * @example st-0a1b2c3d
                 */
                botId: components["parameters"]["BotIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get chunks by condition
         * @description Returns one page of the application's chunks. `filters` is a tree of `and`/`or` groups over
         *     `{key, op, value}` leaves; without it every chunk is returned. Pages are chained by
         *     `nextCursor` until `hasMore` is false.
         */
        post: operations["listChunks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/bot/{botId}/chunk/{chunkId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id).
                 * @example st-0a1b2c3d
                 */
                botId: components["parameters"]["BotIdPath"];
                /**
                 * @description Chunk id, `chk-` prefixed.
                 * @example chk-00000000-0000-4000-8000-000000000001
                 */
                chunkId: components["parameters"]["ChunkIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update chunk
         * @description Updates the text and source details of one chunk. Fields left out keep their current value.
         */
        post: operations["updateChunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/bot/{botId}/search/deleteChunksById": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id).
                 * @example st-0a1b2c3d
                 */
                botId: components["parameters"]["BotIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete chunks by ID
         * @description Deletes the listed chunks. Identifiers that do not exist are counted in `totalNotFound`
         *     rather than failing the request.
         */
        post: operations["deleteChunksById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/files/session/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start import session
         * @description Opens an upload session for a file split into `totalChunks` numbered chunks. For a model
         *     (`fileContext` `model`) the answer also names the model being created. The session expires
         *     at `expirationDate`.
         */
        post: operations["startImportSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/files/session/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Import session id, as returned by Start import session.
                 * @example 9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c
                 */
                sessionId: components["parameters"]["SessionIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload import chunk
         * @description Uploads one numbered chunk of the file. Chunks are numbered from 0; uploading the same number again replaces it.
         */
        post: operations["uploadImportChunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/files/session/{sessionId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Import session id, as returned by Start import session.
                 * @example 9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c
                 */
                sessionId: components["parameters"]["SessionIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete import session
         * @description Closes the session once every chunk is uploaded. For a model import the answer is a job
         *     record to poll; for a large file uploaded with `fileContext` `bulkImport` it is the file's
         *     `{url, fileId}`.
         */
        post: operations["completeImportSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/models/{modelId}/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Model id, `cm-` prefixed.
                 * @example cm-4e5f6a7b
                 */
                modelId: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy model
         * @description Deploys an imported model that is in the Ready to Deploy state. Returns a job record to poll.
         */
        post: operations["deployModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/models/{modelId}/undeploy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Model id, `cm-` prefixed.
                 * @example cm-4e5f6a7b
                 */
                modelId: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undeploy model
         * @description Undeploys a model. No body.
         */
        post: operations["undeployModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/models/{modelId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Model id, `cm-` prefixed.
                 * @example cm-4e5f6a7b
                 */
                modelId: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export model
         * @description Starts an export of a model. The finished job, read through Get dock status, carries
         *     `response.downloadUrl`; that address is opened without platform credentials. From the
         *     vendor's public reference: the interface document does not show this operation.
         */
        post: operations["exportModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/tools/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import tool
         * @description Imports a tool from three previously uploaded files (see Upload File), the environment variables file being optional.
         */
        post: operations["importTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/tools/{toolId}/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import into an existing tool
         * @description Imports new tool, flow and environment files (from Upload File) into a tool that already
         *     exists. From the vendor's public reference: the interface document does not show this
         *     operation.
         */
        post: operations["importIntoTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/tools/{toolId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export tool
         * @description Starts an export of a tool's deployed call flow. The finished job carries `response.downloadUrl`.
         */
        post: operations["exportTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/tools/{toolId}/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy tool
         * @description Deploys a tool, synchronously (`isAsync` false, the job returns finished) or asynchronously.
         */
        post: operations["deployTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/tools/{toolId}/undeploy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undeploy tool
         * @description Undeploys a tool. No body.
         */
        post: operations["undeployTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/guardrails/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy guardrail
         * @description Deploys one of the six predefined guardrails by name.
         */
        post: operations["deployGuardrail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/guardrails/undeploy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undeploy guardrail
         * @description Undeploys a guardrail by name; it is inactive afterwards.
         */
        post: operations["undeployGuardrail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/apps/{appId}/environments/{envName}/attachments/upload": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description App id (`AppID` in the document).
                 * @example st-0a1b2c3d
                 */
                appId: components["parameters"]["AppIdPath"];
                /**
                 * @description Environment name (`EnvName` in the document).
                 * @example dev
                 */
                envName: components["parameters"]["EnvNamePath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload attachment
         * @description Uploads a file as an attachment of a user's session, at run time.
         */
        post: operations["uploadAttachment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/apps/{appId}/environments/{envName}/attachments/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description App id (`AppID` in the document).
                 * @example st-0a1b2c3d
                 */
                appId: components["parameters"]["AppIdPath"];
                /**
                 * @description Environment name (`EnvName` in the document).
                 * @example dev
                 */
                envName: components["parameters"]["EnvNamePath"];
                /**
                 * @description Attachment file id, `f-` prefixed.
                 * @example f-1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b
                 */
                fileId: components["parameters"]["FileIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete attachment
         * @description Deletes an attachment. The session it belongs to may be named by `sessionId` or `sessionReference`.
         */
        delete: operations["deleteAttachment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/dock-status/{dockStatusId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Job id, `ds-` prefixed, as returned by the operation that started the job.
                 * @example ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d
                 */
                dockStatusId: components["parameters"]["DockStatusIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get dock status
         * @description Reads the current state of a long-running job by its `ds-` id. From the vendor's public
         *     reference: the interface document does not show this operation.
         */
        get: operations["getDockStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload file
         * @description Uploads a file under 25 MB in one request and returns its `fileId`, which tool import takes.
         *     Larger files go through the import session operations with `fileContext` `bulkImport`.
         *     From the vendor's public reference: the interface document does not show this operation.
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description `cn-` followed by a UUID-shaped value. */
        ConnectionId: string;
        /** @description Chunk id, `chk-` prefixed. */
        ChunkId: string;
        /** @description Import session id, UUID-shaped. */
        SessionId: string;
        /** @description Model id, `cm-` prefixed. */
        ModelId: string;
        /** @description Tool id, `a-` prefixed. */
        ToolId: string;
        /** @description Job id, `ds-` prefixed. */
        DockStatusId: string;
        /** @description Attachment file id, `f-` prefixed. */
        AttachmentFileId: string;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp.
         * @example 2025-03-14T09:26:53.589Z
         */
        Timestamp: string;
        /**
         * @description Provider of the external model. The brand names are written as neutral values.
         * @enum {string}
         */
        Provider: "API" | "PROVIDER_ONE" | "PROVIDER_TWO" | "PROVIDER_THREE";
        /**
         * @description Status of a connection as listed and filtered.
         * @enum {string}
         */
        ConnectionStatus: "ACTIVE" | "INACTIVE";
        /**
         * @description Status a custom API connection is saved in; a `DRAFT` is finalized later.
         * @enum {string}
         */
        CustomConnectionStatus: "DRAFT" | "FINALIZED";
        /**
         * @description Status of a connection as read. Custom API connections report their `DRAFT` or `FINALIZED` state.
         * @enum {string}
         */
        ConnectionStatusRead: "ACTIVE" | "INACTIVE" | "DRAFT" | "FINALIZED";
        /** @description Fields of an `API` connection. */
        ApiFields: {
            /** @description Base address of the external API. */
            BASE_URL: string;
            API_KEY: components["schemas"]["SecretValue"];
        };
        /** @description Fields of a `PROVIDER_ONE` connection. */
        ProviderOneFields: {
            API_KEY: components["schemas"]["SecretValue"];
        };
        /** @description Fields of a `PROVIDER_TWO` connection. */
        ProviderTwoFields: {
            API_KEY: components["schemas"]["SecretValue"];
            /** @description A version label. */
            api_version: string;
            /** @description Name of the cloud resource. */
            your_resource_name: string;
            /** @description Id of the cloud deployment. */
            deployment_id: string;
        };
        /** @description Fields of a `PROVIDER_THREE` connection. */
        ProviderThreeFields: {
            API_KEY: components["schemas"]["SecretValue"];
        };
        /** @description A header sent to the external API. Its value is a provider credential, secret like `fields.API_KEY`. */
        CustomHeader: {
            key: string;
            value: components["schemas"]["SecretValue"];
        };
        /** @description A variable of the request template, filled in from the prompt. */
        PromptVariable: {
            /** @description Name used in the template's `{{variable}}` placeholder. */
            name: string;
            displayName: string;
            status: boolean;
            dataType: string;
            elementType: string;
            /** @description The value used when the prompt gives none; its type is not documented. */
            defaultValue: unknown;
            required: boolean;
            examples?: boolean;
        };
        /** @description What the external model supports. */
        LlmFeatures: {
            toolCalling?: boolean;
            supportTools?: boolean;
            parallelToolCalling?: boolean;
            structuredResponse?: boolean;
            dataGeneration?: boolean;
            streaming?: boolean;
        };
        /** @enum {string} */
        IOMapping: "textToText" | "textToImage" | "imageToText" | "audioToText";
        /**
         * @description The vendor format the request follows.
         * @enum {string}
         */
        MapProvider: "anthropicModel" | "openAIModel" | "geminiModel";
        /** Field-table form of the IO mapping */
        CustomExistingFields: {
            /** @description The field table's name and type for `IOMappings`. */
            IOMapping?: string;
        };
        /** @description A secret. Sent in full; returned masked, with only a few leading and trailing characters visible. */
        SecretValue: string;
        /** @description Display name. */
        ConnectionName: string;
        /** @description Model identifier at the provider. */
        ModelName: string;
        /** API connection */
        CreateApiConnection: {
            /** @enum {string} */
            provider: "API";
            connectionName: components["schemas"]["ConnectionName"];
            fields: components["schemas"]["ApiFields"];
        };
        /** PROVIDER_ONE connection */
        CreateProviderOneConnection: {
            /** @enum {string} */
            provider: "PROVIDER_ONE";
            connectionName: components["schemas"]["ConnectionName"];
            model: components["schemas"]["ModelName"];
            fields: components["schemas"]["ProviderOneFields"];
        };
        /** PROVIDER_TWO connection */
        CreateProviderTwoConnection: {
            /** @enum {string} */
            provider: "PROVIDER_TWO";
            connectionName: components["schemas"]["ConnectionName"];
            model: components["schemas"]["ModelName"];
            /** @enum {string} */
            modelType: "EASY_INTEGRATION";
            fields: components["schemas"]["ProviderTwoFields"];
        };
        /** PROVIDER_THREE connection */
        CreateProviderThreeConnection: {
            /** @enum {string} */
            provider: "PROVIDER_THREE";
            connectionName: components["schemas"]["ConnectionName"];
            model: components["schemas"]["ModelName"];
            /** @enum {string} */
            modelType: "EASY_INTEGRATION";
            fields: components["schemas"]["ProviderThreeFields"];
        };
        /**
         * Custom API connection, Default Provider
         * @description The caller defines the request (`payload`) and where the answer and token counts sit in the reply.
         */
        CreateCustomDefaultConnection: {
            /** @enum {string} */
            provider: "API";
            connectionName: components["schemas"]["ConnectionName"];
            model?: components["schemas"]["ModelName"];
            /** @description Address of the external API. */
            endpointUrl: string;
            headers?: components["schemas"]["CustomHeader"][];
            /** @description The request template, with `{{variable}}` placeholders. */
            payload: {
                [key: string]: unknown;
            };
            promptVars?: components["schemas"]["PromptVariable"][];
            /** @description Further template variables; their shape is not documented. */
            customVars?: unknown[];
            /** @description Where the answer sits in the external API's reply. */
            outputPath: string;
            /** @description Where the input token count sits in the reply. */
            inputTokensPath?: string;
            /** @description Where the output token count sits in the reply. */
            outputTokensPath?: string;
            status?: components["schemas"]["CustomConnectionStatus"];
            isEnable?: boolean;
            /** @description Identity provider, usually `none`. */
            idp?: string;
        };
        /**
         * Custom API connection, Existing Provider
         * @description The request follows a known vendor format (`mapProvider`).
         */
        CreateCustomExistingConnection: {
            /** @enum {string} */
            provider: "API";
            connectionName: components["schemas"]["ConnectionName"];
            model?: components["schemas"]["ModelName"];
            /** @description Address of the external API. */
            endpointUrl: string;
            headers?: components["schemas"]["CustomHeader"][];
            mapProvider: components["schemas"]["MapProvider"];
            IOMappings?: components["schemas"]["IOMapping"][];
            fields?: components["schemas"]["CustomExistingFields"];
            llmFeatures?: components["schemas"]["LlmFeatures"];
            bodyTab?: string;
            status?: components["schemas"]["CustomConnectionStatus"];
            isEnable?: boolean;
            /** @description Identity provider, usually `none`. */
            idp?: string;
        };
        /**
         * @description A new connection; the keys of `fields` depend on `provider`. Provider `API` has three
         *     shapes, told apart by what they require: `fields` (the document's form), `payload` (Default
         *     Provider) or `mapProvider` (Existing Provider).
         */
        CreateConnectionRequest: components["schemas"]["CreateApiConnection"] | components["schemas"]["CreateCustomDefaultConnection"] | components["schemas"]["CreateCustomExistingConnection"] | components["schemas"]["CreateProviderOneConnection"] | components["schemas"]["CreateProviderTwoConnection"] | components["schemas"]["CreateProviderThreeConnection"];
        /** New API key */
        UpdateConnectionApiKey: {
            /** @description The new secret. `API_KEY` is the only updatable key of a provider connection. */
            fields: {
                API_KEY: components["schemas"]["SecretValue"];
            };
        };
        /**
         * Partial update of a custom API connection
         * @description Any of the top-level properties of a custom API connection; those left out keep their value.
         */
        UpdateCustomConnection: {
            connectionName?: components["schemas"]["ConnectionName"];
            model?: components["schemas"]["ModelName"];
            endpointUrl?: string;
            headers?: components["schemas"]["CustomHeader"][];
            payload?: {
                [key: string]: unknown;
            };
            promptVars?: components["schemas"]["PromptVariable"][];
            customVars?: unknown[];
            outputPath?: string;
            inputTokensPath?: string;
            outputTokensPath?: string;
            mapProvider?: components["schemas"]["MapProvider"];
            IOMappings?: components["schemas"]["IOMapping"][];
            llmFeatures?: components["schemas"]["LlmFeatures"];
            bodyTab?: string;
            status?: components["schemas"]["CustomConnectionStatus"];
            isEnable?: boolean;
            idp?: string;
        };
        /** @description A new API key for a provider connection, or a partial update of a custom API connection. */
        UpdateConnectionRequest: components["schemas"]["UpdateConnectionApiKey"] | components["schemas"]["UpdateCustomConnection"];
        /**
         * Custom API connection, Default Provider (replace)
         * @description A whole Default Provider connection, as a replace sends it. `provider` may be left out, as the reference's replace samples do, since a connection's provider is fixed when it is created.
         */
        ReplaceCustomDefaultConnection: {
            /** @enum {string} */
            provider?: "API";
            connectionName: components["schemas"]["ConnectionName"];
            model?: components["schemas"]["ModelName"];
            /** @description Address of the external API. */
            endpointUrl: string;
            headers?: components["schemas"]["CustomHeader"][];
            /** @description The request template, with `{{variable}}` placeholders. */
            payload: {
                [key: string]: unknown;
            };
            promptVars?: components["schemas"]["PromptVariable"][];
            /** @description Further template variables; their shape is not documented. */
            customVars?: unknown[];
            /** @description Where the answer sits in the external API's reply. */
            outputPath: string;
            /** @description Where the input token count sits in the reply. */
            inputTokensPath?: string;
            /** @description Where the output token count sits in the reply. */
            outputTokensPath?: string;
            status?: components["schemas"]["CustomConnectionStatus"];
            isEnable?: boolean;
            /** @description Identity provider, usually `none`. */
            idp?: string;
        };
        /**
         * Custom API connection, Existing Provider (replace)
         * @description A whole Existing Provider connection, as a replace sends it. `provider` may be left out, as the reference's replace samples do, since a connection's provider is fixed when it is created.
         */
        ReplaceCustomExistingConnection: {
            /** @enum {string} */
            provider?: "API";
            connectionName: components["schemas"]["ConnectionName"];
            model?: components["schemas"]["ModelName"];
            /** @description Address of the external API. */
            endpointUrl: string;
            headers?: components["schemas"]["CustomHeader"][];
            mapProvider: components["schemas"]["MapProvider"];
            IOMappings?: components["schemas"]["IOMapping"][];
            fields?: components["schemas"]["CustomExistingFields"];
            llmFeatures?: components["schemas"]["LlmFeatures"];
            bodyTab?: string;
            status?: components["schemas"]["CustomConnectionStatus"];
            isEnable?: boolean;
            /** @description Identity provider, usually `none`. */
            idp?: string;
        };
        /** @description A whole custom API connection, of either type, with or without its `provider`. */
        ReplaceConnectionRequest: components["schemas"]["ReplaceCustomDefaultConnection"] | components["schemas"]["ReplaceCustomExistingConnection"];
        /** @description Provider-specific configuration as stored; secret values are masked. */
        MaskedFields: {
            [key: string]: string;
        };
        /** @description The top-level properties of a custom API connection, as read (header values masked). */
        CustomConnectionView: {
            endpointUrl?: string;
            headers?: {
                key?: string;
                value?: string;
            }[];
            payload?: Record<string, never>;
            promptVars?: Record<string, never>[];
            customVars?: unknown[];
            outputPath?: string;
            inputTokensPath?: string;
            outputTokensPath?: string;
            mapProvider?: string;
            IOMappings?: string[];
            llmFeatures?: {
                [key: string]: boolean;
            };
            bodyTab?: string;
            isEnable?: boolean;
            idp?: string;
        };
        /** @description A connection as listed (no `fields`). */
        ConnectionSummary: {
            /** @description `cn-` prefixed. */
            connectionId: string;
            connectionName: string;
            provider: components["schemas"]["Provider"];
            /** @description Absent for provider `API`. */
            model?: string;
            /** @description `EASY_INTEGRATION` for `PROVIDER_TWO` and `PROVIDER_THREE`. */
            modelType?: string;
            status: components["schemas"]["ConnectionStatusRead"];
            createdOn: components["schemas"]["Timestamp"];
            modifiedOn: components["schemas"]["Timestamp"];
        };
        /** @description A connection as read, with its masked `fields` (custom API connections may have none). */
        Connection: components["schemas"]["ConnectionSummary"] & components["schemas"]["CustomConnectionView"] & {
            fields?: components["schemas"]["MaskedFields"];
        };
        /** @description A connection as created (custom API connections may have no `fields`). */
        ConnectionCreated: components["schemas"]["CustomConnectionView"] & {
            connectionId: string;
            connectionName: string;
            provider: components["schemas"]["Provider"];
            model?: string;
            modelType?: string;
            status: components["schemas"]["ConnectionStatusRead"];
            fields?: components["schemas"]["MaskedFields"];
            createdOn: components["schemas"]["Timestamp"];
        };
        /** @description A connection as updated or replaced (custom API connections may have no `fields`). */
        ConnectionUpdated: components["schemas"]["CustomConnectionView"] & {
            connectionId: string;
            connectionName: string;
            provider: components["schemas"]["Provider"];
            model?: string;
            modelType?: string;
            status: components["schemas"]["ConnectionStatusRead"];
            fields?: components["schemas"]["MaskedFields"];
            modifiedOn: components["schemas"]["Timestamp"];
        };
        ConnectionList: {
            connections: components["schemas"]["ConnectionSummary"][];
            total: number;
        };
        /**
         * Filter group
         * @description Combines its conditions with its operand.
         */
        ChunkFilterGroup: {
            /** @enum {string} */
            operand: "and" | "or";
            conditions: components["schemas"]["ChunkFilterNode"][];
        };
        /**
         * Filter condition
         * @description Compares one chunk field with a value. The document shows the keys `sourceName` and
         *     `recordTitle` and the operator `equals`; keys are limited to the chunk's string fields.
         */
        ChunkFilterLeaf: {
            /** @enum {string} */
            key: "sourceName" | "recordTitle" | "sourceType" | "sourceUrl" | "sourceId" | "chunkType" | "chunkTitle" | "chunkText" | "fileType" | "docId" | "recordUrl" | "extractionMethod" | "extractionStrategy";
            /** @enum {string} */
            op: "equals";
            value: string;
        };
        /** @description A group of conditions, or one condition. */
        ChunkFilterNode: components["schemas"]["ChunkFilterGroup"] | components["schemas"]["ChunkFilterLeaf"];
        ListChunksRequest: {
            filters?: components["schemas"]["ChunkFilterGroup"];
            /** @description True applies `filters`. */
            enableFilters?: boolean;
            /** @description Cursor from a previous page, to fetch the next one. Absent for the first page. */
            nextCursor?: string;
            /** @description Cursor for the previous page. */
            prevCursor?: string;
        };
        /** @description Page of the source the chunk comes from; an integer, tolerated as a digit string. */
        PageNumberResponse: number | string;
        Chunk: {
            /** @description Equal to `chunkId`. */
            _id?: string;
            /** @description `chk-` prefixed. */
            chunkId: string;
            /** @description May be empty. */
            chunkTitle?: string;
            chunkText?: string;
            /** @description Composite text built from the chunk's fields. */
            chunkContent?: string;
            chunkType?: string;
            /** @description Free-form metadata; its keys are not documented. */
            chunkMeta?: {
                [key: string]: unknown;
            };
            sourceType?: string;
            sourceName?: string;
            sourceUrl?: string;
            /** @description `fs-` prefixed. */
            sourceId?: string;
            extractionMethod?: string;
            extractionStrategy?: string;
            fileType?: string;
            pageNumber?: components["schemas"]["PageNumberResponse"];
            recordTitle?: string;
            /** @description May end in a page fragment. */
            recordUrl?: string;
            /** @description `fc-` prefixed. */
            docId?: string;
            /** @description `sidx-` prefixed. */
            searchIndexId?: string;
            createdOn?: components["schemas"]["Timestamp"];
        };
        ChunkPage: {
            count: number;
            chunks: components["schemas"]["Chunk"][];
            hasMore: boolean;
            inOffsetPagination?: boolean;
            nextCursor: string | null;
            prevCursor?: string | null;
        };
        /** @description The fields to change; a field left out keeps its value. */
        UpdateChunkRequest: {
            chunkText?: string;
            chunkTitle?: string;
            pageNumber?: number | string;
            recordTitle?: string;
            recordUrl?: string;
            sourceUrl?: string;
            /** @description Free-form metadata. */
            chunkMeta?: {
                [key: string]: unknown;
            };
        };
        ChunkUpdated: {
            indexPipelineId?: string;
            status_code: number;
            status_msg?: string;
            updated_documents?: number;
        };
        DeleteChunksRequest: {
            /** @description Ids of the chunks to delete. Ids that do not exist are counted in `totalNotFound`. */
            chunkId: components["schemas"]["ChunkId"][];
        };
        DeleteChunksTotals: {
            totalRequested: number;
            totalDeleted: number;
            totalNotFound: number;
            /** @description The requested ids that did not exist. */
            notFoundChunkIds?: string[];
        };
        /** @description The totals under `Data`, beside a status key spelled `Status` (sample) or `status` (field table). */
        DeleteChunksResult: {
            Status: string;
            Data: components["schemas"]["DeleteChunksTotals"];
        } | {
            status: string;
            Data: components["schemas"]["DeleteChunksTotals"];
        };
        /** @description An error body. Either a `message`, as the chunk operations' error table shows, or the `errors` envelope the public reference shows for the `x-api-key` operations; other keys may come too. */
        ErrorBody: {
            /** @description What went wrong (the chunk operations). */
            message?: string;
            /** @description What went wrong, one entry per problem (the `x-api-key` operations). */
            errors?: components["schemas"]["ErrorDetail"][];
        };
        ErrorDetail: {
            /** @description The message. */
            msg?: string;
            /** @description The service's own code, e.g. 4002 for a bad or missing credential. */
            code?: number | string;
        };
        StartImportSessionRequest: {
            /** @description Context of the file, for example `model`, `dataset` or `bulkImport`. */
            fileContext: string;
            /** @description Number of chunks the file is split into. Its maximum is not documented. */
            totalChunks: number;
            /** @description Extension without its dot, for example `tar` (a leading dot, as in `.tar`, is refused rather than guessed at). */
            fileExtension: string;
            fileName: string;
            /** @description Size in bytes. */
            fileSize: number;
            /** @description Whether the file is an adapter model. */
            isAdapter?: boolean;
        };
        ImportSession: {
            /** @description UUID-shaped. */
            sessionId: string;
            expirationDate: components["schemas"]["Timestamp"];
            /** @description `cm-` prefixed; present for model imports. */
            modelId?: string;
        };
        UploadChunkForm: {
            /** @description The bytes of this chunk. */
            file: Blob | Uint8Array;
            /** @description Number of this chunk, from 0. */
            chunkNumber: number;
        };
        ChunkReceipt: {
            /** @description The chunk's number, echoed (tolerated as a digit string, since form fields travel as text). */
            chunkNumber: number | string;
            sessionId: string;
        };
        /** Uploaded file */
        UploadedFile: {
            /** @description Where the stored file can be read. */
            url?: string;
            /** @description The id that tool import takes as `toolDataFileId`, `flowDataFileId` or `envVariablesFileId`. */
            fileId: string;
        };
        /** @description A job record for a model import, or the uploaded file for a `bulkImport` session. */
        ImportCompletion: components["schemas"]["JobRecord"] | components["schemas"]["UploadedFile"];
        UploadFileForm: {
            /** @description The file, under 25 MB. */
            file: Blob | Uint8Array;
            /** @description Context of the file, for example `bulkImport`. */
            fileContext: string;
        };
        /** @enum {string} */
        JobType: "MODELS" | "TOOLS" | "GUARDRAILS";
        /** @enum {string} */
        JobAction: "IMPORT" | "EXPORT" | "DEPLOY" | "UNDEPLOY";
        /** @enum {string} */
        JobStatus: "IN_PROGRESS" | "SUCCESS" | "FAILED";
        /** @description What a finished job produced. For an export, the address of the exported file. */
        JobResult: {
            downloadUrl?: string;
            downloadURL?: string;
        };
        /** @description Fields common to every job record. */
        JobRecordBase: {
            /** @description The job id, `ds-` prefixed (field-table spelling). */
            dockStatusId?: string;
            /** @description The job id, `ds-` prefixed (spelling of most samples). */
            "dock-statusId"?: string;
            /** @description `cm-` prefixed. Present for model and guardrail jobs. */
            modelId?: string;
            /** @description `a-` prefixed. Present for tool jobs (and in the guardrail undeploy sample). */
            toolId?: string;
            /** @description Described by the deploy tables; no sample shows it. */
            guardrail?: string;
            jobType: components["schemas"]["JobType"];
            action: components["schemas"]["JobAction"];
            status: components["schemas"]["JobStatus"];
            /** @description Export only, `tool-ej-` prefixed. */
            exportJobId?: string;
            /** @description Progress, 100 when done (seen on finished exports). */
            percentageComplete?: number;
            response?: components["schemas"]["JobResult"];
        };
        /** @description A job record as returned by the operation that started the job. */
        JobRecord: components["schemas"]["JobRecordBase"] & ({
            dockStatusId: string;
        } | {
            "dock-statusId": string;
        });
        /** @description A job record whose own id may be under `_id`, as Get dock status reads it and as the model export answers in the reference's sample. */
        DockStatusRecord: components["schemas"]["JobRecordBase"] & ({
            /** @description The job id, `ds-` prefixed. */
            _id: string;
        } | {
            dockStatusId: string;
        } | {
            "dock-statusId": string;
        });
        DeployModelRequest: {
            /** @description Name of the model to deploy. */
            name: string;
            isDeployedPreviously?: boolean;
            /** @description The deploy sample's spelling of `isDeployedPreviously`. */
            isDeployedPreviouly?: boolean;
            hyperParameters: components["schemas"]["HyperParameters"];
            scalingParameters?: components["schemas"]["ScalingParameters"];
            /** @enum {string} */
            deviceType: "g4dn.xlarge" | "g5.xlarge" | "g5.2xlarge" | "g6e.xlarge" | "g4dn.12xlarge" | "g5.12xlarge" | "g5.48xlarge" | "g4dn.metal";
            optimizationInfo?: components["schemas"]["OptimizationInfo"];
        } & (unknown | unknown);
        HyperParameters: {
            temperature: number;
            maxTokens: number;
            topP: number;
            topK: number;
            /** @description Stop sequences. */
            stopSequence?: string[];
        };
        /**
         * @description How the deployment scales. `minReplicas` may not exceed `maxReplicas` (a rule between two
         *     fields, which JSON Schema cannot state; `x-ordered-fields` records it).
         */
        ScalingParameters: {
            maxBatchSize?: number;
            minReplicas?: number;
            maxReplicas?: number;
            /** @description Milliseconds. */
            scaleUpDelay?: number;
            /** @description Milliseconds. */
            scaleDownDelay?: number;
        };
        OptimizationInfo: {
            /** @enum {string} */
            optimizationType?: "ctranslate2" | "vllm" | "";
            /** @enum {string} */
            quantizationType?: "no_quantization" | "int8_float16" | "";
        };
        ImportToolRequest: {
            /** @description File id of the tool data file (from Upload File). */
            toolDataFileId: string;
            /** @description File id of the flow data file (from Upload File). */
            flowDataFileId: string;
            /** @description File id of the environment variables file (from Upload File). */
            envVariablesFileId?: string;
            toolName: string;
        };
        ImportIntoToolRequest: {
            /** @description File id of the tool data file (from Upload File). */
            toolDataFileId: string;
            /** @description File id of the flow data file (from Upload File). */
            flowDataFileId: string;
            /** @description File id of the environment variables file (from Upload File). */
            envVariablesFileId: string;
        };
        DeployToolRequest: {
            /** @description True deploys asynchronously; false returns once deployed. */
            isAsync: boolean;
        };
        /** @enum {string} */
        GuardrailName: "Anonymize" | "Ban topics" | "Prompt injection" | "Toxicity" | "Bias detection" | "Relevance";
        GuardrailRequest: {
            name: components["schemas"]["GuardrailName"];
        };
        UploadAttachmentForm: {
            /** @description The file. */
            file: Blob | Uint8Array;
            /** @description A user or session reference. */
            userReference: string;
            /** @enum {string} */
            uploadType: "runtime";
        };
        Attachment: {
            /** @description `f-` prefixed. */
            fileId: string;
            fileName: string;
            filePath?: string;
            /** @description Bytes. */
            fileSize?: number;
            mimeType?: string;
            extension?: string;
            uploadedAt?: components["schemas"]["Timestamp"];
        };
        DeleteAttachmentSession: {
            sessionId?: string;
            sessionReference?: string;
        };
        AttachmentDeleted: {
            message?: string;
            /** @description Documented as a string; a boolean is tolerated. */
            success?: string | boolean;
            fileId: string;
        };
    };
    responses: {
        /** @description The request was refused as malformed (a missing or invalid field or parameter). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The operation's credential header is missing, invalid or expired (`x-api-key`, or the JWT in `auth` for the chunk operations). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The id in the path, or the resource it names, does not exist. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Unexpected server-side failure. */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Any other error status. The document does not list the error statuses of this operation, so a status not named above may still come back, with a body of the same shape or none. */
        UndocumentedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /**
         * @description Connection id, `cn-` followed by a UUID-shaped value.
         * @example cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10
         */
        ConnectionIdPath: components["schemas"]["ConnectionId"];
        /**
         * @description Connection id, `cn-` followed by a UUID-shaped value.
         * @example cn-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d
         */
        CustomConnectionIdPath: components["schemas"]["ConnectionId"];
        /**
         * @description Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id).
         * @example st-0a1b2c3d
         */
        BotIdPath: string;
        /**
         * @description Chunk id, `chk-` prefixed.
         * @example chk-00000000-0000-4000-8000-000000000001
         */
        ChunkIdPath: components["schemas"]["ChunkId"];
        /**
         * @description Import session id, as returned by Start import session.
         * @example 9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c
         */
        SessionIdPath: components["schemas"]["SessionId"];
        /**
         * @description Model id, `cm-` prefixed.
         * @example cm-4e5f6a7b
         */
        ModelIdPath: components["schemas"]["ModelId"];
        /**
         * @description Tool id, `a-` prefixed.
         * @example a-5e6f7a8b
         */
        ToolIdPath: components["schemas"]["ToolId"];
        /**
         * @description Job id, `ds-` prefixed, as returned by the operation that started the job.
         * @example ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d
         */
        DockStatusIdPath: components["schemas"]["DockStatusId"];
        /**
         * @description App id (`AppID` in the document).
         * @example st-0a1b2c3d
         */
        AppIdPath: string;
        /**
         * @description Environment name (`EnvName` in the document).
         * @example dev
         */
        EnvNamePath: string;
        /**
         * @description Attachment file id, `f-` prefixed.
         * @example f-1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b
         */
        FileIdPath: components["schemas"]["AttachmentFileId"];
        /** @description Only connections of this provider. */
        ProviderQuery: components["schemas"]["Provider"];
        /** @description Only connections in this status. */
        ConnectionStatusQuery: components["schemas"]["ConnectionStatus"];
        /** @description Maximum number of results. Its maximum and default are not documented. */
        LimitQuery: number;
        /** @description Kind of model to deploy. */
        ModelTypeQuery: "openSource" | "fineTune";
        /**
         * @description Identifier of the deployed call flow (`callflowId` in the document's parameter table).
         * @example flow-1
         */
        FlowIdQuery: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listConnections: {
        parameters: {
            query?: {
                /** @description Only connections of this provider. */
                provider?: components["parameters"]["ProviderQuery"];
                /** @description Only connections in this status. */
                status?: components["parameters"]["ConnectionStatusQuery"];
                /** @description Maximum number of results. Its maximum and default are not documented. */
                limit?: components["parameters"]["LimitQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching connections and their total. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    createConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConnectionRequest"];
            };
        };
        responses: {
            /** @description The connection as created, with its secret values masked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    getConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Connection id, `cn-` followed by a UUID-shaped value.
                 * @example cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10
                 */
                connectionId: components["parameters"]["ConnectionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    replaceConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Connection id, `cn-` followed by a UUID-shaped value.
                 * @example cn-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d
                 */
                connectionId: components["parameters"]["CustomConnectionIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplaceConnectionRequest"];
            };
        };
        responses: {
            /** @description The connection as replaced, with its secret values masked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionUpdated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    updateConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Connection id, `cn-` followed by a UUID-shaped value.
                 * @example cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10
                 */
                connectionId: components["parameters"]["ConnectionIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateConnectionRequest"];
            };
        };
        responses: {
            /** @description The connection as updated, with its secret values masked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionUpdated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    listChunks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id).
                 * @example st-0a1b2c3d
                 */
                botId: components["parameters"]["BotIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListChunksRequest"];
            };
        };
        responses: {
            /** @description One page of chunks with the cursors around it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChunkPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    updateChunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id).
                 * @example st-0a1b2c3d
                 */
                botId: components["parameters"]["BotIdPath"];
                /**
                 * @description Chunk id, `chk-` prefixed.
                 * @example chk-00000000-0000-4000-8000-000000000001
                 */
                chunkId: components["parameters"]["ChunkIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateChunkRequest"];
            };
        };
        responses: {
            /** @description The outcome of the index update. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChunkUpdated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    deleteChunksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id (named `botId` by the chunk list and update paths, `AppId` by delete chunks by id).
                 * @example st-0a1b2c3d
                 */
                botId: components["parameters"]["BotIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteChunksRequest"];
            };
        };
        responses: {
            /** @description How many of the requested chunks were deleted and how many were not found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteChunksResult"];
                };
            };
            /** @description `chunkId` is not provided in the request body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    startImportSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartImportSessionRequest"];
            };
        };
        responses: {
            /** @description The session to upload the chunks into. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    uploadImportChunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Import session id, as returned by Start import session.
                 * @example 9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c
                 */
                sessionId: components["parameters"]["SessionIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadChunkForm"];
            };
        };
        responses: {
            /** @description The chunk was received. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChunkReceipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    completeImportSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Import session id, as returned by Start import session.
                 * @example 9b2f6c1a-3d4e-4f5a-8b6c-7d8e9f0a1b2c
                 */
                sessionId: components["parameters"]["SessionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A job record (model import) or the uploaded file (bulk import). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportCompletion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    deployModel: {
        parameters: {
            query: {
                /** @description Kind of model to deploy. */
                modelType: components["parameters"]["ModelTypeQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description Model id, `cm-` prefixed.
                 * @example cm-4e5f6a7b
                 */
                modelId: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeployModelRequest"];
            };
        };
        responses: {
            /** @description The deploy job, in progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    undeployModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Model id, `cm-` prefixed.
                 * @example cm-4e5f6a7b
                 */
                modelId: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The undeploy job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    exportModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Model id, `cm-` prefixed.
                 * @example cm-4e5f6a7b
                 */
                modelId: components["parameters"]["ModelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export job, in progress; the reference's sample shows it finished, with its id under `_id`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DockStatusRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    importTool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportToolRequest"];
            };
        };
        responses: {
            /** @description The import job, in progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    importIntoTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportIntoToolRequest"];
            };
        };
        responses: {
            /** @description The import job (the sample shows it finished at once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    exportTool: {
        parameters: {
            query: {
                /**
                 * @description Identifier of the deployed call flow (`callflowId` in the document's parameter table).
                 * @example flow-1
                 */
                flowId: components["parameters"]["FlowIdQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export job, in progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    deployTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeployToolRequest"];
            };
        };
        responses: {
            /** @description The deploy job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    undeployTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tool id, `a-` prefixed.
                 * @example a-5e6f7a8b
                 */
                toolId: components["parameters"]["ToolIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The undeploy job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    deployGuardrail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GuardrailRequest"];
            };
        };
        responses: {
            /** @description The deploy job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    undeployGuardrail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GuardrailRequest"];
            };
        };
        responses: {
            /** @description The undeploy job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    uploadAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description App id (`AppID` in the document).
                 * @example st-0a1b2c3d
                 */
                appId: components["parameters"]["AppIdPath"];
                /**
                 * @description Environment name (`EnvName` in the document).
                 * @example dev
                 */
                envName: components["parameters"]["EnvNamePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadAttachmentForm"];
            };
        };
        responses: {
            /** @description The stored attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attachment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    deleteAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description App id (`AppID` in the document).
                 * @example st-0a1b2c3d
                 */
                appId: components["parameters"]["AppIdPath"];
                /**
                 * @description Environment name (`EnvName` in the document).
                 * @example dev
                 */
                envName: components["parameters"]["EnvNamePath"];
                /**
                 * @description Attachment file id, `f-` prefixed.
                 * @example f-1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b
                 */
                fileId: components["parameters"]["FileIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "multipart/form-data": components["schemas"]["DeleteAttachmentSession"];
                "application/json": components["schemas"]["DeleteAttachmentSession"];
            };
        };
        responses: {
            /** @description The attachment was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    getDockStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Job id, `ds-` prefixed, as returned by the operation that started the job.
                 * @example ds-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d
                 */
                dockStatusId: components["parameters"]["DockStatusIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DockStatusRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadFileForm"];
            };
        };
        responses: {
            /** @description The stored file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["UndocumentedError"];
        };
    };
}
