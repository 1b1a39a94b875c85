// Tables for people. A listing of any size streams: the columns are sized from the first rows
// (WINDOW of them), then every row is printed as it comes, so memory stays flat. On a terminal
// the table fits its width: the widest columns give way first and a cut value ends in "…"; but
// an id, which the next command needs whole, is never cut, and names and statuses give way only
// once every other column has. A table that cut a value or could not fit says how to see all.
import { present } from "../../kernel/present.js";
import { terminalLine } from "./terminal-text.js";

const WINDOW = 100;
const GAP = "  ";
// A column is not narrowed below this (or below its own widest value, when that is less).
const MIN_WIDTH = 6;

export interface TableOptions {
  /** The columns to show; with `wide`, every field of the first rows instead. */
  columns: readonly string[];
  wide: boolean;
  /** Fit this many characters per line (a terminal's width); undefined: no limit. */
  width: number | undefined;
  /** Told once, at the end, when a value was cut or a line is wider than `width`. */
  hint?: (message: string) => void;
}

/** How late a column gives way: 0 first, 1 (names, statuses) last, 2 (ids) never. */
export function keepRank(column: string): 0 | 1 | 2 {
  if (/(?:^id|Id|ID)$/.test(column)) return 2;
  if (/(?:name|Name|status|Status|^profile)$/.test(column)) return 1;
  return 0;
}

/** A value as one table cell: nested values as compact JSON, control characters escaped. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return terminalLine(typeof value === "object" ? JSON.stringify(value) : String(value));
}

const lengthOf = (text: string): number => Array.from(text).length;

function cut(text: string, width: number): string {
  const chars = Array.from(text);
  return chars.length <= width ? text : `${chars.slice(0, Math.max(width - 1, 0)).join("").trimEnd()}…`;
}

/**
 * Narrows the widest columns, one character at a time, until the line fits `total` or none can
 * give: columns of rank 0 first, then those of rank 1; a column of rank 2 never (see keepRank).
 */
export function fitWidths(natural: readonly number[], total: number, ranks: readonly number[] = natural.map(() => 0)): number[] {
  const columns = natural.map((width, i) => ({ width, floor: Math.min(MIN_WIDTH, width), rank: ranks[i] }));
  const budget = total - GAP.length * (columns.length - 1);
  let sum = natural.reduce((a, b) => a + b, 0);
  for (const rank of [0, 1]) {
    while (sum > budget) {
      let widest: (typeof columns)[number] | undefined;
      for (const column of columns) {
        if (column.rank === rank && column.width > column.floor && (widest === undefined || column.width > widest.width)) widest = column;
      }
      if (widest === undefined) break;
      widest.width -= 1;
      sum -= 1;
    }
  }
  return columns.map((column) => column.width);
}

export class TableWriter {
  private readonly window: Record<string, unknown>[] = [];
  private columns: string[] = [];
  private widths: number[] | undefined;
  /** Whether a value was cut, or a line is wider than the width: the reader misses something. */
  private short = false;

  constructor(
    private readonly options: TableOptions,
    private readonly write: (text: string) => void,
  ) {}

  add(row: Record<string, unknown>): void {
    if (this.widths) {
      this.print([row]);
      return;
    }
    this.window.push(row);
    if (this.window.length >= WINDOW) this.start();
  }

  /** Prints what is held; false when there was no row at all. */
  end(): boolean {
    if (!this.widths) {
      if (this.window.length === 0) return false;
      this.start();
    }
    if (this.short) this.options.hint?.(`the table is cut to fit ${this.options.width} columns: --wide shows every value whole, -o json every field`);
    return true;
  }

  private start(): void {
    const { options } = this;
    this.columns = options.wide ? [...new Set(this.window.flatMap((row) => Object.keys(row)))] : [...options.columns];
    const headers = this.columns.map((c) => c.toUpperCase());
    const natural = this.columns.map((c) => Math.max(lengthOf(c.toUpperCase()), ...this.window.map((row) => lengthOf(cellText(row[c])))));
    this.widths = options.width === undefined ? natural : fitWidths(natural, options.width, this.columns.map(keepRank));
    this.line(headers);
    this.print(this.window.splice(0));
  }

  private print(rows: readonly Record<string, unknown>[]): void {
    for (const row of rows) this.line(this.columns.map((c) => cellText(row[c])));
  }

  private line(cells: readonly string[]): void {
    const widths = present(this.widths, "the table's column widths (start() sets them)");
    const { width } = this.options;
    const fit = width !== undefined;
    const last = cells.length - 1;
    const text = cells.map((cell, i) => {
      // One width per column, and one cell per column.
      const columnWidth = present(widths[i], "a column's width");
      const shown = fit && keepRank(this.columns[i] ?? "") < 2 ? cut(cell, columnWidth) : cell;
      if (shown !== cell) this.short = true;
      return i === last ? shown : shown + " ".repeat(Math.max(columnWidth - lengthOf(shown), 0));
    });
    const joined = text.join(GAP);
    if (width !== undefined && lengthOf(joined) > width) this.short = true;
    this.write(`${joined}\n`);
  }
}
