// platform tools: import (from local files, uploaded first, or from file ids), import into an
// existing tool, export (and download), deploy and undeploy.
import { Command, Option } from "commander";
import type { ImportIntoToolRequest, ImportToolRequest } from "../../index.js";
import { withClient } from "../action.js";
import { addUndeployCommand } from "../undeploy.js";
import { readBodyFile } from "../bodies.js";
import { UsageError } from "../exit-codes.js";
import { printJob, settleJob, withJobOptions, type JobFlags } from "../job-options.js";
import { prepareDownload } from "../local-files/download.js";
import { formatBytes } from "../progress.js";
import { note, printResult, printable } from "../output/print.js";
import { bindOption, specArgument, specOption } from "../spec-flags.js";

interface ToolFiles {
  file?: string;
  toolData?: string;
  flowData?: string;
  envVariables?: string;
}

const fileOptions = (command: Command) =>
  command
    .option("--tool-data <file>", "the tool data file to upload")
    .option("--flow-data <file>", "the flow data file to upload")
    .option("--env-variables <file>", "the environment variables file to upload")
    .option("--file <path>", "instead of files: a JSON body of file ids from `platform files upload`, or - for stdin");

/** Local files (uploaded by the client) or a body of ids, never both. */
function fromFiles(options: ToolFiles): boolean {
  const paths = options.toolData !== undefined || options.flowData !== undefined || options.envVariables !== undefined;
  if (paths && options.file !== undefined) throw new UsageError("give the files (--tool-data, --flow-data, --env-variables) or --file with their ids, not both");
  if (!paths && options.file === undefined) throw new UsageError("give --tool-data and --flow-data (files to upload), or --file with the ids of uploaded files");
  if (paths && (options.toolData === undefined || options.flowData === undefined)) throw new UsageError("--tool-data and --flow-data are both required");
  return paths;
}

const needed = (operation: "importTool" | "importIntoTool") => (options: ToolFiles & JobFlags) => [
  ...(options.file === undefined ? ["uploadFile" as const] : []),
  operation,
  ...(options.wait ? ["getDockStatus" as const] : []),
];

export function toolsCommand(): Command {
  const group = new Command("tools").description("import, export, deploy and undeploy tools");

  const toolName = specOption("--name <name>", "the tool's name (toolName)", { operationId: "importTool", in: "body", name: "toolName" });
  withJobOptions(fileOptions(group.command("import").description("import a new tool (uploadFile, importTool)").addOption(toolName.option)))
    .addHelpText("after", "\nExample:\n  platform tools import --name support-tool --tool-data tool.json --flow-data flow.json --env-variables env.json --wait")
    .action(
      withClient(needed("importTool"), async (context, options: ToolFiles & JobFlags) => {
        const name = toolName.read(options);
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
      }),
    );

  withJobOptions(
    fileOptions(
      group
        .command("import-into")
        .addArgument(specArgument("<toolId>", "a-…", { operationId: "importIntoTool", in: "path", name: "toolId" }))
        .description("import new versions of a tool's files into it (uploadFile, importIntoTool)"),
    ),
  )
    .addHelpText("after", "\nExample:\n  platform tools import-into a-5e6f7a8b --tool-data tool.json --flow-data flow.json --env-variables env.json --wait")
    .action(
      withClient(needed("importIntoTool"), async (context, options: ToolFiles & JobFlags, toolId: string) => {
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
      }),
    );

  const flowId = specOption("--flow-id <id>", "the deployed call flow's id", { operationId: "exportTool", in: "query", name: "flowId" });
  withJobOptions(group.command("export").addArgument(specArgument("<toolId>", "a-…", { operationId: "exportTool", in: "path", name: "toolId" })).description("export a tool (exportTool); with --wait --download, save the file"))
    .addOption(flowId.option.makeOptionMandatory())
    .option("--download <path>", "with --wait: save the exported file here (checked before the export starts)")
    .addHelpText("after", "\nExample:\n  platform tools export a-5e6f7a8b --flow-id a-5e6f7a8b --wait --download tool-export.zip")
    .action(
      withClient(["exportTool", "getDockStatus"], async (context, options: JobFlags & { download?: string }, toolId: string) => {
        if (options.download !== undefined && !options.wait) throw new UsageError("--download needs --wait: the file exists once the export job is done");
        const target = options.download === undefined ? undefined : prepareDownload(options.download);
        try {
          const exported = await context.client.tools.export(toolId, { flowId: flowId.readMandatory(options), signal: context.signal });
          const job = await settleJob(context, options, exported);
          if (target) {
            const bytes = await target.save(await context.client.tools.downloadExport(job, { signal: context.signal }), context.signal);
            note(`saved ${formatBytes(bytes)} to ${target.path}`);
          }
          await printResult(context.out, printable(job));
        } finally {
          target?.discard();
        }
      }),
    );

  const sync = bindOption(new Option("--sync", "ask the service to deploy before answering (isAsync: false)"), { operationId: "deployTool", in: "body", name: "isAsync", given: false });
  withJobOptions(
    group
      .command("deploy")
      .addArgument(specArgument("<toolId>", "a-…", { operationId: "deployTool", in: "path", name: "toolId" }))
      .description("deploy a tool (deployTool)")
      .addOption(sync),
  )
    .addHelpText("after", "\nExample:\n  platform tools deploy a-5e6f7a8b --wait")
    .action(
      withClient(["deployTool", "getDockStatus"], async (context, options: JobFlags & { sync?: boolean }, toolId: string) => {
        return printJob(context, options, context.client.tools.deploy(toolId, { isAsync: !options.sync, signal: context.signal }));
      }),
    );

  addUndeployCommand(group, {
    noun: "tool",
    argument: specArgument("<toolId>", "a-…", { operationId: "undeployTool", in: "path", name: "toolId" }),
    operationId: "undeployTool",
    example: "platform tools undeploy a-5e6f7a8b --yes --wait",
    undeploy: (context, toolId) => context.client.tools.undeploy(toolId, { signal: context.signal }),
  });

  return group;
}
