// Guardrails: deploying one that is deployed already answers 400; undeploying one that is not
// deployed is harmless (undeploy is safe to repeat). Both answer finished, as their samples show.
import { serviceError } from "../contract/problems.js";
import type { Handler } from "../context.js";
import { answerStartedJob } from "./job-records.js";

export const deployGuardrail: Handler = (context, call) => {
  const { name } = call.body as { name: string };
  if (context.guardrails.isDeployed(name)) return serviceError(call.operationId, 400, `Guardrail ${name} is already deployed`);
  const modelId = context.id("cm-");
  const onSuccess = () => context.guardrails.deploy(name, modelId);
  return answerStartedJob(context, { jobType: "GUARDRAILS", action: "DEPLOY", subject: { modelId }, onSuccess, finished: true });
};

export const undeployGuardrail: Handler = (context, call) => {
  const { name } = call.body as { name: string };
  const modelId = context.guardrails.modelOf(name) ?? context.id("cm-");
  const onSuccess = () => context.guardrails.undeploy(name);
  return answerStartedJob(context, { jobType: "GUARDRAILS", action: "UNDEPLOY", subject: { modelId }, onSuccess, finished: true });
};
