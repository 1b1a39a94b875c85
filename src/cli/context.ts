// Where the commands send and with which credentials: flags first, then the environment. A
// missing target or credential is a usage error naming the variable, raised before the client
// exists, so nothing is sent. Credential values are never put into a message.
import type { Command } from "commander";
import { operations, type OperationId } from "../generated/operations.js";
import type { NodePlatformClient } from "../node.js";
import { UsageError } from "./exit-codes.js";

export interface GlobalOptions {
  baseUrl?: string;
  host?: string;
  apiKey?: string;
  jwt?: string;
  json?: boolean;
}

export interface Context {
  client: NodePlatformClient;
  json: boolean;
  /** Aborted on Ctrl-C; every call takes it. */
  signal: AbortSignal;
}

const CREDENTIAL = {
  apiKey: { flag: "--api-key", variable: "PLATFORM_API_KEY", option: "apiKey" },
  jwtAuth: { flag: "--jwt", variable: "PLATFORM_JWT", option: "jwt" },
} as const;

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value.trim() === "" ? undefined : value);

/** The target and the credentials the given operations need, or a usage error naming what is missing. */
export function resolveTarget(global: GlobalOptions, operationIds: readonly OperationId[], env: NodeJS.ProcessEnv = process.env) {
  const baseUrl = nonEmpty(global.baseUrl) ?? nonEmpty(env["PLATFORM_BASE_URL"]);
  const host = nonEmpty(global.host) ?? nonEmpty(env["PLATFORM_HOST"]);
  if (baseUrl === undefined && host === undefined) throw new UsageError("no target: set PLATFORM_BASE_URL (or PLATFORM_HOST), or pass --base-url (or --host)");
  const apiKey = nonEmpty(global.apiKey) ?? nonEmpty(env["PLATFORM_API_KEY"]);
  const jwt = nonEmpty(global.jwt) ?? nonEmpty(env["PLATFORM_JWT"]);
  const have = { apiKey, jwt };
  for (const id of operationIds) {
    const credential = CREDENTIAL[operations[id].security as keyof typeof CREDENTIAL];
    if (have[credential.option] === undefined) throw new UsageError(`${id} needs ${credential.variable} (or ${credential.flag}): it is not set`);
  }
  return { ...(baseUrl !== undefined ? { baseUrl } : { host: host! }), ...(apiKey !== undefined ? { apiKey } : {}), ...(jwt !== undefined ? { jwt } : {}) };
}

/** A client for the command, built only after its target and credentials are known to be there. */
export async function openContext(command: Command, operationIds: readonly OperationId[], signal: AbortSignal): Promise<Context> {
  const global = command.optsWithGlobals<GlobalOptions>();
  const target = resolveTarget(global, operationIds);
  // Loaded here, not at the top: `platform --help` should not pay for the client.
  const { createPlatformClient } = await import("../node.js");
  return { client: createPlatformClient(target), json: global.json === true, signal };
}
