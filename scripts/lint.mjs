// npm run lint: Redocly and Spectral on the spec; any error or warning fails.
import { lintSpec } from "./lib/lint.mjs";

function heading(problem) {
  const where = problem.file ? `${problem.file}:${problem.line}:${problem.column}` : "";
  return [where, problem.severity, problem.rule, problem.pointer].filter(Boolean).join("  ");
}

const { spec, reports, ok } = await lintSpec();
console.log(`Linting ${spec}`);
for (const report of reports) {
  console.log(`\n── ${report.tool}`);
  for (const problem of report.problems) {
    console.log(heading(problem));
    console.log(`    ${problem.message.replaceAll("\n", "\n    ")}`);
  }
}
console.log("");
for (const { tool, errors, warnings, ignored } of reports) {
  const suffix = ignored ? `, ${ignored} ignored` : "";
  console.log(`${tool}: ${errors} errors, ${warnings} warnings${suffix}`);
}
process.exitCode = ok ? 0 : 1;
