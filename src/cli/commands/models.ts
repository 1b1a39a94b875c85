// platform models: import a model file in numbered chunks (progress, a resumable state file,
// --resume, a lock so two runs never share one state), deploy, undeploy and export it.
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { Command, Option } from "commander";
import type { DeployModelRequest, ImportResult, ImportState } from "../../index.js";
import { APIError, ImportError, ValidationError } from "../../kernel/errors.js";
import { withClient } from "../action.js";
import { addUndeployCommand } from "../undeploy.js";
import { mergeBody, readBodyFile } from "../bodies.js";
import type { Context } from "../context.js";
import { parseBytes, parsePositiveInteger } from "../durations.js";
import { Interrupted, UsageError } from "../exit-codes.js";
import { printJob, settleJob, withJobOptions, type JobFlags } from "../job-options.js";
import { prepareDownload } from "../local-files/download.js";
import { fileError } from "../local-files/file-errors.js";
import { checkNotTheModel, checkRoomFor, lockStateFile, readStateFile, removeStateFile, stateFileFor, writeStateFile } from "../local-files/import-state-file.js";
import { createProgress, formatBytes, progressMode } from "../progress.js";
import { note, printResult, printable } from "../output/print.js";
import { specArgument, specOption } from "../spec-flags.js";

interface ImportFlags extends JobFlags {
  fileName?: string;
  chunkSize?: number;
  concurrency?: number;
  adapter?: boolean;
  state?: string;
  resume?: string;
  progress: "auto" | "bar" | "lines" | "none";
}

// The service's answer to completing a session twice. A resume whose every chunk had arrived
// gets it when the earlier run's completion went through and only its answer was lost.
const ALREADY_COMPLETED = /already\s+complete/i;

function completedEarlier(error: unknown, resumed: ImportState | undefined): resumed is ImportState {
  if (!resumed || !(error instanceof APIError) || error.operationId !== "completeImportSession" || error.status !== 400) return false;
  return ALREADY_COMPLETED.test(`${error.message} ${JSON.stringify(error.body ?? "")}`);
}

const IMPORT_FILE_NAME = specOption("--file-name <name>", "the name the service records (default: the file's own)", { operationId: "startImportSession", in: "body", name: "fileName" });

async function importModel(context: Context, options: ImportFlags, file: string): Promise<void> {
  if (options.resume !== undefined && (options.chunkSize !== undefined || options.fileName !== undefined || options.adapter)) {
    throw new UsageError("--resume continues with the settings the import started with: leave out --chunk-size, --file-name and --adapter");
  }
  if (options.resume !== undefined && options.state !== undefined) throw new UsageError("--resume names the state file already; leave out --state");
  const size = await stat(file).then(
    (s) => s.size,
    (error: NodeJS.ErrnoException) => {
      throw fileError(file, "read the model file", error);
    },
  );
  const statePath = options.resume ?? options.state ?? stateFileFor(file);
  // Everything local is settled before the first request: the state is not the model, no other
  // run holds it, its folder takes files and its disk has room.
  checkNotTheModel(statePath, file, options.resume !== undefined ? "--resume" : "--state");
  // A state file left by an earlier import is the only way back into its session: never overwrite it unasked.
  if (options.resume === undefined && existsSync(statePath)) {
    throw new UsageError(`${statePath} is left from an earlier import: continue it with --resume ${statePath}, or delete that state file to start again`);
  }
  const lock = lockStateFile(statePath);
  try {
    checkRoomFor(statePath);
    const saved = options.resume === undefined ? undefined : readStateFile(options.resume);
    if (saved?.job) await takeOverFinishedUpload(context, options, statePath, saved.job.dockStatusId);
    else await runImport(context, options, file, size, statePath, saved?.state);
  } finally {
    lock.release();
  }
}

// The upload went through and its session was completed (by the MCP server, whose caller had
// gone): completing it again would only be refused. What is left is its job.
async function takeOverFinishedUpload(context: Context, options: ImportFlags, statePath: string, dockStatusId: string): Promise<void> {
  const job = await context.client.jobs.get(dockStatusId, { signal: context.signal });
  removeStateFile(statePath);
  note(`the upload had finished already; its job is ${dockStatusId}`);
  const settled = await settleJob(context, options, job);
  await printResult(context.out, { ...printable(settled), ...(settled.modelId ? { modelId: settled.modelId } : {}) });
}

