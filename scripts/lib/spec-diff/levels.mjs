// The three bumps of the CHANGELOG's versioning table, in order, and "none" below them.
// A change's level is the bump it requires; a report's level is the highest of its changes.

export const LEVELS = ["none", "patch", "minor", "major"];

/**
 * Rank of a level: none 0, patch 1, minor 2, major 3. Throws on anything else.
 * @param {string} level
 */
export function rank(level) {
  const index = LEVELS.indexOf(level);
  if (index < 0) throw new Error(`unknown level "${level}"; expected one of ${LEVELS.join(", ")}`);
  return index;
}

/**
 * The highest of the given levels ("none" for none).
 * @param {Iterable<string>} levels
 */
export function highest(levels) {
  let best = "none";
  for (const level of levels) if (rank(level) > rank(best)) best = level;
  return best;
}
