// platform drift FILE: a drift report (written by --record-drift, the validating proxy or the
// stateful mock) summarised for people (a table), for scripts (-o json|jsonl|yaml), or for CI as
// SARIF (code scanning) or JUnit XML (test reports); with --fail-on-drift, exit 7 when the report
// holds any drift, so a pipeline can stop on it.
import { Argument, Command, Option } from "commander";
import type { DriftFlags } from "../actions/drift.js";

const CI_FORMATS = ["sarif", "junit"] as const satisfies readonly NonNullable<DriftFlags["format"]>[];

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
      const { summarize } = await import("../actions/drift.js");
      await summarize(file, options, command);
    });
}
