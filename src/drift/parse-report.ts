// A drift report read back (a file, a request body) and checked against its schema,
// openapi/drift-report.schema.json, with the validator generated from it: a file that is not a
// report, or one from a newer format, is refused with the field and the rule, never half-read.
import { validateDriftReport } from "../generated/drift-report-validator.js";
import { PlatformError } from "../kernel/errors.js";
import { REPORT_FORMAT, REPORT_FORMAT_VERSION, type DriftReport } from "./report-format.js";

const MAX_LISTED = 5;

/** `value` as a drift report; `source` names it in the error (a file name, say). */
export function parseDriftReport(value: unknown, source = "the drift report"): DriftReport {
  const record = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (record?.format !== REPORT_FORMAT) throw new PlatformError(`${source} is not a drift report (it has no "format": "${REPORT_FORMAT}")`);
  if (record.formatVersion !== REPORT_FORMAT_VERSION) {
    throw new PlatformError(`${source} has formatVersion ${JSON.stringify(record.formatVersion)}; this version of the package reads formatVersion ${REPORT_FORMAT_VERSION}`);
  }
  if (!validateDriftReport(value)) {
    const issues = (validateDriftReport.errors ?? []).filter((e) => e.keyword !== "if");
    const listed = issues.slice(0, MAX_LISTED).map((e) => `${e.instancePath || "(the report)"} ${e.message ?? e.keyword}`);
    throw new PlatformError(`${source} is not a valid drift report: ${listed.join("; ")}${issues.length > MAX_LISTED ? `; and ${issues.length - MAX_LISTED} more` : ""}`);
  }
  return value as DriftReport;
}

/** The text of a report file, parsed and checked. */
export function parseDriftReportText(text: string, source = "the drift report"): DriftReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PlatformError(`${source} is not JSON: ${(error as Error).message}`);
  }
  return parseDriftReport(value, source);
}
