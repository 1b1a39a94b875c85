// The command tree as plain data, read from the very program the user runs: every command's
// subcommands, flags (which take a value, and the choices of those that have them) and the
// choices of its positional arguments. Shell completion scripts and the CLI reference are both
// rendered from it, so neither can drift from the commands.
import type { Command, Option } from "commander";
import { specFieldsOf, type SpecField } from "../spec-flags.js";

export interface FlagNode {
  /** Every spelling: `--output`, `-o`. */
  names: string[];
  description: string;
  takesValue: boolean;
  /** The value's name in the help (`<format>`), when it takes one. */
  valueName?: string;
  choices?: readonly string[];
  required: boolean;
  /** The request fields the flag fills, if any. */
  fills: readonly SpecField[];
}

export interface ArgumentNode {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  choices?: readonly string[];
  fills: readonly SpecField[];
}

export interface CommandNode {
  /** The words after `platform`: [] for the root, ["connections", "list"]. */
  path: string[];
  description: string;
  flags: FlagNode[];
  arguments: ArgumentNode[];
  subcommands: CommandNode[];
  /** Text added after the generated help: examples, notes. */
  helpAfter: string;
}

function flagOf(option: Option): FlagNode {
  const names = [option.long, option.short].filter((n): n is string => typeof n === "string");
  const takesValue = option.required || option.optional;
  const valueName = takesValue ? /[<[][^>\]]+[>\]]/.exec(option.flags)?.[0] : undefined;
  return {
    names,
    description: option.description,
    takesValue,
    ...(valueName ? { valueName } : {}),
    ...(option.argChoices ? { choices: option.argChoices } : {}),
    required: option.mandatory,
    fills: specFieldsOf(option),
  };
}

// Commander keeps the text given to addHelpText only as listeners of its help events; this
// replays them into a string.
function helpAfterOf(command: Command): string {
  let text = "";
  const listeners = (
    command as unknown as { listeners(event: string): ((context: { error: boolean; command: Command; write(s: string): void }) => void)[] }
  ).listeners("afterHelp");
  for (const listener of listeners) listener({ error: false, command, write: (s) => (text += s) });
  return text.replace(/^\n+/, "").trimEnd();
}

export function commandTree(command: Command, path: string[] = []): CommandNode {
  return {
    path,
    description: command.description(),
    flags: command.options.filter((o) => !o.hidden).map(flagOf),
    arguments: command.registeredArguments.map((a) => ({
      name: a.name(),
      description: a.description,
      required: a.required,
      variadic: a.variadic,
      ...(a.argChoices ? { choices: a.argChoices } : {}),
      fills: specFieldsOf(a),
    })),
    subcommands: command.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).map((c) => commandTree(c, [...path, c.name()])),
    helpAfter: helpAfterOf(command),
  };
}

/** Every command of the tree, the root first, depth first in the order they were added. */
export function allCommands(node: CommandNode): CommandNode[] {
  return [node, ...node.subcommands.flatMap(allCommands)];
}
