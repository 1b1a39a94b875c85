// platform configure [--profile NAME]: saves a profile (target, API key, JWT or a command that
// prints one) to the profiles file (../config/config-file.ts, mode 0600). Secrets come from a
// prompt that does not echo, or from stdin (--with-api-key, --with-jwt), never from the command
// line, where the process list would show them. `platform configure list` shows the profiles,
// secrets masked.
import { Command } from "commander";
import type { ConfigureFlags } from "../actions/configure.js";

// The command's work, loaded when it runs: help and completion only define it.
const work = () => import("../actions/configure.js");

export function configureCommand(): Command {
  const group = new Command("configure")
    .description("save a profile: target, API key, JWT (or a command printing one), in the profiles file (mode 0600)")
    .option("--jwt-command <command>", "a command that prints a fresh JWT, run when a chunk operation needs one")
    .option("--with-api-key", "read the API key from stdin (one line; asked without echo on a terminal)")
    .option("--with-jwt", "read the JWT from stdin (the line after the API key's, if both)")
    .addHelpText(
      "after",
      "\nExamples:\n  platform configure                                    # asks, on a terminal\n  platform configure --profile staging --base-url https://staging.example\n  printf '%s\\n' \"$API_KEY\" | platform configure --profile ci --host acme.platform.example --with-api-key\n  platform configure list\n\nThe file is $XDG_CONFIG_HOME/platform/config.json (~/.config/platform/config.json); a file others can read is refused.",
    )
    .action(async (flags: ConfigureFlags, command: Command) => {
      await (await work()).configure(flags, command);
    });

  group
    .command("list")
    .description("the saved profiles, secrets masked")
    .addHelpText("after", "\nExample:\n  platform configure list")
    .action(async (_flags: object, command: Command) => {
      await (await work()).list(command);
    });

  return group;
}
