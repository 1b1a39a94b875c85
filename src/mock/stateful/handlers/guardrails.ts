// Guardrails: deploying one that is deployed already answers 400; undeploying one that is not
// deployed is harmless (undeploy is safe to repeat). Both answer finished, as their samples show.
import { serviceError } from "../contract/problems.js";
import type { Handler } from "../context.js";
import { startedRecord } from "./job-records.js";

export const deployGuardrail: Handler = (context, call) => {
  const { name } = call.body as { name: string };
  if (context.guardrails.isDeployed(name)) return serviceError(call.operationId, 400, `Guardrail ${name} is already deployed`);
  const modelId = context.id("cm-");
  const job = context.jobs.start(
    { id: context.id("ds-"), jobType: "GUARDRAILS", action: "DEPLOY", subject: { modelId }, extra: {}, onSuccess: () => context.guardrails.deploy(name, modelId) },
    { now: context.now(), finished: true },
  );
  return { status: 200, body: startedRecord(context, job) };
};

export const undeployGuardrail: Handler = (context, call) => {
  const { name } = call.body as { name: string };
  const modelId = context.guardrails.modelOf(name) ?? context.id("cm-");
  const job = context.jobs.start(
    { id: context.id("ds-"), jobType: "GUARDRAILS", action: "UNDEPLOY", subject: { modelId }, extra: {}, onSuccess: () => context.guardrails.undeploy(name) },
    { now: context.now(), finished: true },
  );
  return { status: 200, body: startedRecord(context, job) };
};
