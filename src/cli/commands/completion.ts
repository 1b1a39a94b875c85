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
      "\nExamples:\n  platform completion bash > ~/.local/share/bash-completion/completions/platform\n  source <(platform completion bash)     # bash, this shell only\n  source <(platform completion zsh)      # zsh, after compinit\n  platform completion fish | source      # fish",
    )
    .action((shell: keyof typeof SHELLS) => {
      writeOut(SHELLS[shell](completionData(commandTree(program))));
    });
}
