// Destructive commands ask first on a terminal. Without one (a script, CI) there is nobody to
// ask, so they refuse unless --yes says the caller meant it. Anything but "y" or "yes" is a no,
// and a no ends the command with exit code 6 (Cancelled): a script that asked must not take a
// refusal for success. Ctrl-D is a no; Ctrl-C or a signal while asking is exit 130.
import { Cancelled, UsageError } from "../exit-codes.js";
import { redact } from "../redaction.js";
import { flushOut } from "../output/stdout.js";
import { terminalLine } from "../output/terminal-text.js";
import { readLine } from "./read-answer.js";

/** Goes on when confirmed (or --yes); throws Cancelled on a no. */
export async function confirm(question: string, options: { yes?: boolean }, signal: AbortSignal): Promise<void> {
  if (options.yes === true) return;
  if (!process.stdin.isTTY || !process.stderr.isTTY) throw new UsageError(`${question}: no terminal to ask on; pass --yes to go ahead (or --dry-run to see what would happen)`);
  // Whatever the command printed so far shows before the question does.
  flushOut();
  process.stderr.write(`${terminalLine(redact(question))}? [y/N] `);
  const answer = await readLine(signal);
  if (answer === undefined) process.stderr.write("\n");
  if (answer === undefined || !/^y(es)?$/i.test(answer.trim())) throw new Cancelled("cancelled; nothing was changed");
}
