// A job record, as every operation that starts or reports a job answers it. The document's
// samples and field tables disagree on the id's key (`dockStatusId`, `dock-statusId`, Get dock
// status's `_id`), on `downloadUrl`'s case and on stray whitespace; this reader accepts every
// recorded variant so callers see one shape, and keeps the body under `raw`.
import type { components } from "../../generated/platform.js";
import { UnexpectedResponseError } from "../../kernel/errors.js";
import { definedOnly, firstText, isRecord, text } from "../../kernel/records.js";

// `(string & {})` keeps editor completion for the documented values while letting a value the
// document does not list pass through instead of failing a response that is otherwise fine.
export type JobType = components["schemas"]["JobType"] | (string & {});
export type JobAction = components["schemas"]["JobAction"] | (string & {});
export type JobStatus = components["schemas"]["JobStatus"] | (string & {});

export interface Job {
  /** The job id (`ds-` prefixed), whichever key the service used for it. */
  dockStatusId: string;
  jobType?: JobType | undefined;
  action?: JobAction | undefined;
  /** One of IN_PROGRESS, SUCCESS, FAILED (any letter case read as these), or what the service sent. */
  status: JobStatus;
  modelId?: string | undefined;
  toolId?: string | undefined;
  exportJobId?: string | undefined;
  /** Where a finished export can be downloaded (`response.downloadUrl` or `downloadURL`), trimmed. */
  downloadUrl?: string | undefined;
  percentageComplete?: number | undefined;
  guardrail?: string | undefined;
  /** The body exactly as received. */
  raw: unknown;
}

export const JOB_DONE = "SUCCESS" satisfies components["schemas"]["JobStatus"];
export const JOB_FAILED = "FAILED" satisfies components["schemas"]["JobStatus"];
export const JOB_RUNNING = "IN_PROGRESS" satisfies components["schemas"]["JobStatus"];
export const JOB_STATUSES: readonly string[] = [JOB_RUNNING, JOB_DONE, JOB_FAILED];

/** True once the job can no longer change: it succeeded or failed. */
export function isTerminal(job: Pick<Job, "status">): boolean {
  return job.status === JOB_DONE || job.status === JOB_FAILED;
}

// Field-table spelling first, then the samples' spelling, then Get Dock Status's own `_id`.
const JOB_ID_KEYS = ["dockStatusId", "dock-statusId", "_id"] as const;

export function normalizeJob(raw: unknown): Job {
  if (!isRecord(raw)) throw new UnexpectedResponseError("expected a job record (a JSON object)", raw);
  const dockStatusId = firstText(...JOB_ID_KEYS.map((key) => raw[key]));
  if (dockStatusId === undefined) {
    throw new UnexpectedResponseError(`job record has no id: none of ${JOB_ID_KEYS.join(", ")} is a non-empty string`, raw);
  }
  const status = text(raw.status);
  if (status === undefined) throw new UnexpectedResponseError(`job record ${dockStatusId} has no status string`, raw);

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
  return { dockStatusId, status: canonicalStatus(status), ...definedOnly(optional), raw };
}

// `success` and `Success` are the documented SUCCESS in another case; a status the spec does
// not list at all (CANCELLED) is kept as sent, for the waiter to refuse rather than wait on.
function canonicalStatus(status: string): string {
  const upper = status.toUpperCase();
  return JOB_STATUSES.includes(upper) ? upper : status;
}

function decimal(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  const digits = typeof value === "string" ? value.trim() : "";
  return /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : undefined;
}
