// Job records as the service writes them. The operation that starts a job answers with its id
// under `dockStatusId` or `dock-statusId` (the service mixes both; the mock picks one per answer
// with its seeded PRNG, so a client that reads only one spelling fails here as it would there).
// Get dock status answers with the id under `_id`; a finished export carries percentageComplete
// and response.downloadUrl.
import type { Answer } from "../contract/problems.js";
import type { MockContext } from "../context.js";
import type { Job } from "../state/jobs.js";

/** What an operation says about the job it starts; a fresh `ds-` id and no extra fields unless it says otherwise. */
export interface JobStart extends Pick<Job, "jobType" | "action" | "subject" | "onFailure"> {
  id?: string;
  extra?: Job["extra"];
  onSuccess?: () => void;
  /** The operation's sample answers the job finished at once (undeploys, a synchronous deploy). */
  finished?: boolean;
}

const isExport = (job: Job) => job.action === "EXPORT";

function body(job: Job) {
  return { ...job.subject, jobType: job.jobType, action: job.action, status: job.status, ...job.extra };
}

/** Starts the job and answers 200 with its started record, as every long-running operation does. */
export function answerStartedJob(context: MockContext, start: JobStart): Answer {
  const { id = context.id("ds-"), extra = {}, onSuccess, finished = false, ...job } = start;
  const started = context.jobs.start({ ...job, id, extra, onSuccess }, { now: context.now(), finished });
  return { status: 200, body: startedRecord(context, started) };
}

/** The record the starting operation answers with. */
function startedRecord(context: MockContext, job: Job): Record<string, unknown> {
  return { [context.coin() ? "dock-statusId" : "dockStatusId"]: job.id, ...body(job) };
}

/** The record Get dock status answers with. */
export function dockStatusRecord(context: MockContext, job: Job): Record<string, unknown> {
  const record: Record<string, unknown> = { _id: job.id, ...body(job) };
  if (isExport(job)) {
    record.percentageComplete = job.status === "SUCCESS" ? 100 : 0;
    if (job.status === "SUCCESS") record.response = { downloadUrl: context.downloadUrl(job.id) };
    else delete record.response;
  }
  return record;
}
