// Spectral's JSON report (`spectral lint --format=json`) read into findings, in one place: the lint
// gate (lint.mjs) and the OWASP review (owasp.mjs) both run Spectral and read its results alike.
import { listOf, memberAt, numberOr, stringOr } from "./json-members.mjs";
import { toPointer } from "./spec.mjs";

/** @typedef {import("./json-types.ts").JsonValue} JsonValue */
/**
 * One result of Spectral's report. `severity` as a ruleset spells it ("error" when the result
 * gives none); `line` and `column` count from one, as Redocly and editors do (Spectral counts from
 * zero), and are 0 when the result has no range.
 * @typedef {{
 *   rule: string, severity: string, message: string, source: string, path: (string | number)[], pointer: string, line: number, column: number,
 * }} SpectralFinding
 */

// Spectral's numeric severities, in its order; "warn" is how a ruleset spells warning.
export const SPECTRAL_SEVERITIES = ["error", "warn", "info", "hint"];

/**
 * The findings of Spectral's JSON report, or undefined when its output holds no report (a ruleset
 * that does not load, a crash), so that nothing counts as clean then.
 * @param {string} stdout
 * @returns {SpectralFinding[] | undefined}
 */
export function spectralFindings(stdout) {
  /** @type {JsonValue} */
  let results;
  try {
    results = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  if (!Array.isArray(results)) return undefined;
  return results.map((result) => {
    const severity = memberAt(result, "severity");
    const path = listOf(memberAt(result, "path")).filter((segment) => typeof segment === "string" || typeof segment === "number");
    return {
      rule: String(memberAt(result, "code")),
      severity: (typeof severity === "number" ? SPECTRAL_SEVERITIES[severity] : undefined) ?? "error",
      message: String(memberAt(result, "message")),
      source: stringOr(memberAt(result, "source"), ""),
      path,
      pointer: `#${toPointer(path)}`,
      line: numberOr(memberAt(result, "range", "start", "line"), -1) + 1,
      column: numberOr(memberAt(result, "range", "start", "character"), -1) + 1,
    };
  });
}
