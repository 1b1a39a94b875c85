// What a command prints, in the format the user chose (./format.ts). stdout carries only the
// result; notes and progress go to stderr, so a script parsing stdout never sees them.
//   json   one document, always: a listing is an array ([] when empty), streamed as it arrives
//   jsonl  one record per line, as each arrives (a single result is one line)
//   yaml   one document (a listing is a sequence, streamed); the yaml library loads only here
//   table  a table for listings, `field: value` lines for one record, control characters escaped
import type { Output } from "./format.js";
import { redact } from "../redaction.js";
import { backedUp, drained, writeOut } from "./stdout.js";
import { TableWriter, cellText } from "./table.js";
import { terminalLine } from "./terminal-text.js";

export type { Output } from "./format.js";

/** How a listing looks as a table. */
export interface TableView {
  columns: readonly string[];
  /** The line printed for people when the listing is empty. */
  empty: string;
}

type Yaml = typeof import("yaml");
let yaml: Promise<Yaml> | undefined;
const loadYaml = (): Promise<Yaml> => (yaml ??= import("yaml"));

const indent = (text: string): string => text.replace(/\n/g, "\n  ");

/** One result: a document in the chosen format; for people `human()`'s lines, or its fields. */
export async function printResult(out: Output, value: unknown, human?: () => readonly string[]): Promise<void> {
  switch (out.format) {
    case "json":
      return writeOut(`${JSON.stringify(value, null, 2)}\n`);
    case "jsonl":
      return writeOut(`${JSON.stringify(value)}\n`);
    case "yaml":
      return writeOut((await loadYaml()).stringify(value));
    case "table":
      return writeOut(`${(human ? human().map(terminalLine) : describeRecord(value)).join("\n")}\n`);
  }
}

export interface ListingOptions<T> {
  /** Stop after this many records (the listing stops fetching pages too). */
  limit?: number;
  /** What of each record is printed. */
  map?: (item: T) => object;
}

/**
 * A listing of any length (every page of chunks), printed as it arrives, so the first records
 * show before the last page is fetched and memory stays flat. Returns how many were printed.
 */
export async function printListing<T extends object>(
  out: Output,
  items: AsyncIterable<T> | Iterable<T>,
  view: TableView,
  options: ListingOptions<T> = {},
): Promise<number> {
  const { limit = Infinity, map = (item: T): object => item } = options;
  let count = 0;
  if (limit <= 0) return printListing(out, [], view);
  if (out.format === "table") {
    const table = new TableWriter({ columns: view.columns, wide: out.wide, width: out.width, hint: note }, writeOut);
    for await (const item of items) {
      table.add(map(item) as Record<string, unknown>);
      if (++count >= limit) break;
      if (backedUp()) await drained();
    }
    if (!table.end()) writeOut(`${view.empty}\n`);
    return count;
  }
  const stringify = out.format === "yaml" ? (await loadYaml()).stringify : undefined;
  for await (const item of items) {
    const record = map(item);
    if (out.format === "jsonl") writeOut(`${JSON.stringify(record)}\n`);
    else if (stringify) writeOut(stringify([record]));
    else writeOut(`${count === 0 ? "[\n  " : ",\n  "}${indent(JSON.stringify(record, null, 2))}`);
    if (++count >= limit) break;
    // A reader slower than the pages: wait for it rather than hold what it has not taken.
    if (backedUp()) await drained();
  }
  if (out.format === "json") writeOut(count === 0 ? "[]\n" : "\n]\n");
  else if (out.format === "yaml" && count === 0) writeOut("[]\n");
  return count;
}

/**
 * A list the service answers in one document (connections, with their total): the document as
 * it came in JSON and YAML, its records one per line in JSON Lines, a table of them for people.
 */
export async function printListDocument(out: Output, document: object, records: readonly object[], view: TableView): Promise<void> {
  if (out.format === "json" || out.format === "yaml") return printResult(out, document);
  await printListing(out, records, view);
}

/** Progress and notes for people: one line on stderr, secrets masked, control characters escaped. */
export function note(message: string): void {
  process.stderr.write(`${terminalLine(redact(message))}\n`);
}

/** `key: value` lines; nested values as compact JSON; every control character escaped. */
export function describeRecord(value: unknown): string[] {
  if (value === null || typeof value !== "object") return [cellText(value)];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => `${terminalLine(key)}: ${cellText(v)}`);
}

/** A record as printed: the normalised fields, without the `raw` body they were read from. */
export { withoutRaw as printable } from "../../kernel/records.js";
