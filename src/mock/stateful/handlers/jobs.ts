// Get dock status: each poll counts towards the job's end (see ../state/jobs.ts).
import { serviceError } from "../contract/problems.js";
import { pathParam, type Handler } from "../context.js";
import { dockStatusRecord } from "./job-records.js";

export const getDockStatus: Handler = (context, call) => {
  const job = context.jobs.get(pathParam(call, "dockStatusId"));
  if (!job) return serviceError(call.operationId, 404, `Job ${call.params.dockStatusId} not found`);
  return { status: 200, body: dockStatusRecord(context, context.jobs.poll(job, context.now())) };
};
