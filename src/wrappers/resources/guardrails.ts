// The six predefined guardrails, deployed and undeployed by name.
import type { components } from "../../generated/platform.js";
import type { Core } from "../core.js";
import { startJob, type JobOptions } from "../jobs/start-job.js";
import type { Job } from "../normalize/records.js";

export type GuardrailName = components["schemas"]["GuardrailName"];

export function guardrailsApi(core: Core) {
  return {
    deploy(name: GuardrailName, options: JobOptions = {}): Promise<Job> {
      return startJob(core, "deployGuardrail", { body: { name } }, options);
    },
    undeploy(name: GuardrailName, options: JobOptions = {}): Promise<Job> {
      return startJob(core, "undeployGuardrail", { body: { name } }, options);
    },
  };
}
