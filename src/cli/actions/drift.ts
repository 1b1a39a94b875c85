// The work of `platform drift` (../commands/drift.ts), loaded when it runs: the report read and
// checked, then written as a summary, SARIF or JUnit XML, and the verdict of --fail-on-drift.
import type { Command } from "commander";
import { SPEC_VERSION } from "../../generated/spec-version.js";
import { driftReportToJUnit } from "../../drift/junit.js";
import { driftReportToSarif } from "../../drift/sarif.js";
import { hasDrift, summarizeDriftReport, SUMMARY_COLUMNS } from "../../drift/summary.js";
import { readDriftReport } from "../../node/drift-report-file.js";
import { outputOf } from "../context.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { fileError } from "../local-files/file-errors.js";
import { note, printListDocument } from "../output/print.js";
import { writeOut } from "../output/stdout.js";

export interface DriftFlags {
  /** The CI formats the command offers (its --format choices). */
  format?: "sarif" | "junit" | undefined;
  failOnDrift?: boolean | undefined;
}

export async function summarize(file: string, options: DriftFlags, command: Command): Promise<void> {
  const report = await readDriftReport(file).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    throw code ? fileError(file, "read the drift report", error) : new UsageError((error as Error).message);
  });
  if (options.format === "sarif") writeOut(`${JSON.stringify(driftReportToSarif(report, { toolVersion: SPEC_VERSION }), null, 2)}\n`);
  else if (options.format === "junit") writeOut(driftReportToJUnit(report));
  else {
    const summary = summarizeDriftReport(report);
    const view = { columns: SUMMARY_COLUMNS.map((c) => c.key), empty: `no drift: every message in ${file} matched the spec` };
    await printListDocument(outputOf(command), summary, summary.rows, view);
    if (summary.omitted > 0) note(`${summary.omitted} departures were not kept (the recorder's limit): the report is incomplete`);
  }
  if (options.failOnDrift && hasDrift(report)) process.exitCode = EXIT.drift;
}
