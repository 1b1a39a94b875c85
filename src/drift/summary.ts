// A drift report read by people and by CI: one row per drift for a table (or JSON), the totals,
// and whether there is any drift at all (`--fail-on-drift`).
import type { DriftKind, DriftReport } from "./report-format.js";

export interface DriftSummaryRow {
  operation: string;
  /** `200` (the answer's status) or `request body`, `request query`, ... */
  message: string;
  pointer: string;
  kind: DriftKind;
  expected: string;
  received: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  /** Ids of the discrepancy records the drift falls under, comma-separated. */
  knownAs: string;
}

export interface DriftSummary {
  /** Distinct drifts (entries). */
  drifts: number;
  /** Messages that showed them, summed. */
  occurrences: number;
  /** Operations with at least one drift. */
  operations: number;
  /** Drifts that fall under a recorded discrepancy. */
  known: number;
  /** Departures the recorders could not keep: non-zero means the report is incomplete. */
  omitted: number;
  /** Spec versions the messages were checked against. */
  specVersions: string[];
  rows: DriftSummaryRow[];
}

/** The columns of a drift table, in order, with their headings. */
export const SUMMARY_COLUMNS: ReadonlyArray<{ key: keyof DriftSummaryRow; heading: string }> = [
  { key: "operation", heading: "operation" },
  { key: "message", heading: "message" },
  { key: "pointer", heading: "pointer" },
  { key: "kind", heading: "kind" },
  { key: "expected", heading: "expected" },
  { key: "received", heading: "received" },
  { key: "count", heading: "count" },
  { key: "lastSeen", heading: "last seen" },
  { key: "knownAs", heading: "known as" },
];

export function summarizeDriftReport(report: DriftReport): DriftSummary {
  const rows = report.drifts.map((d) => ({
    operation: d.operationId,
    message: d.direction === "response" ? String(d.status) : `request ${d.location}`,
    pointer: d.pointer === "" ? "(whole body)" : d.pointer,
    kind: d.kind,
    expected: d.expected,
    received: d.received.join(", "),
    count: d.count,
    firstSeen: d.firstSeen,
    lastSeen: d.lastSeen,
    knownAs: d.discrepancies.join(", "),
  }));
  return {
    drifts: report.drifts.length,
    occurrences: report.drifts.reduce((n, d) => n + d.count, 0),
    operations: new Set(report.drifts.map((d) => d.operationId)).size,
    known: report.drifts.filter((d) => d.discrepancies.length > 0).length,
    omitted: report.omitted,
    specVersions: [...new Set(report.drifts.map((d) => d.specVersion))].sort(),
    rows,
  };
}

/** Whether the report holds any drift, counted or omitted: what `--fail-on-drift` fails on. */
export function hasDrift(report: DriftReport): boolean {
  return report.drifts.length > 0 || report.omitted > 0;
}
