// One drift in a sentence, for SARIF results, JUnit failures and log lines alike.
import type { DriftEntry } from "./report-format.js";

/** `200` for an answer, `request body` (query, path) for a request. */
export const messageOf = (d: Pick<DriftEntry, "direction" | "status" | "location">) => (d.direction === "response" ? String(d.status) : `request ${d.location}`);

const KIND_WORDS: Record<DriftEntry["kind"], string> = {
  required: "a required property is missing",
  type: "the type differs",
  enum: "a value outside the schema's list",
  forbidden: "something the schema forbids",
  format: "a string that breaks its format",
  constraint: "a value that breaks a rule",
  "no-match": "a value none of the alternatives fits",
  "not-json": "a body that is not JSON",
};

/** Every kind a drift can be, from the exhaustive table above: a new kind cannot be left out. */
export const DRIFT_KINDS = Object.keys(KIND_WORDS) as ReadonlyArray<DriftEntry["kind"]>;

/** The words of a kind, e.g. "the type differs". */
export const kindWords = (kind: DriftEntry["kind"]) => KIND_WORDS[kind];

/** e.g. `getConnection 200 /provider: a value outside the schema's list (expected one of A, B; received string)`. */
export function describeDrift(
  d: Pick<DriftEntry, "operationId" | "direction" | "status" | "location" | "pointer" | "kind" | "expected" | "received" | "discrepancies">,
): string {
  const where = d.pointer === "" ? "the whole body" : d.pointer;
  const known = d.discrepancies.length > 0 ? `; known discrepancy ${d.discrepancies.join(", ")}` : "";
  return `${d.operationId} ${messageOf(d)} ${where}: ${kindWords(d.kind)} (expected ${d.expected}; received ${d.received.join(" or ")}${known})`;
}
