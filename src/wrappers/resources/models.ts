// Model deploy and undeploy. Both answer with a job; `wait` polls it to the end.
import type { components } from "../../generated/platform.js";
import type { Core } from "../core.js";
import { startJob, type JobOptions } from "../jobs/start-job.js";
import type { Job } from "../normalize/records.js";

export type DeployModelRequest = Omit<components["schemas"]["DeployModelRequest"], "isDeployedPreviouly">;
export type ModelType = "openSource" | "fineTune";

export interface DeployModelOptions extends JobOptions {
  modelType: ModelType;
}

export function modelsApi(core: Core) {
  return {
    /** The client sends the field table's spelling `isDeployedPreviously` (see discrepancy is-deployed-previously-spelling). */
    deploy(modelId: string, settings: DeployModelRequest, options: DeployModelOptions): Promise<Job> {
      return startJob(core, "deployModel", { path: { modelId }, query: { modelType: options?.modelType }, body: settings }, options);
    },

    undeploy(modelId: string, options: JobOptions = {}): Promise<Job> {
      return startJob(core, "undeployModel", { path: { modelId } }, options);
    },
  };
}
