// What the bump of `info.version` between two sides says about their changes, decided here once:
// the report carries it (the bump and whether the 0.y rule applies, each change `blocked` or not,
// `ok`), and the gate and the formatters read it rather than judge again.
import { highest, LEVELS, rank } from "./levels.mjs";
import { allowedLevel, bumpOf, isInitialDevelopment, parseVersion, requiredBump } from "./versions.mjs";

/**
 * @typedef {import("./versions.mjs").BumpKind} BumpKind
 * @typedef {{ from: string, to: string, kind: BumpKind, allows: string, required: string, initial: boolean }} Bump
 *   the bump of `info.version` between the sides, what it allows and what the changes require
 * @typedef {{ label: string, version?: unknown }} VersionedSide a side as the verdict reads it: its name and `info.version`
 */

/**
 * @param {VersionedSide} base @param {VersionedSide} head
 * @param {string} level the highest level of the changes
 * @returns {Bump | null}
 */
function bumpInfo(base, head, level) {
  try {
    const from = parseVersion(base.version, `info.version of ${base.label}`).text;
    const to = parseVersion(head.version, `info.version of ${head.label}`).text;
    return { from, to, kind: bumpOf(from, to), allows: allowedLevel(from, to), required: requiredBump(level, from), initial: isInitialDevelopment(from) };
  } catch {
    return null;
  }
}

/**
 * The report's verdict on `changes` (each with its `level`) between sides whose `info.version`
 * is `base.version` and `head.version`: the highest level, the counts per level, the bump (null
 * when a version is not x.y.z), `ok` (null without a bump) and the changes, each marked `blocked`
 * when the bump does not allow it.
 * @template {{ level: string }} C
 * @param {VersionedSide} base
 * @param {VersionedSide} head
 * @param {C[]} changes
 */
export function verdictOf(base, head, changes) {
  const level = highest(changes.map((c) => c.level));
  const counts = Object.fromEntries(LEVELS.slice(1).reverse().map((l) => [l, changes.filter((c) => c.level === l).length]));
  const bump = bumpInfo(base, head, level);
  const blocked = (/** @type {C} */ c) => bump !== null && rank(c.level) > rank(bump.allows);
  return { level, bump, ok: bump ? rank(level) <= rank(bump.allows) : null, counts, changes: changes.map((c) => ({ ...c, blocked: blocked(c) })) };
}

/**
 * The changes a version bump does not allow (empty when the report passes or has no versions).
 * @template {{ blocked: boolean }} C
 * @param {{ changes: C[] }} report
 * @returns {C[]}
 */
export function violations(report) {
  return report.changes.filter((c) => c.blocked);
}
