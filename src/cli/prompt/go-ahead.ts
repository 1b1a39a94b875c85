// The shared steps of a destructive command (its flags: ../destructive.ts): --dry-run says what
// would happen and stops; without it the user confirms (on a terminal) or passed --yes; a no
// ends the command (exit 6).
import type { Context } from "../context.js";
import type { DestructiveFlags } from "../destructive.js";
import { printResult } from "../output/print.js";
import { confirm } from "./confirm.js";

/** True when the command should go ahead; prints the dry run's plan and returns false otherwise. */
export async function goAhead(
  context: Context,
  flags: DestructiveFlags,
  plan: { operation: string; [key: string]: unknown },
  question: string,
): Promise<boolean> {
  if (flags.dryRun) {
    await printResult(context.out, { dryRun: true, ...plan }, () => [`would ${question} (${plan.operation}); nothing was sent`]);
    return false;
  }
  await confirm(question, flags, context.signal);
  return true;
}
