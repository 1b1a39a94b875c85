// The exit codes scripts can rely on, and which error ends with which. They are part of the
// command line's interface: a change here is a breaking change.
import { AbortError, ConfigurationError, ImportError, JobFailedError, JobTimeoutError, PlatformError, TimeoutError, ValidationError } from "../kernel/errors.js";

export const EXIT = Object.freeze({
  done: 0,
  /** A bug or an unexpected failure of the command line itself. */
  unexpected: 1,
  usage: 2,
  api: 3,
  jobFailed: 4,
  timeout: 5,
  /** "n" (or Ctrl-D) at a confirmation: nothing was changed. */
  cancelled: 6,
  /** `platform drift --fail-on-drift` found drift (the report was read and printed): a code of its own, so CI tells it from a crash. */
  drift: 7,
  /** Ctrl-C, SIGINT, SIGTERM or SIGHUP. */
  interrupted: 130,
});

/** Wrong flags, arguments, environment or local files: found before anything is sent. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** The user said no at a confirmation prompt. */
export class Cancelled extends Error {
  override readonly name = "Cancelled";
}

/** The user pressed Ctrl-C (or the process got SIGINT, SIGTERM or SIGHUP). */
export class Interrupted extends Error {
  override readonly name = "Interrupted";
  constructor(readonly hint?: string) {
    super("interrupted");
  }
}

export function exitCodeOf(error: unknown, interrupted: boolean): number {
  if (interrupted || error instanceof Interrupted) return EXIT.interrupted;
  if (error instanceof Cancelled) return EXIT.cancelled;
  if (error instanceof UsageError || error instanceof ValidationError || error instanceof ConfigurationError) return EXIT.usage;
  if (error instanceof JobFailedError) return EXIT.jobFailed;
  if (error instanceof JobTimeoutError || error instanceof TimeoutError) return EXIT.timeout;
  // An import that stopped says why in its cause: a timeout stays a timeout.
  if (error instanceof ImportError) return error.cause instanceof TimeoutError ? EXIT.timeout : error.cause instanceof AbortError ? EXIT.interrupted : EXIT.api;
  if (error instanceof PlatformError) return EXIT.api;
  return EXIT.unexpected;
}
