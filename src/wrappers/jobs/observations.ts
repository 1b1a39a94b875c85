// The tally of what a wait saw, poll by poll, which a JobTimeoutError carries: a timeout after
// half an hour of 503s must say so, not only quote the last good record.
import { APIError, type WaitObservations } from "../../kernel/errors.js";

export class WaitTally {
  #polls = 0;
  readonly #seen = new Map<string, number>();

  /** A poll that answered with a record of this status. */
  record(status: string): void {
    this.#count(status);
  }

  /** A poll whose error the acceptor chose to look past. */
  error(error: unknown): void {
    this.#count(outcomeOf(error));
  }

  snapshot(): WaitObservations {
    return { polls: this.#polls, seen: Object.fromEntries(this.#seen) };
  }

  #count(key: string): void {
    this.#polls++;
    this.#seen.set(key, (this.#seen.get(key) ?? 0) + 1);
  }
}

// Only the class and the status: an error's message may quote a body, and a tally is logged.
function outcomeOf(error: unknown): string {
  if (error instanceof APIError) return `HTTP ${error.status}`;
  return error instanceof Error ? error.name : "unknown error";
}
