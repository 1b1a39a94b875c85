// --debug (or PLATFORM_DEBUG=1): one line on stderr per request and answer, from the client's
// logger, which reports every attempt with its method, path, status, duration, attempt number and
// the service's request id, and every retry with its reason. Lines pass through the run's
// redactor and are escaped for the terminal; stdout never sees them.
import type { Logger } from "../index.js";
import { note } from "./output/print.js";

/** --debug and --no-debug win; otherwise PLATFORM_DEBUG set to 1, true, yes or on turns it on. */
export function debugWanted(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return flag ?? /^(1|true|yes|on)$/i.test(env.PLATFORM_DEBUG ?? "");
}

interface AttemptFields {
  operationId?: unknown;
  method?: unknown;
  url?: unknown;
  status?: unknown;
  attempt?: unknown;
  ms?: unknown;
  requestId?: unknown;
}

// The path alone: the host is the one the command was given, and a query may be long.
function pathOf(url: unknown): string {
  try {
    return new URL(String(url)).pathname;
  } catch {
    return String(url);
  }
}

export function debugLine(message: string, fields: AttemptFields | undefined): string {
  if (fields?.method === undefined || fields.status === undefined) return `debug: ${message}`;
  const id = fields.requestId === undefined ? "no request id" : `request id ${String(fields.requestId)}`;
  return `debug: ${String(fields.method)} ${pathOf(fields.url)} -> ${String(fields.status)} in ${String(fields.ms)} ms (${String(fields.operationId)}, attempt ${String(fields.attempt)}, ${id})`;
}

export function debugLogger(write: (line: string) => void = note): Logger {
  return {
    debug: (message, fields) => write(debugLine(message, fields)),
    info: (message) => write(`debug: ${message}`),
    warn: (message) => write(`debug: ${message}`),
  };
}
