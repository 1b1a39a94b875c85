// Waiting, behind a Clock so the job waiter can run on simulated time: a benchmark or a test
// can "spend" ten minutes of polling without ten minutes passing.
import { abortError, ValidationError } from "./errors.js";
import { onAbort } from "./abort.js";

export interface Clock {
  /** Milliseconds on a clock that only moves forward; only differences between readings mean anything. */
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

// setTimeout silently fires after 1 ms when asked for more than 2^31-1 ms, so longer waits are
// taken in pieces.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms`; rejects with AbortError as soon as `signal` fires, leaving no timer behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (typeof ms !== "number" || !(ms >= 0)) {
    return Promise.reject(new ValidationError([{ field: "ms", rule: "minimum", message: `ms must be a number >= 0 (got ${String(ms)})` }]));
  }
  if (signal?.aborted) return Promise.reject(abortError(signal));

  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let remaining = ms;

    let stopListening: (() => void) | undefined;
    const arm = () => {
      const step = Math.min(remaining, MAX_TIMER_MS);
      remaining -= step;
      timer = setTimeout(() => {
        if (remaining > 0) return arm();
        stopListening?.();
        resolve();
      }, step);
    };

    if (signal) {
      stopListening = onAbort(signal, () => {
        clearTimeout(timer);
        reject(abortError(signal));
      });
    }
    arm();
  });
}

// performance.now() is monotonic, so a wall-clock correction cannot shorten or stretch a wait;
// Date.now() is the fallback for runtimes without the High Resolution Time API.
const monotonicNow: () => number = typeof globalThis.performance?.now === "function" ? () => globalThis.performance.now() : () => Date.now();

/** Real time: the runtime's timers and monotonic clock. */
export const systemClock: Clock = Object.freeze({ now: monotonicNow, sleep });
