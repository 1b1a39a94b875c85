// What a command prints. With --json, stdout carries only JSON: one document, or one line per
// item for listings (JSON Lines), so `jq` and line-by-line readers both work while a listing is
// still streaming. Without it, people get tables and short records. Diagnostics always go to
// stderr, so they never mix with what a script parses.

export interface Output {
  json: boolean;
}

/** The result of a command: a JSON document, or a record of its fields for people. */
export function printResult(out: Output, value: unknown, human?: () => string): void {
  if (out.json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  else process.stdout.write(`${human ? human() : describeRecord(value)}\n`);
}

/** One item of a listing, as a JSON line, as soon as it is known. */
export function printItem(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Progress and notes for people: stderr, so stdout stays clean. */
export function note(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** `key: value` lines; nested values as compact JSON. */
export function describeRecord(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => `${key}: ${v !== null && typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join("\n");
}

/** A plain table: a header row, then one row per item, columns padded to their widest cell. */
export function formatTable(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  const cell = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v)).replace(/\s+/g, " ");
  const cells = [columns.map((c) => c.toUpperCase()), ...rows.map((row) => columns.map((c) => cell(row[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join("  ")).join("\n");
}

/** A record as printed: the normalised fields, without the `raw` body they were read from. */
export function printable<T extends object>(value: T): Omit<T, "raw"> {
  const { raw: _raw, ...rest } = value as T & { raw?: unknown };
  return rest;
}
