// Which x-discrepancies records a drift falls under. A record labels a drift when it sits on the
// drifting value itself, or on something that holds it (the operation, the response, an enclosing
// schema) and names the drifting property in backticks: a record on an object is about the
// properties it speaks of, not about every value inside the object. Where the records sit is
// generated from the spec (scripts/lib/drift-outputs.mjs); openapi/EXTENSIONS.md states the rule.
import { discrepancyLabels, discrepancyNames } from "../generated/discrepancy-labels.js";
import type { Departure } from "./departures.js";
import { segmentsOf } from "../kernel/json-pointer.js";


/**
 * The ids of the records that label `departure` in message `key` (`<operationId>_<status>` as the
 * spec keys the response, or `<operationId>_<path|query|body>`), sorted.
 */
export function labelsFor(key: string, departure: Pick<Departure, "pointer" | "alternatives">): string[] {
  const entries = discrepancyLabels[key];
  if (!entries) return [];
  const segments = segmentsOf(departure.pointer);
  const named = [...segments.filter((s) => s !== "*").slice(-1), ...(departure.alternatives ?? [])];
  const ids = new Set<string>();
  for (const [at, id] of entries) {
    const base = segmentsOf(at);
    if (base.length > segments.length || !base.every((s, i) => s === "*" || s === segments[i])) continue;
    if (base.length === segments.length || named.some((name) => discrepancyNames[id]?.includes(name))) ids.add(id);
  }
  return [...ids].sort();
}
