// platform guardrails: deploy and undeploy one of the six predefined guardrails.
import { Command } from "commander";
import type { GuardrailName } from "../../index.js";
import { withClient } from "../action.js";
import { goAhead, withDestructiveOptions, type DestructiveFlags } from "../destructive.js";
import { printJob, withJobOptions, type JobFlags } from "../job-options.js";

export function guardrailsCommand(): Command {
  const group = new Command("guardrails").description("deploy and undeploy the predefined guardrails");

  withJobOptions(group.command("deploy").argument("<name>", "the guardrail, e.g. Toxicity").description("deploy a guardrail (deployGuardrail)"))
    .addHelpText("after", "\nExample:\n  platform guardrails deploy Toxicity --wait --timeout 10m")
    .action(
      withClient(["deployGuardrail", "getDockStatus"], async (context, options: JobFlags, name: string) => {
        await printJob(context, options, context.client.guardrails.deploy(name as GuardrailName, { signal: context.signal }));
      }),
    );

  withJobOptions(withDestructiveOptions(group.command("undeploy").argument("<name>", "the guardrail, e.g. Toxicity").description("undeploy a guardrail (undeployGuardrail)")))
    .addHelpText("after", "\nExample:\n  platform guardrails undeploy Toxicity --yes")
    .action(
      withClient(["undeployGuardrail", "getDockStatus"], async (context, options: DestructiveFlags & JobFlags, name: string) => {
        if (!(await goAhead(context, options, { operation: "undeployGuardrail", name }, `undeploy guardrail ${name}`))) return;
        await printJob(context, options, context.client.guardrails.undeploy(name as GuardrailName, { signal: context.signal }));
      }),
    );

  return group;
}
