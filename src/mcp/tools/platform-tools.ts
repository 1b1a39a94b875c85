// The platform's tools (the spec's Tools tag): import (a new tool, or new files into an existing
// one), export and deploy, each a job waited for within the call's bound. Import takes each file
// as the id an earlier upload returned or as a path on the server's machine, which is uploaded
// first (Upload File), after the import itself has been checked.
import type { Job } from "../../index.js";
import { ValidationError, type ValidationIssue } from "../../kernel/errors.js";
import { present } from "../../kernel/present.js";
import { settleJob } from "../jobs.js";
import { bodyField, parameter } from "../schemas.js";
import { filePath, maxWaitSeconds, readableFile } from "../server-arguments.js";
import { defineTool, server, spec, type ToolCall } from "../tool.js";

const FILES = ["toolData", "flowData", "envVariables"] as const;
type FileRole = (typeof FILES)[number];
const LABEL: Record<FileRole, string> = { toolData: "the tool data file", flowData: "the flow data file", envVariables: "the environment variables file" };
/** Each file's two arguments, as a call gives them. */
type FileIds = Partial<Record<`${FileRole}FileId`, string>>;
type FileArguments = { readonly [K in `${FileRole}FileId` | `${FileRole}Path`]?: string | undefined };

/** The path argument that stands in for a file's id: the file is uploaded first. */
const uploadPath = (role: FileRole) => server(filePath(`${LABEL[role]}, to upload instead of giving ${role}FileId`));

/** Each file's id: given, or from uploading the file at its path. */
async function fileIds(args: FileArguments, roles: readonly FileRole[], call: ToolCall): Promise<FileIds> {
  const ids: FileIds = {};
  // Every path is checked before the first upload: a bad second path must not orphan the first file.
  const readable = new Map<FileRole, string>();
  for (const role of roles) {
    const path = args[`${role}Path`];
    if (args[`${role}FileId`] === undefined && path !== undefined) readable.set(role, (await readableFile(path, `${role}Path`, "import_tool")).path);
  }
  for (const role of roles) {
    const id = args[`${role}FileId`];
    const path = readable.get(role);
    if (id !== undefined) ids[`${role}FileId`] = id;
    else if (path !== undefined) ids[`${role}FileId`] = (await call.client.files.upload({ source: path, signal: call.signal })).fileId;
  }
  return ids;
}

/** The id of a file the import requires: fileIssues() refused a call that gave neither its id nor its path. */
const fileId = (ids: FileIds, role: FileRole): string => present(ids[`${role}FileId`], `${role}FileId of a checked import`);

/** An import, into an existing tool or of a new one: checked with the files' ids to come, then started with them. */
interface Import {
  what: string;
  precheck(call: ToolCall, pendingIds: Record<string, string>): void;
  start(call: ToolCall, ids: FileIds): Promise<Job>;
}

const intoTool = (toolId: string): Import => ({
  what: `import into tool ${toolId}`,
  precheck: (call, pendingIds) => call.precheck("importIntoTool", { path: { toolId }, body: pendingIds }),
  start: (call, ids) =>
    call.client.tools.importInto(
      toolId,
      { toolDataFileId: fileId(ids, "toolData"), flowDataFileId: fileId(ids, "flowData"), envVariablesFileId: fileId(ids, "envVariables") },
      { signal: call.signal },
    ),
});

const newTool = (toolName: string): Import => ({
  what: `import of tool ${toolName}`,
  precheck: (call, pendingIds) => call.precheck("importTool", { body: { ...pendingIds, toolName } }),
  start: (call, ids) =>
    call.client.tools.import(
      {
        toolName,
        toolDataFileId: fileId(ids, "toolData"),
        flowDataFileId: fileId(ids, "flowData"),
        ...(ids.envVariablesFileId ? { envVariablesFileId: ids.envVariablesFileId } : {}),
      },
      { signal: call.signal },
    ),
});

function fileIssues(args: FileArguments, needed: readonly FileRole[]): ValidationIssue[] {
  return FILES.flatMap((role): ValidationIssue[] => {
    const [id, path] = [args[`${role}FileId`], args[`${role}Path`]];
    if (id !== undefined && path !== undefined) return [{ field: `${role}Path`, rule: "oneOf", message: `give ${role}FileId or ${role}Path, not both` }];
    if (id === undefined && path === undefined && needed.includes(role)) return [{ field: `${role}FileId`, rule: "required", message: `${role}FileId or ${role}Path is required` }];
    return [];
  });
}

export const importTool = defineTool({
  name: "import_tool",
  title: "Import a tool",
  description:
    "Imports a new tool (toolName, and its tool data and flow data files, optionally an environment variables file), or with toolId new versions of an existing tool's three files. Each file is given as the id an earlier upload returned (…FileId) or as a path on the MCP server's machine (…Path), which is uploaded first. Waits for the import job within maxWaitSeconds.",
  effect: "write",
  arguments: {
    toolId: spec(parameter("importIntoTool", "toolId", "The existing tool to import the files into; leave out to import a new tool.")),
    toolName: spec(bodyField("importTool", "toolName", "The new tool's name (only without toolId).")),
    toolDataFileId: spec(bodyField("importTool", "toolDataFileId")),
    toolDataPath: uploadPath("toolData"),
    flowDataFileId: spec(bodyField("importTool", "flowDataFileId")),
    flowDataPath: uploadPath("flowData"),
    envVariablesFileId: spec(bodyField("importTool", "envVariablesFileId")),
    envVariablesPath: uploadPath("envVariables"),
    maxWaitSeconds: server(maxWaitSeconds),
  },
  async run(args, call) {
    const { toolId, toolName } = args;
    const importing = toolId !== undefined ? intoTool(toolId) : toolName !== undefined ? newTool(toolName) : undefined;
    const issues = fileIssues(args, toolId !== undefined ? FILES : ["toolData", "flowData"]);
    if (toolId !== undefined && toolName !== undefined) issues.push({ field: "toolName", rule: "not", message: "toolName names a new tool; an import into toolId keeps the tool's name" });
    if (importing === undefined) issues.push({ field: "toolName", rule: "required", message: "toolName is required (or toolId, to import into an existing tool)" });
    if (issues.length > 0 || importing === undefined) throw new ValidationError(issues, "import_tool");
    // The import is checked before any file is uploaded: a bad name or id must not orphan files.
    importing.precheck(
      call,
      Object.fromEntries(
        FILES.flatMap((role) =>
          (args[`${role}FileId`] ?? args[`${role}Path`]) === undefined ? [] : [[`${role}FileId`, args[`${role}FileId`] ?? "pending-upload"]],
        ),
      ),
    );
    const ids = await fileIds(args, FILES, call);
    return settleJob(call, await importing.start(call, ids), importing.what, { fileIds: ids });
  },
});

export const exportTool = defineTool({
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
    const { toolId, flowId } = args;
    call.precheck("exportTool", { path: { toolId }, query: { flowId } });
    return settleJob(call, await call.client.tools.export(toolId, { flowId, signal: call.signal }), `export of tool ${toolId}`);
  },
});

export const deployTool = defineTool({
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
    const { toolId, isAsync } = args;
    call.precheck("deployTool", { path: { toolId }, body: { isAsync } });
    return settleJob(call, await call.client.tools.deploy(toolId, { isAsync, signal: call.signal }), `deploy of tool ${toolId}`);
  },
});
