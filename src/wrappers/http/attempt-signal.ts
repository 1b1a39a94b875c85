// The signal of one attempt, ended by the transport's timer or the caller's signal, where no
// fetch needs a real AbortSignal: over undici (src/node/undici-sender.ts) and through a fetch's
// direct exchange (./sender.ts, the in-process mock's). A plain object rather than an
// AbortController: Node's EventTarget costs microseconds for every listener added and removed,
// and making an AbortController costs more than the rest of an in-process call's client side
// (bench/in-process.ts); both showed in the per-call figures of bench/calls.ts.
// The signal types every sender shares live here too, so that ./sender.ts can import this module
// without a cycle.

/** What a sender may do with the signal of its attempt; an AbortSignal has all of it. */
export interface CancelSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** One attempt's signal and how the transport ends it: an AbortController is one. */
export interface AttemptControl<S extends CancelSignal> {
  readonly signal: S;
  abort(reason: unknown): void;
}

export class AttemptSignal implements CancelSignal, AttemptControl<AttemptSignal> {
  aborted = false;
  reason: unknown = undefined;
  // Made when the first listener comes: most attempts through a direct exchange get none.
  #listeners: Array<() => void> | undefined;

  /** The control and its signal are one object. */
  get signal(): AttemptSignal {
    return this;
  }

  addEventListener(_type: "abort", listener: () => void, _options?: { once?: boolean }): void {
    // As an AbortSignal's: a listener added after the abort is never called; each is called once.
    if (this.aborted) return;
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const at = this.#listeners?.indexOf(listener) ?? -1;
    if (at >= 0) this.#listeners?.splice(at, 1);
  }

  /** As an AbortSignal's: throws the reason once aborted. */
  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners ?? [];
    this.#listeners = undefined;
    for (const listener of listeners) listener();
  }
}
