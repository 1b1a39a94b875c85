// platform completion bash|zsh|fish: prints a script that completes commands, subcommands,
// flags and the values of enum flags and arguments, rendered from the very command tree.
import { Argument, Command } from "commander";
import { commandTree } from "../completion/command-tree.js";
import { completionData } from "../completion/completion-data.js";
import { fishScript } from "../completion/fish-script.js";
import { bashScript, zshScript } from "../completion/sh-script.js";
import { writeOut } from "../output/stdout.js";

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export function completionCommand(program: Command): Command {
  return new Command("completion")
    .description("print a shell completion script (commands, flags, enum values)")
    .addArgument(new Argument("<shell>", "the shell").choices(Object.keys(SHELLS)))
    .addHelpText(
      "after",
      "\nExamples:\n  source <(npx platform completion bash)     # bash, this shell only\n  source <(npx platform completion zsh)      # zsh, this shell only, after compinit\n  npx platform completion fish | source      # fish, this shell only\n(Each script's first lines say how to install it for good, for every shell.)",
    )
    .action((shell: keyof typeof SHELLS) => {
      writeOut(SHELLS[shell](completionData(commandTree(program))));
    });
}
