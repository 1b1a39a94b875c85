// A drift report as JUnit XML, which CI systems show as test results: one test suite per
// operation with drift, one failing test case per drift. A report without drift is one empty suite.
import { describeDrift, messageOf } from "./describe.js";
import type { DriftReport } from "./report-format.js";

// Names in a report come from the messages checked: any character may be in them, including ones
// XML 1.0 cannot carry at all, which are dropped: anything outside its Char production (a lone
// surrogate is a code point of its own under the u flag, outside the production too).
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value. */
export function xmlText(text: string): string {
  return text
    .replace(INVALID_XML, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

export function driftReportToJUnit(report: DriftReport): string {
  const byOperation = new Map<string, DriftReport["drifts"]>();
  for (const d of report.drifts) byOperation.set(d.operationId, [...(byOperation.get(d.operationId) ?? []), d]);
  const suites = [...byOperation].map(([operationId, drifts]) => {
    const cases = drifts.map((d) => {
      const name = `${messageOf(d)} ${d.pointer === "" ? "(whole body)" : d.pointer} ${d.kind}`;
      const details = [
        describeDrift(d),
        `seen ${d.count} time${d.count === 1 ? "" : "s"}, first ${d.firstSeen}, last ${d.lastSeen}`,
        `spec ${d.specVersion}, ${d.specLocation}`,
        `recorded by ${d.recordedBy.join(", ")}`,
      ].join("\n");
      return `    <testcase classname="${xmlText(`drift.${operationId}`)}" name="${xmlText(name)}">\n      <failure type="${xmlText(d.kind)}" message="${xmlText(`expected ${d.expected}; received ${d.received.join(" or ")}`)}">${xmlText(details)}</failure>\n    </testcase>`;
    });
    return `  <testsuite name="${xmlText(operationId)}" tests="${drifts.length}" failures="${drifts.length}" errors="0" skipped="0" timestamp="${xmlText(report.updatedAt)}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  if (suites.length === 0) suites.push(`  <testsuite name="spec drift" tests="0" failures="0" errors="0" skipped="0" timestamp="${xmlText(report.updatedAt)}"></testsuite>`);
  const total = report.drifts.length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="spec drift" tests="${total}" failures="${total}" errors="0">\n${suites.join("\n")}\n</testsuites>\n`;
}
