// platform guardrails: deploy and undeploy one of the predefined guardrails, named as the spec
// enumerates them (the argument's choices, and shell completion, come from the spec).
import { Command } from "commander";
import { withClient } from "../action.js";
import { withJobOptions, type JobFlags } from "../job-options.js";
import { specArgument, type SpecFieldValue } from "../spec-flags.js";
import { addUndeployCommand } from "../undeploy.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/guardrails.js");

type GuardrailName = SpecFieldValue<"deployGuardrail", "body", "name">;

const nameArgument = (operationId: "deployGuardrail" | "undeployGuardrail") => specArgument("<name>", "the guardrail (quote names with spaces)", { operationId, in: "body", name: "name" });

export function guardrailsCommand(): Command {
  const group = new Command("guardrails").description("deploy and undeploy the predefined guardrails");

  withJobOptions(group.command("deploy").addArgument(nameArgument("deployGuardrail")).description("deploy a guardrail (deployGuardrail)"))
    .addHelpText("after", "\nExample:\n  platform guardrails deploy Toxicity --wait --timeout 10m")
    .action(
      withClient(["deployGuardrail", "getDockStatus"], async (context, options: JobFlags, name: GuardrailName) => {
        await (await work()).deploy(context, options, name);
      }),
    );

  addUndeployCommand(group, {
    noun: "guardrail",
    argument: nameArgument("undeployGuardrail"),
    operationId: "undeployGuardrail",
    example: "platform guardrails undeploy Toxicity --yes",
    undeploy: (context, name) => context.client.guardrails.undeploy(name as SpecFieldValue<"undeployGuardrail", "body", "name">, { signal: context.signal }),
  });

  return group;
}
