// Small statistics shared by the orchestrator (plain Node) and the benchmark entries (bundled
// TypeScript): medians of repeated measurements, spreads, ratios and number formatting.

/** @param {number[]} values @returns {number} the median (mean of the middle two for an even count); NaN when empty */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? /** @type {number} */ (sorted[mid]) : (/** @type {number} */ (sorted[mid - 1]) + /** @type {number} */ (sorted[mid])) / 2;
}

/** @param {number[]} values @param {number} p in [0, 1] @returns {number} nearest-rank percentile */
export function percentile(values, p) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return /** @type {number} */ (sorted[rank]);
}

/** @param {number[]} values @returns {{ min: number, max: number }} */
export function spread(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  return { min: Math.min(...finite), max: Math.max(...finite) };
}

/** @param {number} a @param {number} b @returns {number} a / b, NaN when b is 0 or either is not finite */
export function ratio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : NaN;
}

/** @param {number} value @param {number} [digits] @returns {string} */
export function fmt(value, digits = 1) {
  if (!Number.isFinite(value)) return "n/a";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** @param {number[]} values @param {number} [digits] @returns {string} "median (min–max)" */
export function fmtSpread(values, digits = 1) {
  if (values.length === 0) return "n/a";
  const { min, max } = spread(values);
  return `${fmt(median(values), digits)} (${fmt(min, digits)}–${fmt(max, digits)})`;
}

export const MiB = 1024 * 1024;

/**
 * The run of median peak RSS among repeated runs of one measurement, every run's peak beside it:
 * a single peak moves with the timing of garbage collection, so a size is judged by its median.
 * @template {{ peakRssMiB: number }} T
 * @param {T[]} runs at least one
 * @returns {T & { peakRssRuns: number[] }}
 */
export function medianPeakRun(runs) {
  const byPeak = [...runs].sort((a, b) => a.peakRssMiB - b.peakRssMiB);
  const middle = byPeak[Math.floor(byPeak.length / 2)];
  if (!middle) throw new Error("medianPeakRun: no runs");
  return { ...middle, peakRssRuns: runs.map((run) => run.peakRssMiB) };
}
