// The requests the mock received, newest last, for a test to assert on: what was called, what it
// answered, which fault hit it. Bodies are logged with every secret masked and uploads as their
// size and digest; credential headers are logged as present or not, never by value.
import type { OperationId } from "../../../generated/operations.js";
import { maskSecrets } from "../masking.js";

export interface LoggedRequest {
  seq: number;
  at: string;
  method: string;
  /** Path and query as sent. */
  url: string;
  operationId?: OperationId;
  /** Whether the operation's credential header was present. */
  credential?: boolean;
  body?: unknown;
  status?: number;
  /** The fault rule that hit this request, with its kind. */
  fault?: { ruleId: string; kind: string; after: boolean };
  durationMs?: number;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  constructor(private readonly limit: number) {}

  open(method: string, url: string): LoggedRequest {
    const entry: LoggedRequest = { seq: ++this.seq, at: new Date().toISOString(), method, url };
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.shift();
    return entry;
  }

  /** Adds a body to an entry, masked. */
  static body(entry: LoggedRequest, body: unknown): void {
    if (body !== undefined) entry.body = maskSecrets(body);
  }

  list(filter: { operationId?: OperationId } = {}): LoggedRequest[] {
    const chosen = filter.operationId ? this.entries.filter((e) => e.operationId === filter.operationId) : this.entries;
    return structuredClone(chosen);
  }

  clear(): void {
    this.entries = [];
  }
}
