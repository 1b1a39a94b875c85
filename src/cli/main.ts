#!/usr/bin/env node
// platform: the management interface from the shell. Output, exit codes, signals and a closed
// stdout are settled here, once for every command; see ./program.ts for the commands.
import { createRequire } from "node:module";
import { CommanderError } from "commander";
import { setInterruptSignal } from "./action.js";
import { Cancelled, EXIT, exitCodeOf, Interrupted } from "./exit-codes.js";
import { watchInterrupts } from "./interrupt.js";
import { flushOut, watchOutputStreams } from "./output/stdout.js";
import { terminalLine, terminalLines } from "./output/terminal-text.js";
import { buildProgram } from "./program.js";
import { addSecrets, credentialsOf, redact } from "./redaction.js";

// The package's version, two levels up from dist/cli/ (and from src/cli/); a bundle of this file
// has no package.json beside it, and says so rather than failing.
const version = (() => {
  try {
    return (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
  } catch {
    return "unknown (bundled)";
  }
})();
addSecrets(credentialsOf(process.argv, process.env));
// An unknown option's value may be a credential under a misspelt flag (--api-kye=…): never echo it.
const masked = (text: string) => redact(text).replace(/(unknown option '[^'=]+=)[^']*'/g, "$1***'");

// A reader that went away (`| head -1`) wanted no more: end at once, quietly, successfully.
watchOutputStreams(
  () => process.exit(EXIT.done),
  (error) => {
    process.stderr.write(`platform: cannot write the output (${error.code ?? error.message})\n`);
    process.exit(EXIT.usage);
  },
);
const interruption = watchInterrupts();
setInterruptSignal(interruption.signal);
const program = buildProgram(version);
for (const command of [program, ...allSubcommands(program)]) {
  command.exitOverride().configureOutput({ writeErr: (text) => process.stderr.write(terminalLines(masked(text))), outputError: (text, write) => write(text) });
}

function allSubcommands(command: typeof program): (typeof program)[] {
  return command.commands.flatMap((child) => [child, ...allSubcommands(child)]);
}

function say(line: string): void {
  process.stderr.write(`${terminalLine(masked(line))}\n`);
}

let code: number = EXIT.done;
try {
  await program.parseAsync(process.argv);
  // A command that finished its work may still end with a verdict (platform drift --fail-on-drift).
  if (typeof process.exitCode === "number") code = process.exitCode;
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and --version end here too, successfully; commander has printed its message already.
    code = error.exitCode === 0 ? EXIT.done : EXIT.usage;
  } else {
    code = exitCodeOf(error, interruption.interrupted);
    const plain = error instanceof Error && (error.name === "Error" || error.name === "UsageError" || error instanceof Cancelled);
    const message = error instanceof Error ? `${plain ? "" : `${error.name}: `}${error.message}` : String(error);
    say(`platform: ${code === EXIT.interrupted ? "interrupted" : message}`);
    if (error instanceof Interrupted && error.hint) say(error.hint);
    if (code === EXIT.unexpected && error instanceof Error && error.stack) process.stderr.write(`${terminalLines(masked(error.stack))}\n`);
  }
}
interruption.dispose();
flushOut();
// Keep-alive sockets would hold the process open for seconds after the work is done.
process.stdout.write("", () => process.exit(code));
