// What every command runs with: its client, built from flags, environment and profile
// (./config/client-options.ts) once the operations' credentials are known to be there, so a
// missing one is a usage error and nothing is sent; the output format; the interrupt signal.
import type { Command } from "commander";
import type { OperationId } from "../generated/operations.js";
import type { NodePlatformClient } from "../node.js";
import { resolveClientOptions, type TargetFlags } from "./config/client-options.js";
import { debugLogger, debugWanted } from "./debug-log.js";
import { resolveOutput, type Output, type OutputFlags } from "./output/format.js";
import { addSecrets, useClientRedactor } from "./redaction.js";

export interface GlobalOptions extends TargetFlags, OutputFlags {
  debug?: boolean;
}

export interface Context {
  client: NodePlatformClient;
  out: Output;
  /** Aborted on Ctrl-C (and SIGTERM, SIGHUP); every call takes it. */
  signal: AbortSignal;
}

/** The output format the global flags ask for. */
export function outputOf(command: Command): Output {
  return resolveOutput(command.optsWithGlobals<GlobalOptions>());
}

/** A client for the command, built only after its target and credentials are known to be there. */
export async function openContext(command: Command, operationIds: readonly OperationId[], signal: AbortSignal): Promise<Context> {
  const global = command.optsWithGlobals<GlobalOptions>();
  const out = resolveOutput(global);
  const settings = resolveClientOptions(global, process.env, { operationIds });
  addSecrets(settings.secrets);
  // Loaded here, not at the top: `platform --help` should not pay for the client.
  const { createPlatformClient } = await import("../node.js");
  const client = createPlatformClient({ ...settings.options, ...(debugWanted(global.debug) ? { logger: debugLogger() } : {}) });
  useClientRedactor(client);
  return { client, out, signal };
}
