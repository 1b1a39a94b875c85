// The work of `platform models` (../commands/models.ts), loaded when one of its commands runs:
// the chunked import (progress, a resumable state file, --resume, a lock so two runs never share
// one state), the deploy's body, the export and its download.
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import type { DeployModelRequest, ImportResult, ImportState } from "../../index.js";
import { APIError, ImportError, ValidationError } from "../../kernel/errors.js";
import { mergeBody, readBodyFile } from "../bodies.js";
import type { Context } from "../context.js";
import { type ExportFlags, runExport } from "../export-job.js";
import { Interrupted, UsageError } from "../exit-codes.js";
import type { JobFlags } from "../job-options.js";
import { fileError } from "../local-files/file-errors.js";
import { checkNotTheModel, checkRoomFor, lockStateFile, readStateFile, removeStateFile, stateFileFor, stateSaver, writeStateFile } from "../local-files/import-state-file.js";
import { createProgress, formatBytes, progressMode } from "../progress.js";
import { note, printResult, printable } from "../output/print.js";
import { printJob, settleJob } from "../settle-job.js";
import type { SpecFieldValue } from "../spec-flags.js";

type ImportFileName = SpecFieldValue<"startImportSession", "body", "fileName">;

export interface ImportFlags extends JobFlags {
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

/** `fileName` is --file-name, read by the command as the field it fills. */
export async function importModel(context: Context, options: ImportFlags, file: string, fileName: ImportFileName | undefined): Promise<void> {
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
    else await runImport(context, options, file, size, statePath, saved?.state, fileName);
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
  fileName: ImportFileName | undefined,
): Promise<void> {
  const progress = createProgress(progressMode(options.progress), size);
  let saved: ImportState | undefined = resumed;
  const saver = stateSaver(statePath);
  // The last word on what arrived, once the upload has stopped and its saves have settled: written at once.
  const keep = (state: ImportState) => {
    writeStateFile(statePath, state);
    saved = state;
  };
  const transfer = {
    source: file,
    signal: context.signal,
    onProgress: progress.update,
    onState: (state: ImportState) => {
      saver.save(state);
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
          ...(fileName !== undefined ? { fileName } : {}),
          ...(options.chunkSize !== undefined ? { chunkSize: options.chunkSize } : {}),
          ...(options.adapter ? { isAdapter: true } : {}),
        });
  } catch (error) {
    await progress.stop();
    await saver.settled();
    const again = `platform models import ${file} --resume ${statePath}`;
    if (context.signal.aborted) {
      if (error instanceof ImportError) keep(error.state);
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
      keep(error.state);
      note(error.resumable ? `the import can continue where it stopped: ${again}` : `this import cannot be resumed; ${statePath} records what was sent`);
    } else if (saved && !(error instanceof UsageError || error instanceof ValidationError)) {
      // A refusal before sending (another file, a bad flag) leaves the state as good as it was.
      note(`this import cannot be resumed; ${statePath} records what was sent`);
    }
    throw error;
  }
  await progress.stop();
  await saver.settled();
  removeStateFile(statePath);
  note(`uploaded ${formatBytes(size)} in ${result.state.totalChunks} ${result.state.totalChunks === 1 ? "chunk" : "chunks"}; model ${result.modelId ?? "(id in the job)"}`);
  const job = await settleJob(context, options, result.job);
  await printResult(context.out, { ...printable(job), modelId: job.modelId ?? result.modelId, sessionId: result.sessionId });
}

export interface DeployFlags extends JobFlags {
  file?: string;
}

/** The deploy's body: --file's, then the flags given (name, deviceType, the hyperParameters). */
export async function deploy(
  context: Context,
  options: DeployFlags,
  modelId: string,
  modelType: SpecFieldValue<"deployModel", "query", "modelType">,
  given: { name: string | undefined; deviceType: string | undefined },
  hyper: Record<"temperature" | "maxTokens" | "topP" | "topK", number | undefined>,
): Promise<void> {
  const fromFile = await readBodyFile(options.file);
  const hyperParameters = Object.values(hyper).some((v) => v !== undefined)
    ? mergeBody((fromFile.hyperParameters as Record<string, unknown>) ?? {}, hyper)
    : undefined;
  const settings = mergeBody(fromFile, { ...given, hyperParameters }) as unknown as DeployModelRequest;
  await printJob(context, options, context.client.models.deploy(modelId, settings, { modelType, signal: context.signal }));
}

/** The export; with --wait --download, its file saved (the path checked before the export starts). */
export function exportModel(context: Context, options: ExportFlags, modelId: string): Promise<void> {
  return runExport(
    context,
    options,
    () => context.client.models.export(modelId, { signal: context.signal }),
    (job) => context.client.models.downloadExport(job, { signal: context.signal }),
  );
}
