// platform jobs: read a job record (Get dock status) or wait for it to end.
import { Command } from "commander";
import { withClient } from "../action.js";
import { settleJob, withWaitOptions, type JobFlags } from "../job-options.js";
import { printResult, printable } from "../output/print.js";
import { specArgument } from "../spec-flags.js";

export function jobsCommand(): Command {
  const group = new Command("jobs").description("the job records of long-running operations");

  group
    .command("get")
    .addArgument(specArgument("<dockStatusId>", "ds-…", { operationId: "getDockStatus", in: "path", name: "dockStatusId" }))
    .description("one job record (getDockStatus)")
    .addHelpText("after", "\nExample:\n  platform jobs get ds-7d8e9f0a --json | jq -r .status")
    .action(
      withClient(["getDockStatus"], async (context, _options, id: string) => {
        await printResult(context.out, printable(await context.client.jobs.get(id, { signal: context.signal })));
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
        const job = await context.client.jobs.get(id, { signal: context.signal });
        await printResult(context.out, printable(await settleJob(context, { ...options, wait: true }, job)));
      }),
    );

  return group;
}
