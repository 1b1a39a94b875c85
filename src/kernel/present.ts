// Values present by an invariant the compiler cannot see: a path parameter the router matched, a
// job's subject that must be a stored record, a regex group that always takes part in a match.
// Reading one through these says so, and a broken invariant (a bug, never bad input) fails at
// once with the name of what was missing instead of running on with undefined.

/** `value`, or an internal error naming `what` when it is undefined or null. */
export function present<T>(value: T, what: string): NonNullable<T> {
  if (value === undefined || value === null) throw new Error(`Internal error: ${what} is missing`);
  return value;
}

/** Capture group `index` of a match whose pattern makes that group always take part. */
export function group(match: RegExpMatchArray, index: number): string {
  return present(match[index], `group ${index} of the match of "${match[0]}"`);
}
