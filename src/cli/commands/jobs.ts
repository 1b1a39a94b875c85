// platform jobs: read a job record (Get dock status) or wait for it to end.
import { Command } from "commander";
import { withClient } from "../action.js";
import { withWaitOptions, type JobFlags } from "../job-options.js";
import { specArgument } from "../spec-flags.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/jobs.js");

export function jobsCommand(): Command {
  const group = new Command("jobs").description("the job records of long-running operations");

  group
    .command("get")
    .addArgument(specArgument("<dockStatusId>", "ds-…", { operationId: "getDockStatus", in: "path", name: "dockStatusId" }))
    .description("one job record (getDockStatus)")
    .addHelpText("after", "\nExample:\n  platform jobs get ds-7d8e9f0a --json | jq -r .status")
    .action(
      withClient(["getDockStatus"], async (context, _options, id: string) => {
        await (await work()).get(context, id);
      }),
    );

  withWaitOptions(
    group
      .command("wait")
      .addArgument(specArgument("<dockStatusId>", "ds-…", { operationId: "getDockStatus", in: "path", name: "dockStatusId" }))
      .description("wait for a job to end (getDockStatus, polled); exit 4 if it failed"),
  )
    .addHelpText("after", "\nExample:\n  platform jobs wait ds-7d8e9f0a --timeout 15m")
    .action(
      withClient(["getDockStatus"], async (context, options: JobFlags, id: string) => {
        await (await work()).wait(context, options, id);
      }),
    );

  return group;
}