async function runImport(
  context: Context,
  options: ImportFlags,
  file: string,
  size: number,
  statePath: string,
  resumed: ImportState | undefined,
): Promise<void> {
  const progress = await createProgress(progressMode(options.progress), size);
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
    const fileName = IMPORT_FILE_NAME.read(options);
    result = resumed
      ? await context.client.models.resumeImport(resumed, transfer)
      : await context.client.models.import({
          ...transfer,
          ...(fileName !== undefined ? { fileName } : {}),
          ...(options.chunkSize !== undefined ? { chunkSize: options.chunkSize } : {}),
          ...(options.adapter ? { isAdapter: true } : {}),
        });
  } catch (error) {
    progress.stop();
    const again = `platform models import ${file} --resume ${statePath}`;
    if (context.signal.aborted) {
      if (error instanceof ImportError) transfer.onState(error.state);
      throw new Interrupted(saved ? `import interrupted after ${saved.uploadedChunks.length} of ${saved.totalChunks} chunks; to continue: ${again}` : "import interrupted before its session started; nothing to resume");
    }
    if (completedEarlier(error, resumed)) {
      // Nothing is left to resume: the state file would only promise what cannot work.
      removeStateFile(statePath);
      note(`the import's session was completed already, by an earlier run whose answer was lost: the model is ${resumed.modelId ?? "named in that answer"}${resumed.modelId ? "; deploy it once its import has finished" : ""}`);
      note(`${statePath} is removed: there is nothing left to resume`);
      throw error;
    }
    // Only an import the client calls resumable is promised a resume.
    if (error instanceof ImportError) {
      // The state an ImportError carries is the last word on what arrived.
      transfer.onState(error.state);
      note(error.resumable ? `the import can continue where it stopped: ${again}` : `this import cannot be resumed; ${statePath} records what was sent`);
    } else if (saved && !(error instanceof UsageError || error instanceof ValidationError)) {
      // A refusal before sending (another file, a bad flag) leaves the state as good as it was.
      note(`this import cannot be resumed; ${statePath} records what was sent`);
    }
    throw error;
  }
  progress.stop();
  removeStateFile(statePath);
  note(`uploaded ${formatBytes(size)} in ${result.state.totalChunks} ${result.state.totalChunks === 1 ? "chunk" : "chunks"}; model ${result.modelId ?? "(id in the job)"}`);
  const job = await settleJob(context, options, result.job);
  await printResult(context.out, { ...printable(job), modelId: job.modelId ?? result.modelId, sessionId: result.sessionId });
}

interface DeployFlags extends JobFlags {
  file?: string;
}

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
    .action(withClient(["startImportSession", "uploadImportChunk", "completeImportSession", "getDockStatus"], importModel));

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
        const fromFile = await readBodyFile(options.file);
        const given = {
          temperature: deploy.temperature.read(options),
          maxTokens: deploy.maxTokens.read(options),
          topP: deploy.topP.read(options),
          topK: deploy.topK.read(options),
        };
        const hyperParameters = Object.values(given).some((v) => v !== undefined)
          ? mergeBody((fromFile.hyperParameters as Record<string, unknown>) ?? {}, given)
          : undefined;
        const settings = mergeBody(fromFile, {
          name: deploy.name.read(options),
          deviceType: deploy.deviceType.read(options),
          hyperParameters,
        }) as unknown as DeployModelRequest;
        await printJob(
          context,
          options,
          context.client.models.deploy(modelId, settings, { modelType: deploy.modelType.readMandatory(options), signal: context.signal }),
        );
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
        if (options.download !== undefined && !options.wait) throw new UsageError("--download needs --wait: the file exists once the export job is done");
        const target = options.download === undefined ? undefined : prepareDownload(options.download);
        try {
          const job = await settleJob(context, options, await context.client.models.export(modelId, { signal: context.signal }));
          if (target) {
            const bytes = await target.save(await context.client.models.downloadExport(job, { signal: context.signal }), context.signal);
            note(`saved ${formatBytes(bytes)} to ${target.path}`);
          }
          await printResult(context.out, printable(job));
        } finally {
          target?.discard();
        }
      }),
    );

  return group;
}
