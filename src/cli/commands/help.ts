// platform help [command...]: the help of any command, however deep (`platform help connections
// list`), where commander's own help command only knows the first level.
import { Command } from "commander";
import { UsageError } from "../exit-codes.js";

export function helpCommand(program: Command): Command {
  return new Command("help")
    .argument("[command...]", "the command, e.g. connections list")
    .description("show the help of a command")
    .addHelpText("after", "\nExample:\n  platform help connections list")
    .action((path: string[]) => {
      let command = program;
      for (const name of path) {
        const next = command.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!next) throw new UsageError(`platform ${[...path.slice(0, path.indexOf(name)), name].join(" ")}: no such command (see platform --help)`);
        command = next;
      }
      command.outputHelp();
    });
}
