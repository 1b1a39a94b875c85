// A drift report as SARIF 2.1.0, the format code-scanning views read: one rule per kind of drift,
// one result per drift, located in the spec (openapi/platform.yaml) at the operation and message
// it concerns. A drift that falls under a recorded discrepancy is a note, any other a warning.
import { describeDrift, DRIFT_KINDS, kindWords, messageOf } from "./describe.js";
import { entryKey } from "./entry-order.js";
import type { DriftReport } from "./report-format.js";

export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

export interface SarifOptions {
  /** Where the spec is, relative to the repository the SARIF file is uploaded for (default openapi/platform.yaml). */
  specUri?: string;
  /** The version of the tool that wrote the report, for the run's driver. */
  toolVersion?: string;
}

// A fingerprint that stays the same from run to run for the same drift, so a code-scanning view
// tracks it instead of opening a new alert each time.
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/** The SARIF log (a JSON value: `JSON.stringify` it to write the file). */
export function driftReportToSarif(report: DriftReport, options: SarifOptions = {}) {
  const specUri = options.specUri ?? "openapi/platform.yaml";
  const rules = DRIFT_KINDS.map((kind) => ({
    id: `drift/${kind}`,
    name: `Drift${kind.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase())}`,
    shortDescription: { text: `The service's traffic departs from the spec: ${kindWords(kind)}.` },
    fullDescription: { text: `A message the spec does not allow: ${kindWords(kind)}. The drift report names the operation, the status or request part, the JSON pointer and the JSON types received, never a value.` },
    defaultConfiguration: { level: "warning" as const },
  }));
  const results = report.drifts.map((d) => ({
    ruleId: `drift/${d.kind}`,
    ruleIndex: DRIFT_KINDS.indexOf(d.kind),
    level: d.discrepancies.length > 0 ? ("note" as const) : ("warning" as const),
    message: { text: `${describeDrift(d)}; seen ${d.count} time${d.count === 1 ? "" : "s"}, ${d.firstSeen} to ${d.lastSeen}, spec ${d.specVersion}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: specUri } },
        logicalLocations: [{ name: d.pointer === "" ? "/" : d.pointer, fullyQualifiedName: `${d.operationId}/${messageOf(d)}${d.pointer}`, kind: "member" }],
      },
    ],
    partialFingerprints: { "platformDrift/v1": fingerprint(entryKey(d)) },
    properties: {
      operationId: d.operationId,
      method: d.method,
      path: d.path,
      direction: d.direction,
      ...(d.status === undefined ? {} : { status: d.status }),
      location: d.location,
      pointer: d.pointer,
      expected: d.expected,
      received: d.received,
      count: d.count,
      firstSeen: d.firstSeen,
      lastSeen: d.lastSeen,
      specVersion: d.specVersion,
      specLocation: d.specLocation,
      discrepancies: d.discrepancies,
      recordedBy: d.recordedBy,
    },
  }));
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0" as const,
    runs: [
      {
        tool: { driver: { name: "platform-drift", ...(options.toolVersion ? { version: options.toolVersion } : {}), rules } },
        results,
        properties: { omitted: report.omitted, updatedAt: report.updatedAt },
      },
    ],
  };
}
