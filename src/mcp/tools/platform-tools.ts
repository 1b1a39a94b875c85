// The platform's tools (the spec's Tools tag): import (a new tool, or new files into an existing
// one), export and deploy, each a job waited for within the call's bound. Import takes each file
// as the id an earlier upload returned or as a path on the server's machine, which is uploaded
// first (Upload File), after the import itself has been checked.
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { settleJob } from "../jobs.js";
import { bodyField, parameter } from "../schemas.js";
import { filePath, maxWaitSeconds, readableFile } from "../server-arguments.js";
import { server, spec, type ToolCall, type ToolDefinition } from "../tool.js";

const FILES = ["toolData", "flowData", "envVariables"] as const;
type FileRole = (typeof FILES)[number];
const LABEL: Record<FileRole, string> = { toolData: "the tool data file", flowData: "the flow data file", envVariables: "the environment variables file" };

/** Each file's id: given, or from uploading the file at its path. */
async function fileIds(args: Record<string, unknown>, roles: readonly FileRole[], call: ToolCall): Promise<Partial<Record<`${FileRole}FileId`, string>>> {
  const ids: Partial<Record<`${FileRole}FileId`, string>> = {};
  // Every path is checked before the first upload: a bad second path must not orphan the first file.
  const readable = new Map<FileRole, string>();
  for (const role of roles) {
    const path = args[`${role}Path`] as string | undefined;
    if (args[`${role}FileId`] === undefined && path !== undefined) readable.set(role, (await readableFile(path, `${role}Path`, "import_tool")).path);
  }
  for (const role of roles) {
    const id = args[`${role}FileId`] as string | undefined;
    const path = readable.get(role);
    if (id !== undefined) ids[`${role}FileId`] = id;
    else if (path !== undefined) ids[`${role}FileId`] = (await call.client.files.upload({ source: path, signal: call.signal })).fileId;
  }
  return ids;
}

function fileIssues(args: Record<string, unknown>, needed: readonly FileRole[]): ValidationIssue[] {
  return FILES.flatMap((role): ValidationIssue[] => {
    const [id, path] = [args[`${role}FileId`], args[`${role}Path`]];
    if (id !== undefined && path !== undefined) return [{ field: `${role}Path`, rule: "oneOf", message: `give ${role}FileId or ${role}Path, not both` }];
    if (id === undefined && path === undefined && needed.includes(role)) return [{ field: `${role}FileId`, rule: "required", message: `${role}FileId or ${role}Path is required` }];
    return [];
  });
}

export const importTool: ToolDefinition<"import_tool"> = {
  name: "import_tool",
  title: "Import a tool",
  description:
    "Imports a new tool (toolName, and its tool data and flow data files, optionally an environment variables file), or with toolId new versions of an existing tool's three files. Each file is given as the id an earlier upload returned (…FileId) or as a path on the MCP server's machine (…Path), which is uploaded first. Waits for the import job within maxWaitSeconds.",
  effect: "write",
  arguments: {
    toolId: spec(parameter("importIntoTool", "toolId", "The existing tool to import the files into; leave out to import a new tool.")),
    toolName: spec(bodyField("importTool", "toolName", "The new tool's name (only without toolId).")),
    ...Object.fromEntries(FILES.flatMap((role) => [
      [`${role}FileId`, spec(bodyField("importTool", `${role}FileId`))],
      [`${role}Path`, server(filePath(`${LABEL[role]}, to upload instead of giving ${role}FileId`))],
    ])),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const toolId = args["toolId"] as string | undefined;
    const into = toolId !== undefined;
    const issues = fileIssues(args, into ? FILES : ["toolData", "flowData"]);
    if (into && args["toolName"] !== undefined) issues.push({ field: "toolName", rule: "not", message: "toolName names a new tool; an import into toolId keeps the tool's name" });
    if (issues.length > 0) throw new ValidationError(issues, "import_tool");
    // The import is checked before any file is uploaded: a bad name or id must not orphan files.
    const pending = Object.fromEntries(FILES.flatMap((role) => (args[`${role}FileId`] ?? args[`${role}Path`]) === undefined ? [] : [[`${role}FileId`, (args[`${role}FileId`] as string | undefined) ?? "pending-upload"]]));
    if (into) call.precheck("importIntoTool", { path: { toolId }, body: pending });
    else call.precheck("importTool", { body: { ...pending, ...(args["toolName"] !== undefined ? { toolName: args["toolName"] } : {}) } });
    const ids = await fileIds(args, FILES, call);
    if (into) {
      const body = { toolDataFileId: ids.toolDataFileId!, flowDataFileId: ids.flowDataFileId!, envVariablesFileId: ids.envVariablesFileId! };
      return settleJob(call, await call.client.tools.importInto(toolId, body, { signal: call.signal }), `import into tool ${toolId}`, { fileIds: ids });
    }
    const toolName = args["toolName"] as string;
    const body = { toolName, toolDataFileId: ids.toolDataFileId!, flowDataFileId: ids.flowDataFileId!, ...(ids.envVariablesFileId ? { envVariablesFileId: ids.envVariablesFileId } : {}) };
    return settleJob(call, await call.client.tools.import(body, { signal: call.signal }), `import of tool ${toolName}`, { fileIds: ids });
  },
};

export const exportTool: ToolDefinition<"export_tool"> = {
  name: "export_tool",
  title: "Export a tool",
  description: "Starts the export of a tool's deployed call flow and waits for it within maxWaitSeconds; the finished job carries downloadUrl, which opens without platform credentials. If the bound comes first, answers with the job's handle for wait_for_job.",
  effect: "write",
  arguments: {
    toolId: spec(parameter("exportTool", "toolId"), true),
    flowId: spec(parameter("exportTool", "flowId"), true),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const toolId = args["toolId"] as string;
    const flowId = args["flowId"] as string;
    call.precheck("exportTool", { path: { toolId }, query: { flowId } });
    return settleJob(call, await call.client.tools.export(toolId, { flowId, signal: call.signal }), `export of tool ${toolId}`);
  },
};

export const deployTool: ToolDefinition<"deploy_tool"> = {
  name: "deploy_tool",
  title: "Deploy a tool",
  description: "Deploys a tool and waits for the deploy within maxWaitSeconds (isAsync: false asks the platform to deploy before it answers). If the bound comes first, answers with the job's handle for wait_for_job.",
  effect: "write",
  arguments: {
    toolId: spec(parameter("deployTool", "toolId"), true),
    isAsync: spec(bodyField("deployTool", "isAsync"), true),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const toolId = args["toolId"] as string;
    const isAsync = args["isAsync"] as boolean;
    call.precheck("deployTool", { path: { toolId }, body: { isAsync } });
    return settleJob(call, await call.client.tools.deploy(toolId, { isAsync, signal: call.signal }), `deploy of tool ${toolId}`);
  },
};
