// platform tools: import (from local files, uploaded first, or from file ids), import into an
// existing tool, export (and download), deploy and undeploy.
import { Command, Option } from "commander";
import { withClient } from "../action.js";
import type { ToolFiles } from "../actions/tools.js";
import { withJobOptions, type JobFlags } from "../job-options.js";
import { bindOption, specArgument, specOption } from "../spec-flags.js";
import { addUndeployCommand } from "../undeploy.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/tools.js");

const fileOptions = (command: Command) =>
  command
    .option("--tool-data <file>", "the tool data file to upload")
    .option("--flow-data <file>", "the flow data file to upload")
    .option("--env-variables <file>", "the environment variables file to upload")
    .option("--file <path>", "instead of files: a JSON body of file ids from `platform files upload`, or - for stdin");

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
        await (await work()).importTool(context, options, toolName.read(options));
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
        await (await work()).importInto(context, options, toolId);
      }),
    );

  const flowId = specOption("--flow-id <id>", "the deployed call flow's id", { operationId: "exportTool", in: "query", name: "flowId" });
  withJobOptions(group.command("export").addArgument(specArgument("<toolId>", "a-…", { operationId: "exportTool", in: "path", name: "toolId" })).description("export a tool (exportTool); with --wait --download, save the file"))
    .addOption(flowId.option.makeOptionMandatory())
    .option("--download <path>", "with --wait: save the exported file here (checked before the export starts)")
    .addHelpText("after", "\nExample:\n  platform tools export a-5e6f7a8b --flow-id a-5e6f7a8b --wait --download tool-export.zip")
    .action(
      withClient(["exportTool", "getDockStatus"], async (context, options: JobFlags & { download?: string }, toolId: string) => {
        await (await work()).exportTool(context, options, toolId, flowId.readMandatory(options));
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
        await (await work()).deploy(context, options, toolId);
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
