// The work of `platform tools` (../commands/tools.ts), loaded when one of its commands runs:
// local files uploaded by the client or a body of file ids, the job settled, the export saved.
import type { ImportIntoToolRequest, ImportToolRequest } from "../../index.js";
import { readBodyFile } from "../bodies.js";
import type { Context } from "../context.js";
import { type ExportFlags, runExport } from "../export-job.js";
import { UsageError } from "../exit-codes.js";
import type { JobFlags } from "../job-options.js";
import { printJob } from "../settle-job.js";
import type { SpecFieldValue } from "../spec-flags.js";

export interface ToolFiles {
  file?: string;
  toolData?: string;
  flowData?: string;
  envVariables?: string;
}

/** Local files (uploaded by the client) or a body of ids, never both. */
function fromFiles(options: ToolFiles): boolean {
  const paths = options.toolData !== undefined || options.flowData !== undefined || options.envVariables !== undefined;
  if (paths && options.file !== undefined) throw new UsageError("give the files (--tool-data, --flow-data, --env-variables) or --file with their ids, not both");
  if (!paths && options.file === undefined) throw new UsageError("give --tool-data and --flow-data (files to upload), or --file with the ids of uploaded files");
  if (paths && (options.toolData === undefined || options.flowData === undefined)) throw new UsageError("--tool-data and --flow-data are both required");
  return paths;
}

/** `name` is --name, read by the command as the field it fills. */
export async function importTool(context: Context, options: ToolFiles & JobFlags, name: SpecFieldValue<"importTool", "body", "toolName"> | undefined): Promise<void> {
  if (fromFiles(options)) {
    if (name === undefined) throw new UsageError("--name is required: the tool's name (toolName)");
    const { toolData, flowData, envVariables } = options as Required<ToolFiles>;
    const request = {
      toolName: name,
      toolData: { source: toolData },
      flowData: { source: flowData },
      ...(envVariables ? { envVariables: { source: envVariables } } : {}),
      signal: context.signal,
    };
    return printJob(context, options, context.client.tools.importFromFiles(request));
  }
  const body = await readBodyFile(options.file);
  if (name !== undefined) body.toolName = name;
  return printJob(context, options, context.client.tools.import(body as unknown as ImportToolRequest, { signal: context.signal }));
}

export async function importInto(context: Context, options: ToolFiles & JobFlags, toolId: string): Promise<void> {
  if (fromFiles(options)) {
    if (options.envVariables === undefined) throw new UsageError("--env-variables is required to import into a tool");
    const { toolData, flowData, envVariables } = options as Required<ToolFiles>;
    return printJob(
      context,
      options,
      context.client.tools.importInto(
        toolId,
        { toolData: { source: toolData }, flowData: { source: flowData }, envVariables: { source: envVariables } },
        { signal: context.signal },
      ),
    );
  }
  const body = (await readBodyFile(options.file)) as unknown as ImportIntoToolRequest;
  return printJob(context, options, context.client.tools.importInto(toolId, body, { signal: context.signal }));
}

/** The export; with --wait --download, its file saved (the path checked before the export starts). */
export function exportTool(context: Context, options: ExportFlags, toolId: string, flowId: string): Promise<void> {
  return runExport(
    context,
    options,
    () => context.client.tools.export(toolId, { flowId, signal: context.signal }),
    (job) => context.client.tools.downloadExport(job, { signal: context.signal }),
  );
}

export async function deploy(context: Context, options: JobFlags & { sync?: boolean }, toolId: string): Promise<void> {
  return printJob(context, options, context.client.tools.deploy(toolId, { isAsync: !options.sync, signal: context.signal }));
}
