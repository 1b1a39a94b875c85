// The flags of a destructive command: --dry-run says what would happen and stops; without it the
// user confirms (on a terminal) or passed --yes. The steps themselves are ./prompt/go-ahead.ts.
import type { Command } from "commander";

export interface DestructiveFlags {
  dryRun?: boolean;
  yes?: boolean;
}

export function withDestructiveOptions(command: Command): Command {
  return command.option("--dry-run", "say what would be done, and do nothing").option("--yes", "do not ask (needed without a terminal)");
}
