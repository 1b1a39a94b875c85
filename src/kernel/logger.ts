// The optional logger, behind the redactor and behind a guard: a line is masked before the
// caller's logger sees it (its fields are the client's own: ids, statuses, timings), and a logger
// that throws changes nothing about the call it reports on (a deploy the service carried out must
// not turn into a "transient" failure and a second deploy).
import type { Redactor } from "./redactor.js";

export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
}

export type LogLevel = "debug" | "info" | "warn";
export interface Log {
  (level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  /**
   * Whether a line at `level` reaches a logger. A line written on every call (the transport's
   * debug line per attempt) asks first, so a client with no logger builds none.
   */
  wants(level: LogLevel): boolean;
}

export function createLog(logger: Logger | undefined, redactor: Redactor): Log {
  const log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    const write = logger?.[level];
    if (typeof write !== "function") return;
    try {
      write.call(logger, redactor.text(message), fields);
    } catch {
      // The caller's logger failed; the call it was told about goes on as if it had not been told.
    }
  };
  // Asked each time, not once: a logger may gain or lose a method after the client is made.
  return Object.assign(log, { wants: (level: LogLevel) => typeof logger?.[level] === "function" });
}
