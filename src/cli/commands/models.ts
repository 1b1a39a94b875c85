// platform models: import a model file in numbered chunks (progress, a resumable state file,
// --resume), deploy, undeploy and export it.
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { Command, Option } from "commander";
import type { DeployModelRequest, ImportResult, ImportState, ModelType } from "../../index.js";
import { ImportError } from "../../wrappers/errors.js";
import { withClient } from "../action.js";
import { addUndeployCommand } from "../undeploy.js";
import { mergeBody, readBodyFile } from "../bodies.js";
import type { Context } from "../context.js";
import { saveResponse } from "../download.js";
import { parseBytes, parsePositiveInteger } from "../durations.js";
import { Interrupted, UsageError } from "../exit-codes.js";
import { printJob, settleJob, withJobOptions, type JobFlags } from "../job-options.js";
import { formatBytes, createProgress } from "../progress.js";
import { note, printResult, printable } from "../output.js";
import { readStateFile, removeStateFile, writeStateFile } from "../state-file.js";

interface ImportFlags extends JobFlags {
  fileName?: string;
  chunkSize?: number;
  concurrency?: number;
  adapter?: boolean;
  state?: string;
  resume?: string;
  progress: "auto" | "bar" | "lines" | "none";
}

const stateFileFor = (file: string) => `${file}.import-state.json`;

async function importModel(context: Context, options: ImportFlags, file: string): Promise<void> {
  if (options.resume !== undefined && (options.chunkSize !== undefined || options.fileName !== undefined || options.adapter)) {
    throw new UsageError("--resume continues with the settings the import started with: leave out --chunk-size, --file-name and --adapter");
  }
  const size = await stat(file).then(
    (s) => s.size,
    (error: NodeJS.ErrnoException) => {
      throw new UsageError(`${file}: cannot be read (${error.code ?? "error"})`);
    },
  );
  const statePath = options.resume ?? options.state ?? stateFileFor(file);
  // A state file left by an earlier import is the only way back into its session: never overwrite it unasked.
  if (options.resume === undefined && existsSync(statePath)) {
    throw new UsageError(`${statePath} is left from an earlier import: continue it with --resume ${statePath}, or delete the file to start again`);
  }
  const resumed = options.resume === undefined ? undefined : readStateFile(options.resume);
  const mode = options.progress === "auto" ? (process.stderr.isTTY ? "bar" : "lines") : options.progress;
  const progress = await createProgress(mode, size);
  let saved: ImportState | undefined = resumed;
  const transfer = {
    source: file,
    signal: context.signal,
    onProgress: progress.update,
    onState: (state: ImportState) => {
      writeStateFile(statePath, state);
      saved = state;
    },
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
  };
  let result: ImportResult;
  try {
    result = resumed
      ? await context.client.models.resumeImport(resumed, transfer)
      : await context.client.models.import({
          ...transfer,
          ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
          ...(options.chunkSize !== undefined ? { chunkSize: options.chunkSize } : {}),
          ...(options.adapter ? { isAdapter: true } : {}),
        });
  } catch (error) {
    progress.stop();
    // The state an ImportError carries is the last word on what arrived.
    if (error instanceof ImportError) transfer.onState(error.state);
    const again = `platform models import ${file} --resume ${statePath}`;
    if (context.signal.aborted) {
      throw new Interrupted(saved ? `import interrupted after ${saved.uploadedChunks.length} of ${saved.totalChunks} chunks; to continue: ${again}` : "import interrupted before its session started; nothing to resume");
    }
    if (saved) note(error instanceof ImportError && !error.resumable ? `this import cannot be resumed; ${statePath} records what was sent` : `the import can continue where it stopped: ${again}`);
    throw error;
  }
  progress.stop();
  removeStateFile(statePath);
  note(`uploaded ${formatBytes(size)} in ${result.state.totalChunks} chunks; model ${result.modelId ?? "(id in the job)"}`);
  const job = await settleJob(context, options, result.job);
  printResult(context, { ...printable(job), modelId: job.modelId ?? result.modelId, sessionId: result.sessionId });
}

interface DeployFlags extends JobFlags {
  modelType: ModelType;
  file?: string;
  name?: string;
  deviceType?: string;
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  topK?: number;
}

const number = (flag: string) => (text: string) => {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) throw new UsageError(`${flag} must be a number`);
  return value;
};

