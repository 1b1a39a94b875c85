// wait_for_job: the tool every handle of a job names. It reads the job and, unless it has ended,
// waits for it within the call's bound, answering with the same handle if the bound comes first.
import { settleJob } from "../jobs.js";
import { parameter } from "../schemas.js";
import { maxWaitSeconds } from "../server-arguments.js";
import { defineTool, server, spec } from "../tool.js";

export const waitForJob = defineTool({
  name: "wait_for_job",
  title: "Wait for a job",
  description:
    "Reads a job of a long-running operation (import, export, deploy, undeploy) by its dockStatusId and, unless it has ended, waits for it within maxWaitSeconds (0 reads it once). If the bound comes first, answers with the same handle: call again to keep waiting. A FAILED job is an error result.",
  effect: "read",
  arguments: {
    dockStatusId: spec(parameter("getDockStatus", "dockStatusId"), true),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const id = args.dockStatusId;
    call.precheck("getDockStatus", { path: { dockStatusId: id } });
    return settleJob(call, id, `job ${id}`);
  },
});
