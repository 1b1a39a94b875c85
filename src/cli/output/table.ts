// Tables for people. A listing of any size streams: the columns are sized from the first rows
// (WINDOW of them), then every row is printed as it comes, so memory stays flat. On a terminal
// the table fits its width: the widest columns give way first and a cut value ends in "…".
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

/** Narrows the widest columns, one character at a time, until the line fits `total` or none can give. */
export function fitWidths(natural: readonly number[], total: number): number[] {
  const widths = [...natural];
  const budget = total - GAP.length * (widths.length - 1);
  let sum = widths.reduce((a, b) => a + b, 0);
  while (sum > budget) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (widths[i]! > Math.min(MIN_WIDTH, natural[i]!) && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    if (widest < 0) break;
    widths[widest]! -= 1;
    sum -= 1;
  }
  return widths;
}

export class TableWriter {
  private readonly window: Record<string, unknown>[] = [];
  private columns: string[] = [];
  private widths: number[] | undefined;

  constructor(
    private readonly options: TableOptions,
    private readonly write: (text: string) => void,
  ) {}

  add(row: Record<string, unknown>): void {
    if (this.widths) return this.print([row]);
    this.window.push(row);
    if (this.window.length >= WINDOW) this.start();
  }

  /** Prints what is held; false when there was no row at all. */
  end(): boolean {
    if (!this.widths) {
      if (this.window.length === 0) return false;
      this.start();
    }
    return true;
  }

  private start(): void {
    const { options } = this;
    this.columns = options.wide ? [...new Set(this.window.flatMap((row) => Object.keys(row)))] : [...options.columns];
    const headers = this.columns.map((c) => c.toUpperCase());
    const natural = this.columns.map((c, i) => Math.max(lengthOf(headers[i]!), ...this.window.map((row) => lengthOf(cellText(row[c])))));
    this.widths = options.width === undefined ? natural : fitWidths(natural, options.width);
    this.line(headers);
    this.print(this.window.splice(0));
  }

  private print(rows: readonly Record<string, unknown>[]): void {
    for (const row of rows) this.line(this.columns.map((c) => cellText(row[c])));
  }

  private line(cells: readonly string[]): void {
    const widths = this.widths!;
    const fit = this.options.width !== undefined;
    const last = cells.length - 1;
    const text = cells.map((cell, i) => {
      const shown = fit ? cut(cell, widths[i]!) : cell;
      return i === last ? shown : shown + " ".repeat(Math.max(widths[i]! - lengthOf(shown), 0));
    });
    this.write(`${text.join(GAP)}\n`);
  }
}
