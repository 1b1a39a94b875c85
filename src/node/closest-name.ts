// "Did you mean …?" for a misspelt option name. Swapped neighbours count as one edit, since
// `porxy` for `proxy` is the typo people make, and case is ignored, since `proxyTLS` for
// `proxyTls` is a misspelling too.

/** The name in `names` nearest to `input`, when it is near enough to be what was meant. */
export function closestName(input: string, names: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  // Short names tolerate fewer edits, or every two-letter typo would match something.
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of names) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = value;
    }
  }
  return d[rows * cols - 1]!;
}
