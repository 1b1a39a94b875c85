// Ctrl-C and its kin: the first SIGINT, SIGTERM or SIGHUP (a closed terminal, a CI runner
// stopping the job) aborts the command's calls through one signal, so the command can save what
// it has and say how to go on, and ends with exit code 130; a second one exits at once. A command
// whose work does not heed the abort still ends with 130, after a short grace for it to save.
import { EXIT } from "./exit-codes.js";

export const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

// Long enough for a command to write its state and its hint; short enough that a user who
// pressed Ctrl-C once is not left waiting.
const GRACE_MS = 3_000;

export interface Interruption {
  signal: AbortSignal;
  readonly interrupted: boolean;
  dispose(): void;
}

export function watchInterrupts(): Interruption {
  const controller = new AbortController();
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) process.exit(EXIT.interrupted);
    interrupted = true;
    controller.abort();
    // Unref'd: a command that ends within the grace exits as it always does.
    setTimeout(() => {
      process.stderr.write("platform: interrupted\n");
      process.exit(EXIT.interrupted);
    }, GRACE_MS).unref();
  };
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  return {
    signal: controller.signal,
    get interrupted() {
      return interrupted;
    },
    dispose() {
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
    },
  };
}
