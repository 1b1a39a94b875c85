// Ctrl-C: the first SIGINT (or SIGTERM) aborts the command's calls through one signal, so the
// command can save what it has and say how to go on; a second one exits at once.
import { EXIT } from "./exit-codes.js";

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
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    get interrupted() {
      return interrupted;
    },
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
