// One canonical shape per result. The document's samples and field tables disagree on key
// spellings, key case, value types and stray whitespace (see the x-discrepancies records in
// openapi/platform.yaml); these readers accept every recorded variant so callers see only one,
// and keep the untouched body under `raw` for anything the canonical shape leaves out.
import type { components } from "../../generated/platform.js";
import { UnexpectedResponseError } from "../errors.js";


// `(string & {})` keeps editor completion for the documented values while letting a value the
// document does not list pass through instead of failing a response that is otherwise fine.
export type JobType = components["schemas"]["JobType"] | (string & {});
export type JobAction = components["schemas"]["JobAction"] | (string & {});
export type JobStatus = components["schemas"]["JobStatus"] | (string & {});

export interface Job {
  /** The job id (`ds-` prefixed), whichever key the service used for it. */
  dockStatusId: string;
  jobType?: JobType;
  action?: JobAction;
  status: JobStatus;
  modelId?: string;
  toolId?: string;
  exportJobId?: string;
  /** Where a finished export can be downloaded (`response.downloadUrl` or `downloadURL`). */
  downloadUrl?: string;
  percentageComplete?: number;
  guardrail?: string;
  /** The body exactly as received. */
  raw: unknown;
}

export const JOB_DONE = "SUCCESS" satisfies components["schemas"]["JobStatus"];
export const JOB_FAILED = "FAILED" satisfies components["schemas"]["JobStatus"];
export const JOB_RUNNING = "IN_PROGRESS" satisfies components["schemas"]["JobStatus"];

/** True once the job can no longer change: it succeeded or failed. */
export function isTerminal(job: Pick<Job, "status">): boolean {
  return job.status === JOB_DONE || job.status === JOB_FAILED;
}

type Json = Record<string, unknown>;

function isText(value: unknown): value is string {
  return text(value) !== undefined;
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value trimmed, or undefined when it is not a string or nothing is left of it. */
function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    const found = text(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Field-table spelling first, then the samples' spelling, then Get Dock Status's own `_id`.
const JOB_ID_KEYS = ["dockStatusId", "dock-statusId", "_id"] as const;

/** Reads a job record from any operation that starts or reports a job. */
export function normalizeJob(raw: unknown): Job {
  if (!isRecord(raw)) throw new UnexpectedResponseError("expected a job record (a JSON object)", raw);

  const dockStatusId = firstText(...JOB_ID_KEYS.map((key) => raw[key]));
  if (dockStatusId === undefined) {
    throw new UnexpectedResponseError(`job record has no id: none of ${JOB_ID_KEYS.join(", ")} is a non-empty string`, raw);
  }
  const status = text(raw.status);
  if (status === undefined) {
    throw new UnexpectedResponseError(`job record ${dockStatusId} has no status string`, raw);
  }

  const response = isRecord(raw.response) ? raw.response : {};
  const optional = {
    jobType: text(raw.jobType),
    action: text(raw.action),
    modelId: text(raw.modelId),
    toolId: text(raw.toolId),
    exportJobId: text(raw.exportJobId),
    downloadUrl: firstText(response.downloadUrl, response.downloadURL, raw.downloadUrl, raw.downloadURL),
    percentageComplete: decimal(raw.percentageComplete),
    guardrail: text(raw.guardrail),
  };
  return { dockStatusId, status, ...definedOnly(optional), raw };
}

// Absent rather than `undefined`, so `"toolId" in job` and JSON output reflect what arrived.
function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function decimal(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  const digits = typeof value === "string" ? value.trim() : "";
  return /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : undefined;
}

export interface DeleteTotals {
  /** The status text (`Success` in the sample), read from `Status`, `status` or any other case. */
  status?: string;
  totalRequested: number;
  totalDeleted: number;
  totalNotFound: number;
  raw: unknown;
}

const TOTAL_KEYS = ["totalRequested", "totalDeleted", "totalNotFound"] as const;

/** Reads the Delete Chunks answer, whatever the case of its `Status` and `Data` keys. */
export function normalizeDeleteTotals(raw: unknown): DeleteTotals {
  if (!isRecord(raw)) throw new UnexpectedResponseError("expected the delete-chunks result (a JSON object)", raw);
  const data = anyCase(raw, "Data", isRecord);
  if (data === undefined) throw new UnexpectedResponseError("delete-chunks result has no Data object", raw);

  const totals = {} as Record<(typeof TOTAL_KEYS)[number], number>;
  for (const key of TOTAL_KEYS) {
    const count = nonNegativeCount(data[key]);
    if (count === undefined) {
      throw new UnexpectedResponseError(`delete-chunks result has no Data.${key} count (a non-negative integer)`, raw);
    }
    totals[key] = count;
  }
  return { ...definedOnly({ status: text(anyCase(raw, "status", isText)) }), ...totals, raw };
}

/**
 * The value under `name` in any letter case; the document's own spelling wins, then the
 * all-lower-case one, then any other, so a body carrying two spellings reads predictably.
 */
function anyCase<T>(record: Json, name: string, accept: (value: unknown) => value is T): T | undefined {
  const lower = name.toLowerCase();
  const keys = [name, lower, ...Object.keys(record).filter((key) => key.toLowerCase() === lower)];
  for (const key of keys) {
    const value = record[key];
    if (Object.hasOwn(record, key) && accept(value)) return value;
  }
  return undefined;
}

function nonNegativeCount(value: unknown): number | undefined {
  const n = normalizePageNumber(value);
  return n !== undefined && n >= 0 ? n : undefined;
}

/** An integer, or a string of digits (surrounding whitespace ignored), as a number; else undefined. */
export function normalizePageNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const digits = value.trim();
  if (!/^\d+$/.test(digits)) return undefined;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : undefined;
}

export type NormalizedChunk = Omit<components["schemas"]["Chunk"], "pageNumber"> & {
  /** Always a number; absent when the service sent nothing numeric. */
  pageNumber?: number;
  raw: unknown;
};

/** Reads one chunk: its fields as sent, `pageNumber` as a number, `chunkId` trimmed (else `_id`). */
export function normalizeChunk(raw: unknown): NormalizedChunk {
  if (!isRecord(raw)) throw new UnexpectedResponseError("expected a chunk (a JSON object)", raw);
  const chunkId = firstText(raw.chunkId, raw._id);
  if (chunkId === undefined) throw new UnexpectedResponseError("chunk has no id: neither chunkId nor _id is a non-empty string", raw);

  // A plain copy loop: a listing normalises every chunk of every page, and object rest and
  // spread cost several times more here (see bench/results.md, pagination).
  const chunk: Record<string, unknown> = {};
  for (const key in raw) if (key !== "pageNumber" && Object.hasOwn(raw, key)) chunk[key] = raw[key];
  chunk.chunkId = chunkId;
  const pageNumber = normalizePageNumber(raw.pageNumber);
  if (pageNumber !== undefined) chunk.pageNumber = pageNumber;
  chunk.raw = raw;
  return chunk as NormalizedChunk;
}
