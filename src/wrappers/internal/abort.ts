// The caller's AbortSignal, raced against work that may ignore it: one implementation for the
// waiter, the chunked upload, the listing and the transport.
import { AbortError, abortError } from "../errors.js";

// Duck-typed rather than instanceof, so a signal from another realm or a polyfill still works.
export function isAbortSignal(value: unknown): value is AbortSignal {
  return typeof value === "object" && value !== null && typeof (value as AbortSignal).aborted === "boolean" && typeof (value as AbortSignal).addEventListener === "function";
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** A promise that rejects with AbortError once the signal fires; dispose() removes the listener. */
export function abortListener(signal: AbortSignal | undefined): { promise: Promise<never>; dispose(): void } {
  if (!signal) return { promise: new Promise<never>(() => {}), dispose: () => {} };
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
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
