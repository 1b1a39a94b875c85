#!/usr/bin/env node
// platform: the management interface from the shell. Output, exit codes and Ctrl-C are settled
// here, once for every command; see ./program.ts for the commands.
import { createRequire } from "node:module";
import { CommanderError } from "commander";
import { setInterruptSignal } from "./action.js";
import { EXIT, exitCodeOf, Interrupted } from "./exit-codes.js";
import { watchInterrupts } from "./interrupt.js";
import { buildProgram } from "./program.js";
import { credentialsOf, maskCredentials } from "./secrets.js";

// The package's version, two levels up from dist/cli/ (and from src/cli/); a bundle of this file
// has no package.json beside it, and says so rather than failing.
const version = (() => {
  try {
    return (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
  } catch {
    return "unknown (bundled)";
  }
})();
const credentials = credentialsOf(process.argv, process.env);
// An unknown option's value may be a credential under a misspelt flag (--api-kye=…): never echo it.
const masked = (text: string) => maskCredentials(text, credentials).replace(/(unknown option '[^'=]+=)[^']*'/g, "$1***'");

const interruption = watchInterrupts();
setInterruptSignal(interruption.signal);
const program = buildProgram(version);
for (const command of [program, ...allSubcommands(program)]) {
  command.exitOverride().configureOutput({ writeErr: (text) => process.stderr.write(masked(text)), outputError: (text, write) => write(masked(text)) });
}

function allSubcommands(command: typeof program): (typeof program)[] {
  return command.commands.flatMap((child) => [child, ...allSubcommands(child)]);
}

let code: number = EXIT.done;
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and --version end here too, successfully; commander has printed its message already.
    code = error.exitCode === 0 ? EXIT.done : EXIT.usage;
  } else {
    code = exitCodeOf(error, interruption.interrupted);
    const message = error instanceof Error ? `${error.name === "Error" || error.name === "UsageError" ? "" : `${error.name}: `}${error.message}` : String(error);
    process.stderr.write(masked(`platform: ${code === EXIT.interrupted ? "interrupted" : message}\n`));
    if (error instanceof Interrupted && error.hint) process.stderr.write(masked(`${error.hint}\n`));
    if (code === EXIT.unexpected && error instanceof Error && error.stack) process.stderr.write(masked(`${error.stack}\n`));
  }
}
interruption.dispose();
// Keep-alive sockets would hold the process open for seconds after the work is done.
process.stdout.write("", () => process.exit(code));
