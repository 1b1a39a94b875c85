// Version numbers and what a bump of `info.version` allows, by the CHANGELOG's rule: Semantic
// Versioning judged from a user's side, and while the version is 0.y.z "a breaking change bumps
// the minor number and everything else the patch number".
import { rank } from "./levels.mjs";

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * @typedef {{ major: number, minor: number, patch: number, prerelease: string | undefined, text: string }} Version
 * @typedef {"major" | "minor" | "patch" | "none" | "downgrade"} BumpKind which number of the version a bump raised
 */

/** @param {unknown} text @param {string} what names the field in the error @returns {Version} */
export function parseVersion(text, what = "version") {
  const match = typeof text === "string" ? SEMVER.exec(text) : null;
  if (!match) throw new Error(`${what} must be a semantic version x.y.z, got ${JSON.stringify(text)}`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease: match[4], text: match[0] };
}

/**
 * Negative, zero or positive as a is before, equal to or after b (prerelease labels before the release).
 * @param {string | Version} a @param {string | Version} b
 */
export function compareVersions(a, b) {
  const x = typeof a === "string" ? parseVersion(a) : a;
  const y = typeof b === "string" ? parseVersion(b) : b;
  for (const part of /** @type {const} */ (["major", "minor", "patch"])) if (x[part] !== y[part]) return x[part] - y[part];
  if (x.prerelease === y.prerelease) return 0;
  if (x.prerelease === undefined) return 1;
  if (y.prerelease === undefined) return -1;
  return x.prerelease < y.prerelease ? -1 : 1;
}

/**
 * "major", "minor", "patch" or "none" (also for prerelease-only changes); "downgrade" when `to` is older.
 * @param {string} from @param {string} to
 * @returns {BumpKind}
 */
export function bumpOf(from, to) {
  const x = parseVersion(from, "the base version");
  const y = parseVersion(to, "the head version");
  if (compareVersions(y, x) < 0) return "downgrade";
  if (y.major !== x.major) return "major";
  if (y.minor !== x.minor) return "minor";
  if (y.patch !== x.patch) return "patch";
  return "none";
}

/**
 * True while the base version is 0.y.z, when the CHANGELOG's 0.y rule applies.
 * @param {string} from
 */
export function isInitialDevelopment(from) {
  return parseVersion(from, "the base version").major === 0;
}

/**
 * The highest change level a version bump allows. Under 0.y: a minor bump allows breaking
 * (major-level) changes and a patch bump allows minor-level ones; a move to 1.0.0 allows all.
 * @param {string} from @param {string} to
 */
export function allowedLevel(from, to) {
  const bump = bumpOf(from, to);
  if (bump === "none" || bump === "downgrade") return "none";
  if (isInitialDevelopment(from)) return { major: "major", minor: "major", patch: "minor" }[bump];
  return bump;
}

/**
 * The bump of `info.version` a change of `level` requires, starting from version `from`.
 * @param {string} level @param {string} from
 */
export function requiredBump(level, from) {
  if (rank(level) === 0) return "none";
  if (isInitialDevelopment(from)) return level === "major" ? "minor" : "patch";
  return level;
}
