// platform guardrails: deploy and undeploy one of the six predefined guardrails.
import { Command } from "commander";
import type { GuardrailName } from "../../index.js";
import { withClient } from "../action.js";
import { addUndeployCommand } from "../undeploy.js";
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

  addUndeployCommand(group, {
    noun: "guardrail",
    argument: { name: "name", help: "the guardrail, e.g. Toxicity" },
    operationId: "undeployGuardrail",
    example: "platform guardrails undeploy Toxicity --yes",
    undeploy: (context, name) => context.client.guardrails.undeploy(name as GuardrailName, { signal: context.signal }),
  });

  return group;
}
