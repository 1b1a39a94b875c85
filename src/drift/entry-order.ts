// The identity and the order of a report's entries, shared by the recorder and the merge.
import type { DriftEntry } from "./report-format.js";

/** What makes two entries the same drift: everything but the counts, times, labels and recorders. */
export function entryKey(entry: Pick<DriftEntry, "specVersion" | "direction" | "operationId" | "status" | "location" | "pointer" | "kind" | "keyword">): string {
  return [entry.specVersion, entry.direction, entry.operationId, entry.status ?? "", entry.location, entry.pointer, entry.kind, entry.keyword].join("\u0000");
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The report's order: operation, direction, status, location, pointer, kind, keyword, spec version. */
export function compareEntries(a: DriftEntry, b: DriftEntry): number {
  return (
    byText(a.operationId, b.operationId) ||
    byText(a.direction, b.direction) ||
    (a.status ?? 0) - (b.status ?? 0) ||
    byText(a.location, b.location) ||
    byText(a.pointer, b.pointer) ||
    byText(a.kind, b.kind) ||
    byText(a.keyword, b.keyword) ||
    byText(a.specVersion, b.specVersion)
  );
}
