// The rows of the versioning table in CHANGELOG.md ("## Versioning rule"), quoted as written there.
// Every rule names the row it applies and takes its level from that row, never its own, so the
// classification is the CHANGELOG's; test/spec/spec-diff/rules.test.ts reads the table and fails
// when a quote here is no longer in the cell of its level.

export const ROWS = {
  removedOrRenamed: {
    level: "major",
    text: "An operation, path, parameter, request field or request enum value removed or renamed",
  },
  requestNarrowed: { level: "major", text: "a request field made required or narrowed (type, range, pattern)" },
  responseChanged: { level: "major", text: "a response field removed or its type changed" },
  credentialChanged: { level: "major", text: "a credential header changed" },
  // The client column: the generated types (`@platform/management-client/types`) export every
  // component of the spec by name.
  exportedTypeRemoved: { level: "major", text: "A wrapper, option or exported type removed or changed incompatibly" },
  operationAdded: { level: "minor", text: "An operation added" },
  optionalRequestAdded: { level: "minor", text: "an optional request field or parameter added" },
  responseAdded: { level: "minor", text: "a response field or a response enum value added" },
  requestRelaxed: { level: "minor", text: "a request constraint relaxed" },
  exportAdded: { level: "minor", text: "A wrapper, option, entry point or export added" },
  descriptions: { level: "patch", text: "Descriptions, examples" },
  discrepancies: { level: "patch", text: "discrepancy records (`x-discrepancies`)" },
  retrySafe: { level: "patch", text: "`x-retry-safe` corrections that do not change what is sent" },
};

/**
 * A rule: its id (stable, used in --json and the corpus), the row it applies, the direction it
 * judges ("request": what the client sends, "response": what it reads, or null), one line saying
 * what it detects, and, where the row needs reading to fit, how it is read.
 * @param {string} id @param {{ level: string, text: string }} row @param {string | null} direction
 * @param {string} detects @param {string} [reading]
 */
export function rule(id, row, direction, detects, reading) {
  return Object.freeze({ id, level: row.level, row: row.text, direction, detects, ...(reading ? { reading } : {}) });
}
