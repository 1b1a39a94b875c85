// Which output format a command prints in: `-o json|jsonl|yaml|table` (`--json` is `-o json`),
// table by default. A table on a terminal fits its width, long values cut with an ellipsis;
// `--wide` shows every field whole. Off a terminal (a pipe, a file) the table is not cut: there
// is no width to fit, and a value cut short would mislead `grep` or `awk`.
import { UsageError } from "../exit-codes.js";

export const OUTPUT_FORMATS = ["json", "jsonl", "yaml", "table"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface Output {
  format: OutputFormat;
  /** Every field a column, each value whole (table only). */
  wide: boolean;
  /** The terminal's width, when a table is to fit one. */
  width: number | undefined;
}

export interface OutputFlags {
  output?: OutputFormat;
  json?: boolean;
  wide?: boolean;
}

export function resolveOutput(flags: OutputFlags, stdout: Pick<NodeJS.WriteStream, "isTTY" | "columns"> = process.stdout): Output {
  if (flags.json && flags.output !== undefined && flags.output !== "json") throw new UsageError(`--json means -o json; it cannot go with -o ${flags.output}`);
  const format: OutputFormat = flags.json ? "json" : (flags.output ?? "table");
  if (flags.wide && format !== "table") throw new UsageError(`--wide is for table output; -o ${format} prints every field already`);
  const width = format === "table" && !flags.wide && stdout.isTTY ? stdout.columns || 80 : undefined;
  return { format, wide: flags.wide === true, width };
}
