// Aggregates departures into a drift report: one entry per operation, direction, status (or
// request part), pointer, kind and keyword, with counts, first and last seen, the spec version,
// where in the spec to look and the discrepancy records that explain it. Bounded: past its most
// entries it counts what it could not keep (`omitted`) instead of growing.
import { operations, type OperationId } from "../generated/operations.js";
import { SPEC_VERSION } from "../generated/spec-version.js";
import type { Departure } from "./departures.js";
import { escapeSegment } from "../kernel/json-pointer.js";
import { labelsFor } from "./labels.js";
import { compareEntries, entryKey } from "./entry-order.js";
import { emptyReport, type DriftEntry, type DriftRecorderName, type DriftReport } from "./report-format.js";

/** The message a departure was found in. */
export type DriftSite =
  | { direction: "response"; operationId: string; status: number; /** The spec's key of the response checked against: the status, or `default`. */ documented: string }
  | { direction: "request"; operationId: string; location: "path" | "query" | "body" | "header" };

export interface DriftRecorderOptions {
  recordedBy: DriftRecorderName;
  /** The clock of first and last seen (tests fix it). */
  now?: () => Date;
  /** Most entries kept (default 1,000). */
  maxEntries?: number;
}

export const DEFAULT_MAX_ENTRIES = 1000;


export class DriftRecorder {
  readonly #entries = new Map<string, DriftEntry>();
  readonly #recordedBy: DriftRecorderName;
  readonly #now: () => Date;
  readonly #max: number;
  #omitted = 0;
  /** When a departure was last recorded; until then a report is as of when it is asked for. */
  #updatedAt: Date | undefined;

  constructor(options: DriftRecorderOptions) {
    this.#recordedBy = options.recordedBy;
    this.#now = options.now ?? (() => new Date());
    this.#max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  /**
   * Adds the departures of one message. Returns copies of its entries as they now stand, and of
   * those it created (drifts not seen before), for a caller that reports each new drift once. A
   * departure that finds the report full is counted as omitted and is in neither list.
   */
  record(site: DriftSite, departures: readonly Departure[]): { entries: DriftEntry[]; fresh: DriftEntry[] } {
    const operation = (operations as Record<string, (typeof operations)[OperationId] | undefined>)[site.operationId];
    if (!operation || departures.length === 0) return { entries: [], fresh: [] };
    const at = this.#now();
    const seen = at.toISOString();
    this.#updatedAt = at;
    const operationPointer = `#/paths/${escapeSegment(operation.path)}/${operation.method}`;
    const response = site.direction === "response";
    const location = response ? "body" : site.location;
    const specLocation = response ? `${operationPointer}/responses/${escapeSegment(site.documented)}` : location === "body" ? `${operationPointer}/requestBody` : operationPointer;
    const labelKey = `${site.operationId}_${response ? site.documented : location}`;
    const entries: DriftEntry[] = [];
    const fresh: DriftEntry[] = [];
    for (const departure of departures) {
      const identity = {
        specVersion: SPEC_VERSION,
        direction: site.direction,
        operationId: site.operationId,
        ...(response ? { status: site.status } : {}),
        location,
        pointer: departure.pointer,
        kind: departure.kind,
        keyword: departure.keyword,
      } as const;
      const key = entryKey(identity);
      const entry = this.#entries.get(key);
      if (entry) {
        entry.count++;
        entry.lastSeen = seen;
        entry.received = [...new Set([...entry.received, ...departure.received])].sort();
        entries.push(structuredClone(entry));
        continue;
      }
      if (this.#entries.size >= this.#max) {
        this.#omitted++;
        continue;
      }
      const created: DriftEntry = {
        operationId: site.operationId,
        method: operation.method.toUpperCase(),
        path: operation.path,
        direction: site.direction,
        ...(response ? { status: site.status } : {}),
        location,
        pointer: departure.pointer,
        kind: departure.kind,
        keyword: departure.keyword,
        expected: departure.expected,
        received: [...departure.received].sort(),
        count: 1,
        firstSeen: seen,
        lastSeen: seen,
        specVersion: SPEC_VERSION,
        specLocation,
        discrepancies: labelsFor(labelKey, departure),
        recordedBy: [this.#recordedBy],
      };
      this.#entries.set(key, created);
      entries.push(structuredClone(created));
      fresh.push(structuredClone(created));
    }
    return { entries, fresh };
  }

  /** The report so far: a copy, in the report's order. */
  report(): DriftReport {
    const report = emptyReport(this.#updatedAt ?? this.#now());
    report.omitted = this.#omitted;
    report.drifts = [...this.#entries.values()].map((entry) => structuredClone(entry)).sort(compareEntries);
    return report;
  }

  /** Forgets every drift (a long-running program that writes its report and starts again). */
  clear(): void {
    this.#entries.clear();
    this.#omitted = 0;
    this.#updatedAt = undefined;
  }
}
