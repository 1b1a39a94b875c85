// Model deploy and export: each starts a job and waits for it within the call's bound.
import type { DeployModelRequest } from "../../index.js";
import { settleJob } from "../jobs.js";
import { bodyField, bodyFieldNames, bodyRequires, parameter, type BodyField } from "../schemas.js";
import { maxWaitSeconds } from "../server-arguments.js";
import { defineTool, given, server, spec, specFields } from "../tool.js";

// `isDeployedPreviouly` is the vendor sample's misspelling, which the spec accepts beside the
// field table's `isDeployedPreviously` (discrepancy is-deployed-previously-spelling). An agent
// is offered the one spelling; two names for one flag would only invite sending both.
type DeployField = Exclude<BodyField<"deployModel">, "isDeployedPreviouly">;
const DEPLOY_FIELDS = bodyFieldNames("deployModel").filter((field): field is DeployField => field !== "isDeployedPreviouly");

export const deployModel = defineTool({
  name: "deploy_model",
  title: "Deploy a model",
  description: "Deploys an imported model (one in the Ready to Deploy state) and waits for the deploy job within maxWaitSeconds; if the bound comes first, answers with the job's handle for wait_for_job.",
  effect: "write",
  arguments: {
    modelId: spec(parameter("deployModel", "modelId"), true),
    modelType: spec(parameter("deployModel", "modelType"), true),
    ...specFields<DeployModelRequest, DeployField>(DEPLOY_FIELDS, (field) => bodyField("deployModel", field), (field) => bodyRequires("deployModel", field)),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const { modelId, modelType } = args;
    const settings: DeployModelRequest = given<DeployModelRequest, DeployField>(args, DEPLOY_FIELDS);
    call.precheck("deployModel", { path: { modelId }, query: { modelType }, body: settings });
    const job = await call.client.models.deploy(modelId, settings, { modelType, signal: call.signal });
    return settleJob(call, job, `deploy of model ${modelId}`);
  },
});

export const exportModel = defineTool({
  name: "export_model",
  title: "Export a model",
  description: "Starts the export of a model and waits for it within maxWaitSeconds; the finished job carries downloadUrl, which opens without platform credentials. If the bound comes first, answers with the job's handle for wait_for_job.",
  effect: "write",
  arguments: {
    modelId: spec(parameter("exportModel", "modelId"), true),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const { modelId } = args;
    call.precheck("exportModel", { path: { modelId } });
    const job = await call.client.models.export(modelId, { signal: call.signal });
    return settleJob(call, job, `export of model ${modelId}`);
  },
});
