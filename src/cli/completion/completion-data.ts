// What a shell needs to complete `platform`: per command path, its subcommands, its flags (its
// own, the global ones, --help), which of them take a value, the choices of those values and of
// its positional arguments. Each shell's script (./sh-script.ts, ./fish-script.ts) is this data
// written in that shell's syntax, around the same small walk over the words typed so far.
import { present } from "../../kernel/present.js";
import { allCommands, type CommandNode } from "./command-tree.js";

export interface CompletionData {
  /** `"connections list"` (or `""`) → its subcommands. */
  subcommands: [string, string[]][];
  /** Path → every flag accepted there. */
  flags: [string, string[]][];
  /** Path → the flags there that take a value. */
  valueFlags: [string, string[]][];
  /** [path, flag] → the flag's choices. */
  values: [string, string, readonly string[]][];
  /** [path, position from 1] → the positional argument's choices. */
  argumentChoices: [string, number, readonly string[]][];
}

export function completionData(root: CommandNode): CompletionData {
  const globals = root.flags;
  const data: CompletionData = { subcommands: [], flags: [], valueFlags: [], values: [], argumentChoices: [] };
  for (const command of allCommands(root)) {
    const path = command.path.join(" ");
    if (command.subcommands.length > 0) data.subcommands.push([path, command.subcommands.map((c) => present(c.path.at(-1), "a subcommand's own word, at the end of its path"))]);
    const flags = command === root ? globals : [...command.flags, ...globals];
    data.flags.push([path, [...new Set([...flags.flatMap((f) => f.names.filter((n) => n.startsWith("--"))), "--help"])]]);
    data.valueFlags.push([path, [...new Set(flags.filter((f) => f.takesValue).flatMap((f) => f.names))]]);
    for (const flag of flags) if (flag.choices) for (const name of flag.names) data.values.push([path, name, flag.choices]);
    command.arguments.forEach((argument, index) => {
      if (argument.choices) data.argumentChoices.push([path, index + 1, argument.choices]);
    });
  }
  return data;
}
