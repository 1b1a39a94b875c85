// Model deploy, undeploy and export. Deploying a model that was never imported answers 404, one
// whose import has not finished (or that is deployed already) 400, as a model must be in the
// Ready to Deploy state. Undeploy answers finished, as its sample shows.
import { serviceError } from "../contract/problems.js";
import { pathParam, type Handler } from "../context.js";
import { startedRecord } from "./job-records.js";

export const deployModel: Handler = (context, call) => {
  const modelId = pathParam(call, "modelId");
  const model = context.models.get(modelId);
  if (!model) return serviceError(call.operationId, 404, `Model ${modelId} not found`);
  if (model.state !== "ready") return serviceError(call.operationId, 400, `Model ${modelId} is not in the Ready to Deploy state (it is ${model.state})`);
  model.state = "deploying";
  const job = context.jobs.start(
    {
      id: context.id("ds-"),
      jobType: "MODELS",
      action: "DEPLOY",
      subject: { modelId },
      extra: {},
      onSuccess: () => {
        model.state = "deployed";
      },
      onFailure: () => {
        model.state = "ready";
      },
    },
    { now: context.now() },
  );
  return { status: 200, body: startedRecord(context, job) };
};

export const undeployModel: Handler = (context, call) => {
  const modelId = pathParam(call, "modelId");
  const model = context.models.get(modelId);
  if (!model) return serviceError(call.operationId, 404, `Model ${modelId} not found`);
  const job = context.jobs.start(
    {
      id: context.id("ds-"),
      jobType: "MODELS",
      action: "UNDEPLOY",
      subject: { modelId },
      extra: {},
      onSuccess: () => {
        if (model.state !== "importing") model.state = "ready";
      },
    },
    { now: context.now(), finished: true },
  );
  return { status: 200, body: startedRecord(context, job) };
};

export const exportModel: Handler = (context, call) => {
  const modelId = pathParam(call, "modelId");
  const model = context.models.get(modelId);
  if (!model) return serviceError(call.operationId, 404, `Model ${modelId} not found`);
  if (model.state === "importing") return serviceError(call.operationId, 400, `Model ${modelId} has not finished importing`);
  const job = context.jobs.start(
    { id: context.id("ds-"), jobType: "MODELS", action: "EXPORT", subject: { modelId }, extra: {}, onSuccess: undefined },
    { now: context.now() },
  );
  return { status: 200, body: startedRecord(context, job) };
};
