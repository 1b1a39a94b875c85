// Reports from several runs, recorders or machines as one: the same drift (same operation,
// direction, status or request part, pointer, kind, keyword and spec version) adds its counts,
// keeps the earliest first-seen and the latest last-seen, and unites types, labels and recorders.
import { compareEntries, entryKey } from "./entry-order.js";
import { DEFAULT_MAX_ENTRIES } from "./recorder.js";
import { emptyReport, type DriftEntry, type DriftReport } from "./report-format.js";

const union = <T extends string>(a: readonly T[], b: readonly T[]): T[] => [...new Set([...a, ...b])].sort();
const earlier = (a: string, b: string) => (Date.parse(b) < Date.parse(a) ? b : a);
const later = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);

/**
 * One report holding every drift of `reports` (none: an empty report), within the recorders'
 * cap of 1,000 entries: past it, the entries seen least often go, counted in `omitted` as a
 * recorder counts what finds its report full. The inputs are not changed.
 */
export function mergeDriftReports(...reports: readonly DriftReport[]): DriftReport {
  const merged = emptyReport(new Date(0));
  const entries = new Map<string, DriftEntry>();
  for (const report of reports) {
    merged.omitted += report.omitted;
    merged.updatedAt = later(merged.updatedAt, report.updatedAt);
    for (const entry of report.drifts) {
      const key = entryKey(entry);
      const held = entries.get(key);
      if (!held) {
        entries.set(key, structuredClone(entry));
        continue;
      }
      held.count += entry.count;
      held.firstSeen = earlier(held.firstSeen, entry.firstSeen);
      held.lastSeen = later(held.lastSeen, entry.lastSeen);
      held.received = union(held.received, entry.received);
      held.discrepancies = union(held.discrepancies, entry.discrepancies);
      held.recordedBy = union(held.recordedBy, entry.recordedBy);
    }
  }
  if (reports.length === 0) merged.updatedAt = new Date().toISOString();
  let kept = [...entries.values()];
  if (kept.length > DEFAULT_MAX_ENTRIES) {
    kept.sort((a, b) => b.count - a.count || compareEntries(a, b));
    for (const dropped of kept.slice(DEFAULT_MAX_ENTRIES)) merged.omitted += dropped.count;
    kept = kept.slice(0, DEFAULT_MAX_ENTRIES);
  }
  merged.drifts = kept.sort(compareEntries);
  return merged;
}
