// Deploying one of the predefined guardrails, a job waited for within the call's bound. (Its
// undeploy is the undeploy tool's, with the other undeploys: ./undeploy.ts.)
import { settleJob } from "../jobs.js";
import { bodyField } from "../schemas.js";
import { maxWaitSeconds } from "../server-arguments.js";
import { defineTool, server, spec } from "../tool.js";

export const deployGuardrail = defineTool({
  name: "deploy_guardrail",
  title: "Deploy a guardrail",
  description: "Deploys one of the predefined guardrails by name and waits for the job within maxWaitSeconds; if the bound comes first, answers with the job's handle for wait_for_job.",
  effect: "write",
  arguments: {
    name: spec(bodyField("deployGuardrail", "name", "The guardrail to deploy."), true),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const { name } = args;
    call.precheck("deployGuardrail", { body: { name } });
    return settleJob(call, await call.client.guardrails.deploy(name, { signal: call.signal }), `deploy of guardrail ${name}`);
  },
});
