// Model deploy, undeploy and export. Deploying a model that was never imported answers 404, one
// whose import has not finished (or that is deployed already) 400, as a model must be in the
// Ready to Deploy state. Undeploy answers finished, as its sample shows.
import { serviceError } from "../contract/problems.js";
import { pathParam, type Handler } from "../context.js";
import { answerStartedJob } from "./job-records.js";

export const deployModel: Handler = (context, call) => {
  const modelId = pathParam(call, "modelId");
  const model = context.models.get(modelId);
  if (!model) return serviceError(call.operationId, 404, `Model ${modelId} not found`);
  if (model.state !== "ready") return serviceError(call.operationId, 400, `Model ${modelId} is not in the Ready to Deploy state (it is ${model.state})`);
  model.state = "deploying";
  return answerStartedJob(context, {
    jobType: "MODELS",
    action: "DEPLOY",
    subject: { modelId },
    onSuccess: () => {
      model.state = "deployed";
    },
    onFailure: () => {
      model.state = "ready";
    },
  });
};

export const undeployModel: Handler = (context, call) => {
  const modelId = pathParam(call, "modelId");
  const model = context.models.get(modelId);
  if (!model) return serviceError(call.operationId, 404, `Model ${modelId} not found`);
  return answerStartedJob(context, {
    jobType: "MODELS",
    action: "UNDEPLOY",
    subject: { modelId },
    onSuccess: () => {
      if (model.state !== "importing") model.state = "ready";
    },
    finished: true,
  });
};

export const exportModel: Handler = (context, call) => {
  const modelId = pathParam(call, "modelId");
  const model = context.models.get(modelId);
  if (!model) return serviceError(call.operationId, 404, `Model ${modelId} not found`);
  if (model.state === "importing") return serviceError(call.operationId, 400, `Model ${modelId} has not finished importing`);
  return answerStartedJob(context, { jobType: "MODELS", action: "EXPORT", subject: { modelId } });
};
