// platform models: import a model file in numbered chunks (progress, a resumable state file,
// --resume, a lock so two runs never share one state), deploy, undeploy and export it.
import { Command, Option } from "commander";
import { withClient } from "../action.js";
import type { DeployFlags, ImportFlags } from "../actions/models.js";
import { parseBytes, parsePositiveInteger } from "../durations.js";
import { UsageError } from "../exit-codes.js";
import { withJobOptions, type JobFlags } from "../job-options.js";
import { specArgument, specOption } from "../spec-flags.js";
import { addUndeployCommand } from "../undeploy.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/models.js");

const IMPORT_FILE_NAME = specOption("--file-name <name>", "the name the service records (default: the file's own)", { operationId: "startImportSession", in: "body", name: "fileName" });

const number = (flag: string) => (text: string) => {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) throw new UsageError(`${flag} must be a number`);
  return value;
};

/** The deploy's flags, each filling its field of deployModel. */
function deployFlags() {
  const field = <N extends "name" | "deviceType">(name: N) => ({ operationId: "deployModel", in: "body", name }) as const;
  const hyper = <N extends "temperature" | "maxTokens" | "topP" | "topK">(name: N) => ({ operationId: "deployModel", in: "body", name: `hyperParameters.${name}` }) as const;
  return {
    modelType: specOption("--model-type <type>", "the kind of model (modelType)", { operationId: "deployModel", in: "query", name: "modelType" }),
    name: specOption("--name <name>", "the deployment's name", field("name")),
    deviceType: specOption("--device-type <type>", "the instance type to deploy on", field("deviceType")),
    temperature: specOption("--temperature <t>", "hyperParameters.temperature", hyper("temperature"), number("--temperature")),
    maxTokens: specOption("--max-tokens <n>", "hyperParameters.maxTokens", hyper("maxTokens"), number("--max-tokens")),
    topP: specOption("--top-p <p>", "hyperParameters.topP", hyper("topP"), number("--top-p")),
    topK: specOption("--top-k <k>", "hyperParameters.topK", hyper("topK"), number("--top-k")),
  };
}

export function modelsCommand(): Command {
  const group = new Command("models").description("import, deploy, undeploy and export models");

  const adapter = specOption("--adapter", "the file is an adapter (isAdapter)", { operationId: "startImportSession", in: "body", name: "isAdapter" });
  withJobOptions(
    group
      .command("import")
      .addArgument(specArgument("<file>", "the model file (any size: it is read in chunks, never whole)", { operationId: "uploadImportChunk", in: "body", name: "file" }))
      .description("import a model file in numbered chunks (startImportSession, uploadImportChunk, completeImportSession)")
      .addOption(IMPORT_FILE_NAME.option)
      .option("--chunk-size <size>", "bytes per chunk, e.g. 8MiB", parseBytes)
      .option("--concurrency <n>", "chunks in flight at once (default 4)", parsePositiveInteger)
      .addOption(adapter.option)
      .option("--state <path>", "where to keep the resumable state (default: FILE.import-state.json)")
      .option("--resume <state>", "continue the import a state file describes, sending only the missing chunks")
      .addOption(new Option("--progress <mode>", "how to show progress on stderr (auto: a bar on a terminal, lines elsewhere)").choices(["auto", "bar", "lines", "none"]).default("auto")),
  )
    .addHelpText(
      "after",
      "\nExamples:\n  platform models import model.tar --wait --json\n  platform models import model.tar --resume model.tar.import-state.json --wait\n\nThe state file is written after every chunk and removed once the upload is complete; a lock beside it (STATE.lock) keeps a second run off it.",
    )
    .action(
      withClient(["startImportSession", "uploadImportChunk", "completeImportSession", "getDockStatus"], async (context, options: ImportFlags, file: string) => {
        await (await work()).importModel(context, options, file, IMPORT_FILE_NAME.read(options));
      }),
    );

  const deploy = deployFlags();
  withJobOptions(
    group
      .command("deploy")
      .addArgument(specArgument("<modelId>", "cm-…", { operationId: "deployModel", in: "path", name: "modelId" }))
      .description("deploy a model (deployModel)")
      .addOption(deploy.modelType.option.makeOptionMandatory())
      .option("--file <path>", "the JSON body (name, hyperParameters, deviceType), or - for stdin")
      .addOption(deploy.name.option)
      .addOption(deploy.deviceType.option)
      .addOption(deploy.temperature.option)
      .addOption(deploy.maxTokens.option)
      .addOption(deploy.topP.option)
      .addOption(deploy.topK.option),
  )
    .addHelpText("after", "\nExample:\n  platform models deploy cm-4e5f6a7b --model-type openSource --name support --device-type g5.xlarge \\\n    --temperature 0.7 --max-tokens 256 --top-p 0.9 --top-k 40 --wait")
    .action(
      withClient(["deployModel", "getDockStatus"], async (context, options: DeployFlags, modelId: string) => {
        const given = { name: deploy.name.read(options), deviceType: deploy.deviceType.read(options) };
        const hyper = {
          temperature: deploy.temperature.read(options),
          maxTokens: deploy.maxTokens.read(options),
          topP: deploy.topP.read(options),
          topK: deploy.topK.read(options),
        };
        await (await work()).deploy(context, options, modelId, deploy.modelType.readMandatory(options), given, hyper);
      }),
    );

  addUndeployCommand(group, {
    noun: "model",
    argument: specArgument("<modelId>", "cm-…", { operationId: "undeployModel", in: "path", name: "modelId" }),
    operationId: "undeployModel",
    example: "platform models undeploy cm-4e5f6a7b --yes --wait",
    undeploy: (context, modelId) => context.client.models.undeploy(modelId, { signal: context.signal }),
  });

  withJobOptions(
    group
      .command("export")
      .addArgument(specArgument("<modelId>", "cm-…", { operationId: "exportModel", in: "path", name: "modelId" }))
      .description("export a model (exportModel); with --wait --download, save the file"),
  )
    .option("--download <path>", "with --wait: save the exported file here (checked before the export starts)")
    .addHelpText("after", "\nExample:\n  platform models export cm-4e5f6a7b --wait --download model-export.tar")
    .action(
      withClient(["exportModel", "getDockStatus"], async (context, options: JobFlags & { download?: string }, modelId: string) => {
        await (await work()).exportModel(context, options, modelId);
      }),
    );

  return group;
}
