// Ctrl-C and its kin: the first SIGINT, SIGTERM or SIGHUP (a closed terminal, a CI runner
// stopping the job) aborts the command's calls through one signal, so the command can save what
// it has and say how to go on, and ends with exit code 130; a second one exits at once.
import { EXIT } from "./exit-codes.js";

export const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

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
