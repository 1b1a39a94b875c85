// One tool for the three undeploys (a model, a tool, a guardrail): the same act on three kinds of
// thing, destructive in the same way, each needing `confirm: true`. Exactly one of modelId,
// toolId and name says what is undeployed.
import type { GuardrailName, Job } from "../../index.js";
import type { OperationId } from "../../generated/operations.js";
import { ValidationError } from "../../kernel/errors.js";
import { CONFIRM_ARGUMENT, requireConsent } from "../consent.js";
import { settleJob } from "../jobs.js";
import { bodyField, parameter } from "../schemas.js";
import { maxWaitSeconds } from "../server-arguments.js";
import { server, spec, type ToolCall, type ToolDefinition } from "../tool.js";

interface Target {
  noun: string;
  operationId: OperationId;
  parts(id: string): { path?: Record<string, string>; body?: Record<string, string> };
  undeploy(call: ToolCall, id: string): Promise<Job>;
}

const TARGETS: Record<"modelId" | "toolId" | "name", Target> = {
  modelId: { noun: "model", operationId: "undeployModel", parts: (modelId) => ({ path: { modelId } }), undeploy: (call, id) => call.client.models.undeploy(id, { signal: call.signal }) },
  toolId: { noun: "tool", operationId: "undeployTool", parts: (toolId) => ({ path: { toolId } }), undeploy: (call, id) => call.client.tools.undeploy(id, { signal: call.signal }) },
  name: { noun: "guardrail", operationId: "undeployGuardrail", parts: (name) => ({ body: { name } }), undeploy: (call, id) => call.client.guardrails.undeploy(id as GuardrailName, { signal: call.signal }) },
};
const KEYS = Object.keys(TARGETS) as Array<keyof typeof TARGETS>;

export const undeploy: ToolDefinition<"undeploy"> = {
  name: "undeploy",
  title: "Undeploy a model, tool or guardrail",
  description:
    "Undeploys a model (modelId), a tool (toolId) or a guardrail (name): give exactly one. Needs confirm: true; without it, says what it would undeploy and sends nothing. Waits for the undeploy job within maxWaitSeconds.",
  effect: "destroy",
  arguments: {
    modelId: spec(parameter("undeployModel", "modelId", "The model to undeploy, `cm-` prefixed.")),
    toolId: spec(parameter("undeployTool", "toolId", "The tool to undeploy, `a-` prefixed.")),
    name: spec(bodyField("undeployGuardrail", "name", "The guardrail to undeploy.")),
    confirm: server(CONFIRM_ARGUMENT),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  oneOf: KEYS.map((key) => ({ required: [key] })),
  async run(args, call) {
    const given = KEYS.filter((key) => args[key] !== undefined);
    if (given.length !== 1) {
      throw new ValidationError([{ field: given.length === 0 ? "modelId" : given[1]!, rule: "oneOf", message: `give exactly one of modelId, toolId and name (got ${given.length === 0 ? "none" : given.join(" and ")})` }], "undeploy");
    }
    const key = given[0]!;
    const target = TARGETS[key];
    const id = args[key] as string;
    call.precheck(target.operationId, target.parts(id));
    requireConsent(args["confirm"], "undeploy", { action: `undeploy ${target.noun} ${id}`, [key]: id });
    return settleJob(call, await target.undeploy(call, id), `undeploy of ${target.noun} ${id}`);
  },
};