export function modelsCommand(): Command {
  const group = new Command("models").description("import, deploy, undeploy and export models");

  withJobOptions(
    group
      .command("import")
      .argument("<file>", "the model file (any size: it is read in chunks, never whole)")
      .description("import a model file in numbered chunks (startImportSession, uploadImportChunk, completeImportSession)")
      .option("--file-name <name>", "the name the service records (default: the file's own)")
      .option("--chunk-size <size>", "bytes per chunk, e.g. 8MiB", parseBytes)
      .option("--concurrency <n>", "chunks in flight at once (default 4)", parsePositiveInteger)
      .option("--adapter", "the file is an adapter (isAdapter)")
      .option("--state <path>", "where to keep the resumable state (default: FILE.import-state.json)")
      .option("--resume <state>", "continue the import a state file describes, sending only the missing chunks")
      .addOption(new Option("--progress <mode>", "how to show progress on stderr").choices(["auto", "bar", "lines", "none"]).default("auto")),
  )
    .addHelpText("after", "\nExamples:\n  platform models import model.tar --wait --json\n  platform models import model.tar --resume model.tar.import-state.json --wait\n\nThe state file is written after every chunk and removed once the upload is complete.")
    .action(withClient(["startImportSession", "uploadImportChunk", "completeImportSession", "getDockStatus"], importModel));

  withJobOptions(
    group
      .command("deploy")
      .argument("<modelId>", "cm-…")
      .description("deploy a model (deployModel)")
      .addOption(new Option("--model-type <type>", "the kind of model").choices(["openSource", "fineTuned"]).makeOptionMandatory())
      .option("--file <path>", "the JSON body (name, hyperParameters, deviceType), or - for stdin")
      .option("--name <name>", "the deployment's name")
      .option("--device-type <type>", "e.g. g5.xlarge")
      .option("--temperature <t>", "hyperParameters.temperature", number("--temperature"))
      .option("--max-tokens <n>", "hyperParameters.maxTokens", number("--max-tokens"))
      .option("--top-p <p>", "hyperParameters.topP", number("--top-p"))
      .option("--top-k <k>", "hyperParameters.topK", number("--top-k")),
  )
    .addHelpText("after", "\nExample:\n  platform models deploy cm-4e5f6a7b --model-type openSource --name support --device-type g5.xlarge \\\n    --temperature 0.7 --max-tokens 256 --top-p 0.9 --top-k 40 --wait")
    .action(
      withClient(["deployModel", "getDockStatus"], async (context, options: DeployFlags, modelId: string) => {
        const fromFile = await readBodyFile(options.file);
        const given = { temperature: options.temperature, maxTokens: options.maxTokens, topP: options.topP, topK: options.topK };
        const hyperParameters = Object.values(given).some((v) => v !== undefined) ? mergeBody((fromFile["hyperParameters"] as Record<string, unknown>) ?? {}, given) : undefined;
        const settings = mergeBody(fromFile, { name: options.name, deviceType: options.deviceType, hyperParameters }) as unknown as DeployModelRequest;
        await printJob(context, options, context.client.models.deploy(modelId, settings, { modelType: options.modelType, signal: context.signal }));
      }),
    );

  addUndeployCommand(group, {
    noun: "model",
    argument: { name: "modelId", help: "cm-…" },
    operationId: "undeployModel",
    example: "platform models undeploy cm-4e5f6a7b --yes --wait",
    undeploy: (context, modelId) => context.client.models.undeploy(modelId, { signal: context.signal }),
  });

  withJobOptions(group.command("export").argument("<modelId>", "cm-…").description("export a model (exportModel); with --wait --output, download the file"))
    .option("--output <path>", "with --wait: save the exported file here")
    .addHelpText("after", "\nExample:\n  platform models export cm-4e5f6a7b --wait --output model-export.tar")
    .action(
      withClient(["exportModel", "getDockStatus"], async (context, options: JobFlags & { output?: string }, modelId: string) => {
        if (options.output !== undefined && !options.wait) throw new UsageError("--output needs --wait: the file exists once the export job is done");
        const job = await settleJob(context, options, await context.client.models.export(modelId, { signal: context.signal }));
        if (options.output !== undefined) {
          const bytes = await saveResponse(await context.client.models.downloadExport(job, { signal: context.signal }), options.output, context.signal);
          note(`saved ${formatBytes(bytes)} to ${options.output}`);
        }
        printResult(context, printable(job));
      }),
    );

  return group;
}
