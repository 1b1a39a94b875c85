// `<group> undeploy <id>`, the same for models, tools and guardrails: destructive (asks, or
// --yes, or --dry-run) and long-running (--wait), sending the undeploy and then polling its job.
import type { Argument, Command } from "commander";
import type { OperationId } from "../generated/operations.js";
import type { Job } from "../index.js";
import { withClient } from "./action.js";
import type { Context } from "./context.js";
import { withDestructiveOptions, type DestructiveFlags } from "./destructive.js";
import { withJobOptions, type JobFlags } from "./job-options.js";

export interface UndeploySpec {
  /** What is undeployed, as the question and the description name it: "model". */
  noun: string;
  /** The positional argument; its name is the key of the dry run's plan. */
  argument: Argument;
  operationId: OperationId;
  example: string;
  undeploy(context: Context, id: string): Promise<Job>;
}

export function addUndeployCommand(group: Command, spec: UndeploySpec): void {
  const { noun, argument, operationId } = spec;
  withJobOptions(withDestructiveOptions(group.command("undeploy").addArgument(argument).description(`undeploy a ${noun} (${operationId})`)))
    .addHelpText("after", `\nExample:\n  ${spec.example}`)
    .action(
      withClient([operationId, "getDockStatus"], async (context, options: DestructiveFlags & JobFlags, id: string) => {
        // Loaded here: defining the command (help, completion) needs neither the prompt nor the wait.
        const [{ goAhead }, { printJob }] = await Promise.all([import("./prompt/go-ahead.js"), import("./settle-job.js")]);
        if (!(await goAhead(context, options, { operation: operationId, [argument.name()]: id }, `undeploy ${noun} ${id}`))) return;
        await printJob(context, options, spec.undeploy(context, id));
      }),
    );
}
