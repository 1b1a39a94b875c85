// The light attempt signal (src/wrappers/http/attempt-signal.ts) of the Node entry and of a direct exchange: the behaviour of an AbortSignal
// that the undici sender and undici itself rely on.
import { describe, expect, it, vi } from "vitest";
import { AttemptSignal } from "../../../src/wrappers/http/attempt-signal.js";

describe("AttemptSignal", () => {
  it("calls each listener once, with the reason set before the first is called", () => {
    const signal = new AttemptSignal();
    const seen: unknown[] = [];
    const first = vi.fn(() => seen.push(signal.reason));
    const second = vi.fn();
    signal.addEventListener("abort", first);
    signal.addEventListener("abort", second, { once: true });
    const reason = new Error("timed out");
    signal.abort(reason);
    signal.abort(new Error("again"));
    expect(signal.aborted).toBe(true);
    expect(signal.signal).toBe(signal);
    expect(signal.reason).toBe(reason);
    expect(seen).toEqual([reason]);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("never calls a removed listener, nor one added after the abort", () => {
    const signal = new AttemptSignal();
    const removed = vi.fn();
    const late = vi.fn();
    signal.addEventListener("abort", removed);
    signal.removeEventListener("abort", removed);
    signal.abort("stop");
    signal.addEventListener("abort", late);
    expect(removed).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
