// The portable entry: fetch, Blob, FormData and AbortController only, so it runs in Node >= 20,
// browsers, Deno and Bun. File-path helpers live in the Node entry (./node.js).
export { createPlatformClient, type PlatformClient } from "./wrappers/client.js";
export type { PlatformClientOptions, JwtSource } from "./wrappers/options.js";
export type { Logger } from "./wrappers/internal/logger.js";
export * from "./wrappers/errors.js";
export { and, or, eq, toFilterTree, validateFilterTree, CHUNK_FILTER_KEYS } from "./wrappers/listing/filters.js";
export type { ChunkFilterGroup, ChunkFilterLeaf, ChunkFilterNode, ChunkFilterKey } from "./wrappers/listing/filters.js";
export { PagedList, type Page } from "./wrappers/listing/pagination.js";
export { waitForJob, DEFAULT_WAIT, type WaitOptions } from "./wrappers/jobs/load-waiter.js";
export { normalizeJob, normalizeDeleteTotals, normalizeChunk, normalizePageNumber } from "./wrappers/normalize/records.js";
export type { Job, JobStatus, JobType, JobAction, DeleteTotals, NormalizedChunk } from "./wrappers/normalize/records.js";
export type { ImportState, ChunkProgress } from "./wrappers/uploads/chunked-upload.js";
export type { UploadSource } from "./wrappers/uploads/upload-source.js";
export type { ImportModelOptions, ImportResult, ResumeImportOptions } from "./wrappers/resources/model-import.js";
export type { UploadFileRequest, UploadedFile, FileInput } from "./wrappers/resources/files.js";
export type { JobOptions, RequestOptions } from "./wrappers/jobs/start-job.js";
export { operations, type OperationId } from "./generated/operations.js";
export type { paths, components, operations as OperationTypes } from "./generated/platform.js";
// The option and request types of every wrapper, so callers can name them (and the reference
// documents them).
export type { CoreInternals, CallResult } from "./wrappers/core.js";
export type { Sender, Outgoing, Incoming, HeaderReader } from "./wrappers/http/sender.js";
export type { GetJob } from "./wrappers/jobs/load-waiter.js";
export type { Clock } from "./wrappers/internal/sleep.js";
export type { FetchPage, PaginateOptions } from "./wrappers/listing/pagination.js";
export type { StreamUploadSource } from "./wrappers/uploads/upload-source.js";
export type { Operations } from "./generated/operations.js";
export type { UploadAttachment, DeleteAttachmentOptions, Attachment, AttachmentDeleted } from "./wrappers/resources/attachments.js";
export type { ListChunksOptions, DeleteChunksOptions, UpdateChunkRequest, ChunkUpdated } from "./wrappers/resources/chunks.js";
export type { ListConnectionsQuery, UpdateConnectionOptions, Provider, CreateConnectionRequest, Connection, ConnectionList, ConnectionCreated, ConnectionUpdated, ConnectionSummary } from "./wrappers/resources/connections.js";
export type { DeployModelRequest, DeployModelOptions, ModelType } from "./wrappers/resources/models.js";
export type { DownloadOptions, ExportToolOptions, ImportToolFromFiles, ImportToolRequest } from "./wrappers/resources/tools.js";
export type { GuardrailName } from "./wrappers/resources/guardrails.js";
