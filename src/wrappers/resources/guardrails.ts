// The six predefined guardrails, deployed and undeployed by name.
import type { components } from "../../generated/platform.js";
import { checkOptions, JOB_OPTION_KEYS, type JobOptions, signalOf } from "../call-options.js";
import { startJob } from "../jobs/start-job.js";
import type { Job } from "../normalize/jobs.js";
import type { PlatformApi } from "../request/platform-api.js";

export type GuardrailName = components["schemas"]["GuardrailName"];

export function guardrailsApi(platform: PlatformApi) {
  const { api } = platform;
  return {
    deploy(name: GuardrailName, options?: JobOptions): Promise<Job> {
      const checked = checkOptions(options, JOB_OPTION_KEYS, "deployGuardrail");
      return startJob(platform, checked, () => api.POST("/api/public/guardrails/deploy", { body: { name }, ...signalOf(checked.signal) }));
    },
    undeploy(name: GuardrailName, options?: JobOptions): Promise<Job> {
      const checked = checkOptions(options, JOB_OPTION_KEYS, "undeployGuardrail");
      return startJob(platform, checked, () => api.POST("/api/public/guardrails/undeploy", { body: { name }, ...signalOf(checked.signal) }));
    },
  };
}
