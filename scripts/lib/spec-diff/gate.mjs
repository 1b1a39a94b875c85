// The gate (npm run check:spec-diff, and the test suite): every change against the last release
// must be allowed by the bump of `info.version` since that release. It fails on a change that
// needs a bigger bump, listing each such change, and on a version that went down or is not x.y.z.
import { placeOf } from "./diff.mjs";
import { violations } from "./verdict.mjs";
import { rank } from "./levels.mjs";
import { parseVersion } from "./versions.mjs";

/**
 * @typedef {import("./diff.mjs").JudgedChange} JudgedChange
 * @typedef {import("./verdict.mjs").Bump} Bump
 * @typedef {import("./verdict.mjs").VersionedSide} VersionedSide
 */

/**
 * The smallest version after `from` that a bump of `kind` reaches.
 * @param {string} from @param {string} kind
 */
export function nextVersion(from, kind) {
  const v = parseVersion(from);
  if (kind === "major") return `${v.major + 1}.0.0`;
  if (kind === "minor") return `${v.major}.${v.minor + 1}.0`;
  if (kind === "patch") return `${v.major}.${v.minor}.${v.patch + 1}`;
  return v.text;
}

/** @param {JudgedChange} c */
const describe = (c) => {
  const at = placeOf(c);
  const where = [c.operation ? `${c.operation.id ?? ""} ${c.operation.method} ${c.operation.path}`.trim() : "document", c.where.join(", "), c.field]
    .filter(Boolean)
    .join(" · ");
  return `  ${c.level.padEnd(5)}  ${where}: ${c.message}  [${c.rule}] ${at.file}:${at.line}`;
};

/**
 * The gate's verdict on a report: `ok`, and the lines to print.
 * @param {{ base: VersionedSide, head: VersionedSide, bump: Bump | null, counts: Record<string, number>, changes: JudgedChange[] }} report
 *   from diffSpecs (what the gate reads of it: the sides' names and versions, and the verdict)
 */
export function judge(report) {
  /** @type {string[]} */
  const lines = [];
  const title = `spec-diff: ${report.base.label} → ${report.head.label}`;
  if (!report.bump) {
    return {
      ok: false,
      violations: [],
      lines: [
        `${title}`,
        `  info.version must be a semantic version x.y.z on both sides (base ${JSON.stringify(report.base.version)}, head ${JSON.stringify(report.head.version)})`,
      ],
    };
  }
  const { bump } = report;
  const counts = `${report.counts.major} major, ${report.counts.minor} minor, ${report.counts.patch} patch`;
  lines.push(`${title}: ${counts}`);
  if (bump.kind === "downgrade") {
    lines.push(`  info.version went down from ${bump.from} to ${bump.to}; it must be at least ${bump.from}`);
    return { ok: false, violations: [], lines };
  }
  const found = violations(report);
  const initial = bump.initial ? " (0.y rule)" : "";
  if (found.length === 0) {
    lines.push(
      `  info.version ${bump.from} → ${bump.to} (${bump.kind === "none" ? "unchanged" : `${bump.kind} bump`}) allows ${bump.allows === "none" ? "no change" : `${bump.allows} changes`}${initial}; the changes need ${bump.required === "none" ? "none" : `a ${bump.required} bump`}: OK`,
    );
    return { ok: true, violations: [], lines };
  }
  const needed = nextVersion(bump.from, bump.required);
  lines.push(
    `  info.version ${bump.from} → ${bump.to} (${bump.kind === "none" ? "unchanged" : `${bump.kind} bump`}) allows ${bump.allows === "none" ? "no change" : `${bump.allows} changes`}${initial}, but ${found.length} change${found.length === 1 ? "" : "s"} need${found.length === 1 ? "s" : ""} a ${bump.required} bump (info.version ${needed} or later, with package.json's version):`,
  );
  for (const change of [...found].sort((a, b) => rank(b.level) - rank(a.level))) lines.push(describe(change));
  return { ok: false, violations: found, lines };
}
