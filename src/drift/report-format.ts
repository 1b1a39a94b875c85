// The drift report's shape, as openapi/drift-report.schema.json defines it (a test holds the two
// together): one format for the client, the validating proxy and the stateful mock. A report
// names operations, statuses, JSON pointers, kinds and JSON types, never a value from a message.

export const REPORT_FORMAT = "platform-drift-report";
export const REPORT_FORMAT_VERSION = 1;

/** How a message departed from the spec (see the schema's `kind` for each). */
export type DriftKind = "required" | "type" | "enum" | "forbidden" | "format" | "constraint" | "no-match" | "not-json";

/** What saw the departure. */
export type DriftRecorderName = "client" | "proxy" | "mock";

/** The JSON type of what came (never the value), or what stood in for a value. */
export type ReceivedType = "object" | "array" | "string" | "integer" | "number" | "boolean" | "null" | "absent" | "empty" | "text" | "unknown";

export interface DriftEntry {
  operationId: string;
  method: string;
  path: string;
  /** response: an answer departed; request: a request reached the proxy or the mock that departed. */
  direction: "response" | "request";
  /** The answer's status code (responses only). */
  status?: number;
  location: "body" | "path" | "query" | "header";
  /** JSON pointer inside the location, array indices written `*`. */
  pointer: string;
  kind: DriftKind;
  /** The JSON Schema keyword that failed, or `body` for not-json. */
  keyword: string;
  /** What the spec asks for, in words from the spec alone. */
  expected: string;
  received: ReceivedType[];
  count: number;
  firstSeen: string;
  lastSeen: string;
  specVersion: string;
  /** Where in openapi/platform.yaml the message was checked against, as a URI fragment. */
  specLocation: string;
  /** Ids of the x-discrepancies records this drift falls under. */
  discrepancies: string[];
  recordedBy: DriftRecorderName[];
}

export interface DriftReport {
  format: typeof REPORT_FORMAT;
  formatVersion: typeof REPORT_FORMAT_VERSION;
  updatedAt: string;
  /** Departures seen but not kept because the report was full. */
  omitted: number;
  drifts: DriftEntry[];
}

/** A report with nothing in it yet. */
export function emptyReport(now: Date = new Date()): DriftReport {
  return { format: REPORT_FORMAT, formatVersion: REPORT_FORMAT_VERSION, updatedAt: now.toISOString(), omitted: 0, drifts: [] };
}

