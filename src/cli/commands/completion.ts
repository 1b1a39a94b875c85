// platform completion bash|zsh|fish: prints a script that completes commands, subcommands,
// flags and the values of enum flags and arguments, rendered from the very command tree.
import { Argument, Command } from "commander";
import type { Shell } from "../actions/completion.js";

const SHELLS = ["bash", "zsh", "fish"] as const satisfies readonly Shell[];

export function completionCommand(program: Command): Command {
  return new Command("completion")
    .description("print a shell completion script (commands, flags, enum values)")
    .addArgument(new Argument("<shell>", "the shell").choices(SHELLS))
    .addHelpText(
      "after",
      "\nExamples:\n  source <(npx platform completion bash)     # bash, this shell only\n  source <(npx platform completion zsh)      # zsh, this shell only, after compinit\n  npx platform completion fish | source      # fish, this shell only\n(Each script's first lines say how to install it for good, for every shell.)",
    )
    .action(async (shell: Shell) => {
      // Loaded here: the script's renderers are for this command only, not for every start-up.
      const { printScript } = await import("../actions/completion.js");
      printScript(program, shell);
    });
}
