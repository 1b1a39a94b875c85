// The OWASP API security ruleset on the spec, as data: what each rule reports with the ruleset
// alone, what it still reports with the decisions of openapi/security.spectral.yaml applied, and
// the decision and reason recorded there. The review script and its test share this, so both
// mean the same thing by "no unwaived finding".
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseDocument } from "yaml";
import { cliEntry, runCli } from "./node-cli.mjs";
import { REPO_ROOT, loadSpec, specPath } from "./spec.mjs";
import { SPECTRAL_SEVERITIES as SEVERITIES, spectralFindings } from "./spectral-report.mjs";

/** @typedef {import("./json-types.ts").JsonRecord} JsonRecord */
/**
 * A rule of a Spectral ruleset module (code, not JSON: its formats are functions that say whether
 * a document is of their kind, each with its name).
 * @typedef {((document: JsonRecord) => boolean) & { displayName: string }} SpectralFormat
 * @typedef {{ severity?: number, formats?: SpectralFormat[] }} SpectralRule
 */
/** @typedef {{ name: string, severity: string, applies: boolean, formats: string[] }} OwaspRule */
/** @typedef {{ rule: string, severity: string, pointer: string, where: string, line: number, message: string }} Finding */
/** @typedef {{ severity: string, waived: boolean, reason: string }} Decision */
/**
 * What reviewSpec finds; `findings` and `open` are keyed by rule.
 * @typedef {{
 *   versions: { owasp: string, spectral: string }, rules: OwaspRule[], decisions: Map<string, Decision>,
 *   findings: Map<string, Finding[]>, open: Map<string, Finding[]>, unwaived: Finding[],
 * }} SecurityReview
 */

export const OWASP_PACKAGE = "@stoplight/spectral-owasp-ruleset";
export const SECURITY_RULESET = resolve(REPO_ROOT, "openapi/security.spectral.yaml");
// The severities `--fail-severity=warn` fails on.
export const GATING = new Set(["error", "warn"]);

const require = createRequire(resolve(REPO_ROOT, "package.json"));

/**
 * name and version of an installed package (its exports hide package.json from require).
 * @param {string} name
 */
function installedPackage(name) {
  let dir = dirname(require.resolve(name));
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (manifest.name === name) return manifest;
    } catch {
      // no package.json at this level
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot find the package.json of ${name}`);
}

export function toolVersions() {
  return { owasp: installedPackage(OWASP_PACKAGE).version, spectral: installedPackage("@stoplight/spectral-cli").version };
}

/**
 * Every rule of the OWASP ruleset in its own order, with its default severity and whether it
 * applies to `document` at all (some rules are for OpenAPI 2.0 or 3.0 only).
 * @param {JsonRecord} document
 * @returns {Promise<OwaspRule[]>}
 */
export async function owaspRules(document) {
  const { default: ruleset } = await import(OWASP_PACKAGE);
  /** @type {{ rules: Record<string, SpectralRule>, formats?: SpectralFormat[] }} */
  const { rules, formats: shared } = ruleset;
  return Object.entries(rules).map(([name, rule]) => {
    const formats = [...(rule.formats ?? shared ?? [])];
    return {
      name,
      severity: (rule.severity === undefined ? undefined : SEVERITIES[rule.severity]) ?? "warn",
      applies: formats.length === 0 || formats.some((format) => format(document)),
      formats: formats.map((format) => format.displayName),
    };
  });
}

/**
 * @param {string} ruleset
 * @param {string} spec
 * @returns {Promise<Finding[]>}
 */
async function spectral(ruleset, spec) {
  const run = await runCli(cliEntry("@stoplight/spectral-cli", "spectral"), [
    "lint",
    spec,
    "--quiet",
    "--format=json",
    `--ruleset=${ruleset}`,
  ]);
  const findings = spectralFindings(run.stdout);
  // A ruleset that does not load, or a crash: no report, so nothing may count as clean.
  if (!findings) throw new Error(`spectral produced no JSON report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`.trim());
  // `line` is only used to list findings in document order.
  return findings.map(({ rule, severity, pointer, path, line, message }) => ({ rule, severity, pointer, where: path.join("."), line, message }));
}

/**
 * The OWASP ruleset alone. The temporary ruleset names the package by its resolved file: a
 * ruleset outside the repository cannot resolve a package name, and inside it would leave a
 * stray file behind on a crash.
 * @param {string} spec
 */
async function baselineFindings(spec) {
  const dir = mkdtempSync(join(tmpdir(), "owasp-"));
  try {
    const file = join(dir, "baseline.spectral.yaml");
    writeFileSync(file, `extends:\n  - ${JSON.stringify(require.resolve(OWASP_PACKAGE))}\n`);
    return await spectral(file, spec);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The decisions under `rules:` of the security ruleset: rule name -> { severity, waived, reason },
 * the reason being the comment above the entry.
 * @returns {Map<string, Decision>}
 */
export function readDecisions(file = SECURITY_RULESET) {
  const doc = parseDocument(readFileSync(file, "utf8"));
  const rules = /** @type {import("yaml").YAMLMap<import("yaml").Scalar, import("yaml").Node | null> | undefined} */ (doc.get("rules", true));
  const decisions = new Map();
  (rules?.items ?? []).forEach((pair, index) => {
    // The comment above the first entry belongs to the map in the yaml library's model.
    const comment = pair.key.commentBefore ?? (index === 0 ? rules?.commentBefore : undefined);
    const value = pair.value?.toJSON?.() ?? pair.value;
    const severity = typeof value === "object" && value !== null ? value.severity : value;
    // off, false, info and hint all keep a rule from failing the review: each is a waiver.
    const waived = severity === false || ["off", "info", "hint"].includes(severity);
    const reason = (comment ?? "").split("\n").map((line) => line.trim()).join(" ").trim();
    decisions.set(String(pair.key.value), { severity: String(severity), waived, reason });
  });
  return decisions;
}

/**
 * Both runs and the decisions. `findings` (ruleset alone) and `open` (decisions applied) are
 * keyed by rule; a rule whose several checks fail at one place counts that place once.
 * @param {{ spec?: string, ruleset?: string }} [options]
 * @returns {Promise<SecurityReview>}
 */
export async function reviewSpec({ spec = specPath(), ruleset = SECURITY_RULESET } = {}) {
  const [baseline, applied, rules] = await Promise.all([baselineFindings(spec), spectral(ruleset, spec), owaspRules(loadSpec(spec))]);
  const byRule = (/** @type {Finding[]} */ list) => {
    /** @type {Map<string, Map<string, Finding>>} */
    const map = new Map();
    for (const finding of [...list].sort((a, b) => a.line - b.line || a.pointer.localeCompare(b.pointer))) {
      const places = map.get(finding.rule) ?? new Map();
      if (!places.has(finding.pointer)) places.set(finding.pointer, finding);
      map.set(finding.rule, places);
    }
    return new Map([...map].map(([rule, places]) => [rule, [...places.values()]]));
  };
  return {
    versions: toolVersions(),
    rules,
    decisions: readDecisions(ruleset),
    findings: byRule(baseline),
    open: byRule(applied),
    // What fails the review: anything still reported at warn or above with the decisions applied.
    unwaived: applied.filter((f) => GATING.has(f.severity)),
  };
}
