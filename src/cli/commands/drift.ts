// platform drift FILE: a drift report (written by --record-drift, the validating proxy or the
// stateful mock) summarised for people (a table), for scripts (-o json|jsonl|yaml), or for CI as
// SARIF (code scanning) or JUnit XML (test reports); with --fail-on-drift, exit 7 when the report
// holds any drift, so a pipeline can stop on it.
import { Argument, Command, Option } from "commander";
import { SPEC_VERSION } from "../../generated/spec-version.js";
import { outputOf } from "../context.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { fileError } from "../local-files/file-errors.js";
import { note, printListDocument } from "../output/print.js";
import { writeOut } from "../output/stdout.js";

const CI_FORMATS = ["sarif", "junit"] as const;

interface DriftFlags {
  format?: (typeof CI_FORMATS)[number] | undefined;
  failOnDrift?: boolean | undefined;
}

const HELP = `
A drift is a place where the service's answers (or a client's requests, in the mock's reports)
depart from the spec; the report names fields and types, never a value.

Examples:
  platform --record-drift drift.json connections list     # check the answers, add the drift to drift.json
  platform drift drift.json                                # a table of what departs
  platform drift drift.json --format sarif > drift.sarif   # for code scanning
  platform drift drift.json --format junit > drift.xml --fail-on-drift`;

export function driftCommand(): Command {
  return new Command("drift")
    .description("summarise a drift report: where the service departs from the spec")
    .addArgument(new Argument("<file>", "a drift report (from --record-drift, npm run proxy or the stateful mock)"))
    .addOption(new Option("--format <format>", "write the report for CI instead of a summary").choices(CI_FORMATS))
    .option("--fail-on-drift", "exit 7 when the report holds any drift")
    .addHelpText("after", HELP)
    .action(async (file: string, options: DriftFlags, command: Command) => {
      // Loaded here: the report's checks are not for every command's start-up.
      const [{ readDriftReport }, { driftReportToJUnit }, { driftReportToSarif }, { hasDrift, summarizeDriftReport, SUMMARY_COLUMNS }] = await Promise.all([
        import("../../node/drift-report-file.js"),
        import("../../drift/junit.js"),
        import("../../drift/sarif.js"),
        import("../../drift/summary.js"),
      ]);
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
    });
}
