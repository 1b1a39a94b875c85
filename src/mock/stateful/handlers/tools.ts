// Tools: import from uploaded file ids (an unknown id is refused), import into an existing tool,
// export (its download URL is served by the mock itself), deploy and undeploy.
import { serviceError, type Answer } from "../contract/problems.js";
import { pathParam, type Call, type Handler, type MockContext } from "../context.js";
import type { StoredFile } from "../state/files.js";
import type { Tool, ToolFiles } from "../state/tools.js";
import { answerStartedJob } from "./job-records.js";

interface FileIds {
  toolDataFileId: string;
  flowDataFileId: string;
  envVariablesFileId?: string | undefined;
}

/** The files the ids name, or a 400 naming the first id that no upload produced. */
function filesOf(context: MockContext, call: Call, ids: FileIds): ToolFiles | Answer {
  const look = (field: keyof FileIds): StoredFile | Answer | undefined => {
    const id = ids[field];
    if (id === undefined) return undefined;
    return context.files.get(id) ?? serviceError(call.operationId, 400, `${field} ${id} is not the id of an uploaded file`);
  };
  const toolData = look("toolDataFileId");
  const flowData = look("flowDataFileId");
  const envVariables = look("envVariablesFileId");
  for (const found of [toolData, flowData, envVariables]) if (found && "status" in found) return found;
  return { toolData: toolData as StoredFile, flowData: flowData as StoredFile, ...(envVariables ? { envVariables: envVariables as StoredFile } : {}) };
}
const isAnswer = (value: object): value is Answer => "status" in value && "body" in value;

function existingTool(context: MockContext, call: Call): Tool | Answer {
  const toolId = pathParam(call, "toolId");
  return context.tools.get(toolId) ?? serviceError(call.operationId, 404, `Tool ${toolId} not found`);
}

export const importTool: Handler = (context, call) => {
  const request = call.body as FileIds & { toolName: string };
  const files = filesOf(context, call, request);
  if (isAnswer(files)) return files;
  const tool: Tool = { toolId: context.id("a-"), toolName: request.toolName, files, state: "importing" };
  context.tools.add(tool);
  const onSuccess = () => {
    tool.state = "ready";
  };
  return answerStartedJob(context, { jobType: "TOOLS", action: "IMPORT", subject: { toolId: tool.toolId }, onSuccess });
};

export const importIntoTool: Handler = (context, call) => {
  const tool = existingTool(context, call);
  if (isAnswer(tool)) return tool;
  const files = filesOf(context, call, call.body as FileIds);
  if (isAnswer(files)) return files;
  // The reference's sample answers this import finished at once.
  const replaceFiles = () => {
    tool.files = files;
  };
  return answerStartedJob(context, { jobType: "TOOLS", action: "IMPORT", subject: { toolId: tool.toolId }, onSuccess: replaceFiles, finished: true });
};

export const exportTool: Handler = (context, call) => {
  const tool = existingTool(context, call);
  if (isAnswer(tool)) return tool;
  if (tool.state === "importing") return serviceError(call.operationId, 400, `Tool ${tool.toolId} has not finished importing`);
  const jobId = context.id("ds-");
  const exportJobId = context.id("tool-ej-");
  context.tools.addExport({ exportJobId, jobId, toolId: tool.toolId, flowId: call.query.flowId as string });
  // The export sample shows the download address at once, beside the job still in progress.
  const extra = { exportJobId, response: { downloadUrl: context.downloadUrl(jobId) } };
  return answerStartedJob(context, { id: jobId, jobType: "TOOLS", action: "EXPORT", subject: { toolId: tool.toolId }, extra });
};

export const deployTool: Handler = (context, call) => {
  const tool = existingTool(context, call);
  if (isAnswer(tool)) return tool;
  if (tool.state === "importing") return serviceError(call.operationId, 400, `Tool ${tool.toolId} has not finished importing`);
  const { isAsync } = call.body as { isAsync: boolean };
  const onSuccess = () => {
    tool.state = "deployed";
  };
  // The document: with isAsync false the deploy answers SUCCESS.
  return answerStartedJob(context, { jobType: "TOOLS", action: "DEPLOY", subject: { toolId: tool.toolId }, onSuccess, finished: !isAsync });
};

export const undeployTool: Handler = (context, call) => {
  const tool = existingTool(context, call);
  if (isAnswer(tool)) return tool;
  const onSuccess = () => {
    if (tool.state === "deployed") tool.state = "ready";
  };
  return answerStartedJob(context, { jobType: "TOOLS", action: "UNDEPLOY", subject: { toolId: tool.toolId }, onSuccess, finished: true });
};
