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
import type { RequestParts } from "../../wrappers/request/request-check.js";
import { defineTool, server, spec, type ToolCall } from "../tool.js";

type Key = "modelId" | "toolId" | "name";
const KEYS = ["modelId", "toolId", "name"] as const satisfies readonly Key[];

/** What one given id undeploys: the spec's operation for the check, and the client's call. */
interface Target {
  key: Key;
  id: string;
  noun: string;
  operationId: OperationId;
  parts: RequestParts;
  undeploy(call: ToolCall): Promise<Job>;
}

/** A target for each id the call gave, each call made with its id as the client types it. */
function targetsOf({ modelId, toolId, name }: { modelId?: string | undefined; toolId?: string | undefined; name?: GuardrailName | undefined }): Target[] {
  return [
    ...(modelId === undefined
      ? []
      : [
          {
            key: "modelId",
            id: modelId,
            noun: "model",
            operationId: "undeployModel",
            parts: { path: { modelId } },
            undeploy: (call) => call.client.models.undeploy(modelId, { signal: call.signal }),
          } satisfies Target,
        ]),
    ...(toolId === undefined
      ? []
      : [
          {
            key: "toolId",
            id: toolId,
            noun: "tool",
            operationId: "undeployTool",
            parts: { path: { toolId } },
            undeploy: (call) => call.client.tools.undeploy(toolId, { signal: call.signal }),
          } satisfies Target,
        ]),
    ...(name === undefined
      ? []
      : [
          {
            key: "name",
            id: name,
            noun: "guardrail",
            operationId: "undeployGuardrail",
            parts: { body: { name } },
            undeploy: (call) => call.client.guardrails.undeploy(name, { signal: call.signal }),
          } satisfies Target,
        ]),
  ];
}

export const undeploy = defineTool({
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
    const given = targetsOf(args);
    const target = given[0];
    if (given.length !== 1 || target === undefined) {
      throw new ValidationError([{ field: given[1]?.key ?? "modelId", rule: "oneOf", message: `give exactly one of modelId, toolId and name (got ${given.length === 0 ? "none" : given.map((t) => t.key).join(" and ")})` }], "undeploy");
    }
    const { key, id, noun } = target;
    call.precheck(target.operationId, target.parts);
    requireConsent(args.confirm, "undeploy", { action: `undeploy ${noun} ${id}`, [key]: id });
    return settleJob(call, await target.undeploy(call), `undeploy of ${noun} ${id}`);
  },
});
