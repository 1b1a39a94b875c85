// Every tool of the server, in the order they are listed, and the annotations each is listed
// with. Typed by ToolName both ways: a name without a tool, or a tool without a name in
// ./operation-tools.ts, does not compile.
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { isIdempotent, overwrites, type ToolName } from "./operation-tools.js";
import type { ToolDefinition } from "./tool.js";
import { deleteAttachment, uploadAttachment } from "./tools/attachments.js";
import { deleteChunks, listChunks, updateChunk } from "./tools/chunks.js";
import { createConnection, getConnection, listConnections, replaceConnection, updateConnection } from "./tools/connections.js";
import { deployGuardrail } from "./tools/guardrails.js";
import { waitForJob } from "./tools/jobs.js";
import { importModel, resumeModelImport } from "./tools/model-import.js";
import { deployModel, exportModel } from "./tools/models.js";
import { deployTool, exportTool, importTool } from "./tools/platform-tools.js";
import { undeploy } from "./tools/undeploy.js";

const TABLE: { readonly [N in ToolName]: ToolDefinition<N> } = {
  list_connections: listConnections,
  get_connection: getConnection,
  create_connection: createConnection,
  update_connection: updateConnection,
  replace_connection: replaceConnection,
  list_chunks: listChunks,
  update_chunk: updateChunk,
  delete_chunks: deleteChunks,
  import_model: importModel,
  resume_model_import: resumeModelImport,
  deploy_model: deployModel,
  export_model: exportModel,
  import_tool: importTool,
  export_tool: exportTool,
  deploy_tool: deployTool,
  deploy_guardrail: deployGuardrail,
  undeploy: undeploy,
  upload_attachment: uploadAttachment,
  delete_attachment: deleteAttachment,
  wait_for_job: waitForJob,
};

export const TOOLS: readonly ToolDefinition[] = Object.values(TABLE);

export function findTool(name: string): ToolDefinition | undefined {
  return Object.hasOwn(TABLE, name) ? TABLE[name as ToolName] : undefined;
}

/**
 * What the tool does to the platform, as MCP clients read it. Every tool acts on the one
 * platform environment the server was given, a closed world: openWorldHint is false throughout.
 */
export function annotationsOf(tool: ToolDefinition): ToolAnnotations {
  const readOnly = tool.effect === "read";
  return {
    title: tool.title,
    readOnlyHint: readOnly,
    destructiveHint: tool.effect === "destroy" || overwrites(tool.name),
    idempotentHint: isIdempotent(tool.name),
    openWorldHint: false,
  };
}
