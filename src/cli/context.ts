// What every command runs with: its client, built from flags, environment and profile
// (./config/client-options.ts) once the operations' credentials are known to be there, so a
// missing one is a usage error and nothing is sent; the output format; the interrupt signal.
import type { Command } from "commander";
import type { OperationId } from "../generated/operations.js";
import type { NodePlatformClient } from "../node.js";
import { resolveClientOptions, type TargetFlags } from "./config/client-options.js";
import { debugLogger, debugWanted } from "./debug-log.js";
import { resolveOutput, type Output, type OutputFlags } from "./output/format.js";
import { UsageError } from "./exit-codes.js";
import { fileError } from "./local-files/file-errors.js";
import { addSecrets, useClientRedactor } from "./redaction.js";

export interface GlobalOptions extends TargetFlags, OutputFlags {
  debug?: boolean | undefined;
  /** --record-drift: the drift report the answers' departures are added to. */
  recordDrift?: string | undefined;
}

export interface Context {
  client: NodePlatformClient;
  out: Output;
  /** Aborted on Ctrl-C (and SIGTERM, SIGHUP); every call takes it. */
  signal: AbortSignal;
  /** Where this run's drift goes (--record-drift), once the command is over. */
  driftFile?: string | undefined;
}

/** The output format the global flags ask for. */
export function outputOf(command: Command): Output {
  return resolveOutput(command.optsWithGlobals<GlobalOptions>());
}

/** A command as typed after the program's name: `models deploy`. */
function typedAs(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}

/** A client for the command, built only after its target and credentials are known to be there. */
export async function openContext(command: Command, operationIds: readonly OperationId[], signal: AbortSignal): Promise<Context> {
  const global = command.optsWithGlobals<GlobalOptions>();
  const out = resolveOutput(global);
  const settings = resolveClientOptions(global, process.env, { operationIds, command: typedAs(command) });
  addSecrets(settings.secrets);
  // Loaded here, not at the top: `platform --help` should not pay for the client.
  const { createPlatformClient } = await import("../node.js");
  if (global.recordDrift !== undefined) await checkDriftFile(global.recordDrift);
  const client = createPlatformClient({
    ...settings.options,
    ...(debugWanted(global.debug) ? { logger: debugLogger() } : {}),
    ...(global.recordDrift !== undefined ? { validateResponses: "warn" as const } : {}),
  });
  useClientRedactor(client);
  return { client, out, signal, ...(global.recordDrift !== undefined ? { driftFile: global.recordDrift } : {}) };
}

/**
 * Before anything is sent: the drift file is a report already (it is merged into) or can be
 * created, so the run's findings are never lost to a path that cannot take them.
 */
async function checkDriftFile(file: string): Promise<void> {
  const { access, constants } = await import("node:fs/promises");
  const { dirname, resolve } = await import("node:path");
  const { readDriftReport } = await import("../node/drift-report-file.js");
  try {
    await readDriftReport(file);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") throw code ? fileError(`--record-drift ${file}`, "read it", error) : new UsageError(`--record-drift ${(error as Error).message}; name a new file or an existing drift report`);
  }
  await access(dirname(resolve(file)), constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw fileError(file, "create the drift report", error);
  });
}

/** Adds the run's drift to its file; a command that failed still records what it saw. */
export async function recordDrift(context: Context): Promise<void> {
  const { driftFile } = context;
  if (driftFile === undefined) return;
  const { writeDriftReport } = await import("../node/drift-report-file.js");
  await writeDriftReport(driftFile, context.client.drift.report()).catch((error: NodeJS.ErrnoException) => {
    throw fileError(driftFile, "write the drift report", error);
  });
}
