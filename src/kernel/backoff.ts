// The one backoff formula of the client: an exponential ceiling with "full jitter" below it, as
// the AWS architecture blog describes. Transport retries, chunk retries and the job waiter
// differ only in their numbers.

export interface Backoff {
  /** The first ceiling; it doubles per attempt. A base of 0 grows from 1 ms instead. */
  baseMs: number;
  /** The ceiling stops growing here. */
  capMs: number;
  /** No pause is shorter than this (default 0). */
  floorMs?: number | undefined;
}

/** Pause before retry `attempt` (0 for the first retry): uniform in [floor, min(cap, base·2^attempt)]. */
export function backoffDelay(attempt: number, { baseMs, capMs, floorMs = 0 }: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, Math.max(baseMs, 1) * 2 ** attempt);
  const draw = random();
  // A random source that misbehaves (NaN, out of range) must not turn into a NaN or negative wait.
  const r = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0;
  return Math.floor(floorMs + r * Math.max(0, ceiling - floorMs));
}
