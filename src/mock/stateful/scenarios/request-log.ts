// The requests the mock received, newest last, for a test to assert on: what was called, what it
// answered, which fault hit it. Bodies are logged with every secret masked, as bounded summaries
// (./body-summary.ts), and uploads as their size and digest; credential headers are logged as
// present or not, never by value.
import type { OperationId } from "../../../generated/operations.js";
import { maskSecrets } from "../masking.js";
import { cutText, summariseBody } from "./body-summary.js";

/** Characters of a request's path and query the log keeps (the rest is cut, its length said). */
const URL_KEPT = 2048;

export interface LoggedRequest {
  seq: number;
  at: string;
  method: string;
  /** Path and query as sent (past 2,048 characters, their start and length). */
  url: string;
  operationId?: OperationId | undefined;
  /** Whether the operation's credential header was present. */
  credential?: boolean | undefined;
  /** The body, secrets masked; a large one as a summary of about 4 KiB (see the guide). */
  body?: unknown | undefined;
  status?: number | undefined;
  /** The fault rule that hit this request, with its kind. */
  fault?: { ruleId: string; kind: string; after: boolean } | undefined;
  durationMs?: number | undefined;
}

/**
 * An independent copy of a summary. The start of a long string is a slice of it, and a slice
 * keeps the whole string alive: 150 logged updates of 900 KB held 138 MB for entries of about
 * 500 bytes each. Written out and read back, every string is its own.
 */
function detached<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** An entry as kept: when it came as a number, written out as `at` only when the log is read. */
export type KeptEntry = Omit<LoggedRequest, "at"> & { receivedAt: number };

export class RequestLog {
  // The kept entries are those from `first` on; the ones before it are dropped (undefined), and
  // compacted away once they are as many as the limit. Shifting the array on every request
  // moved all 10,000 entries each time once the log was full.
  private entries: Array<KeptEntry | undefined> = [];
  private first = 0;
  private seq = 0;

  constructor(private readonly limit: number) {}

  open(method: string, url: string): KeptEntry {
    // Only a cut URL is a slice of a longer string; one kept whole is the caller's own. The time
    // is written as text when the log is read: formatting it cost more than routing the request.
    const entry: KeptEntry = { seq: ++this.seq, receivedAt: Date.now(), method, url: url.length > URL_KEPT ? detached(cutText(url, URL_KEPT)) : url };
    this.entries.push(entry);
    if (this.entries.length - this.first > this.limit) {
      this.entries[this.first++] = undefined;
      if (this.first >= this.limit) {
        this.entries = this.entries.slice(this.first);
        this.first = 0;
      }
    }
    return entry;
  }

  /** Adds a body to an entry, masked, as a bounded summary. */
  static body(entry: KeptEntry, body: unknown): void {
    if (body !== undefined) entry.body = detached(summariseBody(maskSecrets(body)));
  }

  list(filter: { operationId?: OperationId } = {}): LoggedRequest[] {
    const kept = this.entries.slice(this.first) as KeptEntry[];
    const chosen = filter.operationId ? kept.filter((e) => e.operationId === filter.operationId) : kept;
    return structuredClone(chosen.map(({ seq, receivedAt, ...rest }) => ({ seq, at: new Date(receivedAt).toISOString(), ...rest })));
  }

  clear(): void {
    this.entries = [];
    this.first = 0;
  }
}
