// The portable entry: fetch, Blob, FormData and AbortController only, so it runs in Node >= 20,
// browsers, Deno and Bun. File-path helpers live in the Node entry (./node.js).
export { createPlatformClient, type PlatformClient } from "./wrappers/client.js";
export { waitForJob, type GetJob } from "./wrappers/jobs/waiter.js";
export type { PlatformClientOptions, JwtContext, JwtSource, ResponseValidation } from "./wrappers/options.js";
export type { Logger } from "./kernel/logger.js";
export {
  PlatformError,
  ConfigurationError,
  ValidationError,
  ResponseValidationError,
  type ResponseDeparture,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  JobFailedError,
  JobTimeoutError,
  SessionExpiredError,
  ImportError,
  ChunkDeletionError,
  PaginationLoopError,
  UnexpectedResponseError,
  ResponseTooLargeError,
  isTransientError,
  type ValidationIssue,
  type ApiErrorInit,
  type JobSnapshot,
  type WaitObservations,
} from "./kernel/errors.js";
export type { ResponseDrift } from "./wrappers/request/platform-api.js";
export type { DriftReport, DriftEntry, DriftKind, DriftRecorderName, ReceivedType } from "./drift/report-format.js";
export { and, or, eq, toFilterTree, validateFilterTree, CHUNK_FILTER_KEYS } from "./wrappers/listing/filters.js";
export type { ChunkFilterGroup, ChunkFilterLeaf, ChunkFilterNode, ChunkFilterKey } from "./wrappers/listing/filters.js";
export type { PagedList, Page } from "./wrappers/listing/pagination.js";
export { DEFAULT_WAIT, type WaitOptions } from "./wrappers/jobs/wait-options.js";
export type { JobOptions, RequestOptions } from "./wrappers/call-options.js";
export type { Job, JobStatus, JobType, JobAction } from "./wrappers/normalize/jobs.js";
export type { DeleteTotals } from "./wrappers/normalize/delete-totals.js";
export type { NormalizedChunk } from "./wrappers/normalize/chunks.js";
export type { UploadedFile } from "./wrappers/normalize/uploaded-file.js";
export type { ImportState, ChunkProgress } from "./wrappers/uploads/chunked-upload.js";
export type { SourceIdentity } from "./wrappers/uploads/source-identity.js";
export type { UploadSource, StreamUploadSource } from "./wrappers/uploads/upload-source.js";
export type { FileInput } from "./wrappers/uploads/file-input.js";
export type { DownloadOptions } from "./wrappers/http/download.js";
// The option and request types of every resource, so callers can name them.
export type { UploadFileRequest, ResumeUploadOptions } from "./wrappers/resources/files.js";
export type { ImportModelOptions, ImportResult, ResumeImportOptions, DeployModelRequest, DeployModelOptions, ModelType } from "./wrappers/resources/models.js";
export type { UploadAttachment, DeleteAttachmentOptions, Attachment, AttachmentDeleted } from "./wrappers/resources/attachments.js";
export type { ListChunksOptions, DeleteChunksOptions, UpdateChunkRequest, ChunkUpdated } from "./wrappers/resources/chunks.js";
export type {
  ListConnectionsQuery,
  Provider,
  CreateConnectionRequest,
  CustomDefaultConnection,
  CustomExistingConnection,
  UpdateConnectionRequest,
  ReplaceConnectionRequest,
  Connection,
  ConnectionList,
  ConnectionCreated,
  ConnectionUpdated,
  ConnectionSummary,
} from "./wrappers/resources/connections.js";
export type { ExportToolOptions, DeployToolOptions, ImportToolFromFiles, ImportToolRequest, ImportIntoToolRequest, ImportIntoToolFromFiles } from "./wrappers/resources/tools.js";
export type { GuardrailName } from "./wrappers/resources/guardrails.js";
export type { Middleware } from "openapi-fetch";
export type { paths, components, operations as OperationTypes } from "./generated/platform.js";
