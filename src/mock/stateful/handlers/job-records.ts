// Job records as the service writes them. The operation that starts a job answers with its id
// under `dockStatusId` or `dock-statusId` (the service mixes both; the mock picks one per answer
// with its seeded PRNG, so a client that reads only one spelling fails here as it would there).
// Get dock status answers with the id under `_id`; a finished export carries percentageComplete
// and response.downloadUrl.
import type { MockContext } from "../context.js";
import type { Job } from "../state/jobs.js";

const isExport = (job: Job) => job.action === "EXPORT";

function body(job: Job) {
  return { ...job.subject, jobType: job.jobType, action: job.action, status: job.status, ...job.extra };
}

/** The record the starting operation answers with. */
export function startedRecord(context: MockContext, job: Job): Record<string, unknown> {
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
