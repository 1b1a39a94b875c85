// The caller's AbortSignal, raced against work that may ignore it: one implementation for the
// waiter, the chunked upload, the listing and the transport.
import { AbortError, abortError } from "./errors.js";

// Duck-typed rather than instanceof, so a signal from another realm or a polyfill still works.
export function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AbortSignal).aborted === "boolean" &&
    typeof (value as AbortSignal).addEventListener === "function"
  );
}

// One listener per caller's signal, however many calls share it: a program that passes one
// signal to dozens of concurrent calls would otherwise put dozens of listeners on it at once,
// and Node warns (MaxListenersExceededWarning) past ten. Each call's callback joins the signal's
// set and leaves it when the call settles; when the last one leaves, the listener is removed
// from the signal. Left there, it would keep the signal alive: Node holds on to a signal made by
// AbortSignal.any() or AbortSignal.timeout() for as long as it has abort listeners, so a program
// making one such signal per call kept every one of them (66 MB over 40,000 calls).
const waiting = new WeakMap<AbortSignal, { callbacks: Set<() => void>; listener: () => void }>();

/** Calls `callback` once when `signal` fires (at once if it has); the returned function unsubscribes. */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => {};
  }
  let entry = waiting.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      waiting.delete(signal);
      for (const each of callbacks) each();
    };
    entry = { callbacks, listener };
    waiting.set(signal, entry);
    signal.addEventListener("abort", listener, { once: true });
  }
  const held = entry;
  held.callbacks.add(callback);
  return () => {
    if (!held.callbacks.delete(callback) || held.callbacks.size > 0) return;
    // The last call on this signal has settled: nothing is left to tell.
    if (waiting.get(signal) === held) waiting.delete(signal);
    signal.removeEventListener("abort", held.listener);
  };
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** A promise that rejects with AbortError once the signal fires; dispose() removes the listener. */
export function abortListener(signal: AbortSignal | undefined): { promise: Promise<never>; dispose(): void } {
  if (!signal) return { promise: new Promise<never>(() => {}), dispose: () => {} };
  let dispose = () => {};
  const promise = new Promise<never>((_, reject) => {
    dispose = onAbort(signal, () => reject(abortError(signal)));
  });
  promise.catch(() => {});
  return { promise, dispose };
}

/** The work's result, or AbortError as soon as the signal fires, even if the work ignores it. */
export async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  const abort = abortListener(signal);
  try {
    return await Promise.race([work, abort.promise]);
  } catch (error) {
    // Whatever the work threw once the signal fired (a DOMException from fetch, say), the
    // caller asked to stop: one error class says so.
    if (signal.aborted && !(error instanceof AbortError)) throw abortError(signal);
    throw error;
  } finally {
    abort.dispose();
    work.catch(() => {});
  }
}
