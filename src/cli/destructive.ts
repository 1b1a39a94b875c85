// The shared steps of a destructive command: --dry-run says what would happen and stops; without
// it the user confirms (on a terminal) or passed --yes.
import type { Command } from "commander";
import { confirm } from "./confirm.js";
import { note, printResult, type Output } from "./output.js";

export interface DestructiveFlags {
  dryRun?: boolean;
  yes?: boolean;
}

export function withDestructiveOptions(command: Command): Command {
  return command.option("--dry-run", "say what would be done, and do nothing").option("--yes", "do not ask (needed without a terminal)");
}

/** True when the command should go ahead; prints the dry run's plan otherwise. */
export async function goAhead(out: Output, flags: DestructiveFlags, plan: { operation: string; [key: string]: unknown }, question: string): Promise<boolean> {
  if (flags.dryRun) {
    printResult(out, { dryRun: true, ...plan }, () => `would ${question} (${plan.operation}); nothing was sent`);
    return false;
  }
  if (await confirm(question, flags)) return true;
  note("cancelled; nothing was sent");
  return false;
}
