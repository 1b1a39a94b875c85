// The signal of one attempt over undici, ended by the transport's timer or the caller's signal.
// A plain object rather than an AbortController: Node's EventTarget costs microseconds for every
// listener added and removed, the sender adds one per attempt (./undici-sender.ts), and it showed
// in the per-call overhead of bench/calls.ts.
import type { AttemptControl, CancelSignal } from "../wrappers/http/sender.js";

export class AttemptSignal implements CancelSignal, AttemptControl<AttemptSignal> {
  aborted = false;
  reason: unknown = undefined;
  #listeners: Array<() => void> = [];

  /** The control and its signal are one object. */
  get signal(): AttemptSignal {
    return this;
  }

  addEventListener(_type: "abort", listener: () => void, _options?: { once?: boolean }): void {
    // As an AbortSignal's: a listener added after the abort is never called; each is called once.
    if (!this.aborted) this.#listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const at = this.#listeners.indexOf(listener);
    if (at >= 0) this.#listeners.splice(at, 1);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }
}
