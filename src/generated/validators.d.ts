// generated from openapi/platform.yaml, do not edit
// regenerate with: npm run generate

export interface ValidationIssue {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface RequestValidator {
  (value: unknown): boolean;
  errors?: ValidationIssue[] | null;
}

export declare const listConnections_query: RequestValidator;
export declare const createConnection_body: RequestValidator;
export declare const getConnection_path: RequestValidator;
export declare const replaceConnection_path: RequestValidator;
export declare const replaceConnection_body: RequestValidator;
export declare const updateConnection_path: RequestValidator;
export declare const updateConnection_body: RequestValidator;
export declare const listChunks_path: RequestValidator;
export declare const listChunks_body: RequestValidator;
export declare const updateChunk_path: RequestValidator;
export declare const updateChunk_body: RequestValidator;
export declare const deleteChunksById_path: RequestValidator;
export declare const deleteChunksById_body: RequestValidator;
export declare const startImportSession_body: RequestValidator;
export declare const uploadImportChunk_path: RequestValidator;
export declare const uploadImportChunk_body: RequestValidator;
export declare const completeImportSession_path: RequestValidator;
export declare const deployModel_path: RequestValidator;
export declare const deployModel_query: RequestValidator;
export declare const deployModel_body: RequestValidator;
export declare const undeployModel_path: RequestValidator;
export declare const exportModel_path: RequestValidator;
export declare const importTool_body: RequestValidator;
export declare const importIntoTool_path: RequestValidator;
export declare const importIntoTool_body: RequestValidator;
export declare const exportTool_path: RequestValidator;
export declare const exportTool_query: RequestValidator;
export declare const deployTool_path: RequestValidator;
export declare const deployTool_body: RequestValidator;
export declare const undeployTool_path: RequestValidator;
export declare const deployGuardrail_body: RequestValidator;
export declare const undeployGuardrail_body: RequestValidator;
export declare const uploadAttachment_path: RequestValidator;
export declare const uploadAttachment_body: RequestValidator;
export declare const deleteAttachment_path: RequestValidator;
export declare const deleteAttachment_body: RequestValidator;
export declare const getDockStatus_path: RequestValidator;
export declare const uploadFile_body: RequestValidator;

/** Every validator above, by name (`<operationId>_<path|query|body>`). */
export declare const requestValidators: Readonly<Record<string, RequestValidator | undefined>>;

/** For a body that is one of several shapes: a validator per shape, with the shape's title. */
export declare const bodyVariants: Readonly<Record<string, ReadonlyArray<{ title: string; validate: RequestValidator }> | undefined>>;
