import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AbortError } from "../../src/kernel/errors.js";
import { sleep, systemClock } from "../../src/kernel/sleep.js";
import { rejectedValidationError } from "../support/validation-issues.js";

// Settles whatever the promise does, so a test can look at its state without awaiting it.
function track(promise: Promise<void>) {
  const state: { settled: boolean; error?: unknown } = { settled: false };
  promise.then(
    () => (state.settled = true),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe("sleep", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resolves after the delay and not before", async () => {
    const state = track(sleep(500));
    await vi.advanceTimersByTimeAsync(499);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state).toEqual({ settled: true });
  });

  it("rejects at once with AbortError, the reason as cause, when the signal is already aborted", async () => {
    const reason = new Error("user cancelled");
    const promise = sleep(1_000, AbortSignal.abort(reason));
    await expect(promise).rejects.toBeInstanceOf(AbortError);
    await expect(promise).rejects.toMatchObject({ cause: reason });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects as soon as the signal aborts during the wait, and clears its timer", async () => {
    const controller = new AbortController();
    const state = track(sleep(60_000, controller.signal));
    await vi.advanceTimersByTimeAsync(10);
    expect(vi.getTimerCount()).toBe(1);

    controller.abort("stop");
    await Promise.resolve();
    await Promise.resolve();
    expect(state.settled).toBe(true);
    expect(state.error).toBeInstanceOf(AbortError);
    expect((state.error as AbortError).cause).toBe("stop");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops listening to the signal once it has resolved, and many sleeps at once share one listener", async () => {
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, "addEventListener");
    const remove = vi.spyOn(controller.signal, "removeEventListener");
    // One after another: each listens while it sleeps, and leaves nothing on the signal after.
    for (let i = 0; i < 5; i++) {
      const each = track(sleep(20, controller.signal));
      await vi.advanceTimersByTimeAsync(20);
      expect(each).toEqual({ settled: true });
    }
    expect(add).toHaveBeenCalledTimes(5);
    expect(remove).toHaveBeenCalledTimes(5);
    // Twenty at once: one listener between them, removed when the last one ends.
    const many = Array.from({ length: 20 }, () => track(sleep(20, controller.signal)));
    expect(add).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(20);
    expect(many.every((state) => state.settled)).toBe(true);
    expect(remove).toHaveBeenCalledTimes(6);
    const state = track(sleep(20, controller.signal));
    await vi.advanceTimersByTimeAsync(20);
    expect(state).toEqual({ settled: true });
    controller.abort();
    await Promise.resolve();
    expect(state.error).toBeUndefined();
  });

  it("waits past setTimeout's 2^31-1 ms limit instead of firing early", async () => {
    const threeBillion = 3_000_000_000;
    const state = track(sleep(threeBillion));
    await vi.advanceTimersByTimeAsync(threeBillion - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
  });

  it("resolves a zero delay on the next timer tick", async () => {
    const state = track(sleep(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
  });

  it.each([-1, Number.NaN, "100" as unknown as number])("rejects %s with a ValidationError naming ms", async (ms) => {
    expect((await rejectedValidationError(sleep(ms))).issues).toEqual([{ field: "ms", rule: "minimum", message: expect.stringContaining("ms must be a number >= 0") }]);
  });
});

describe("systemClock", () => {
  it("moves forward across a real sleep", async () => {
    const before = systemClock.now();
    await systemClock.sleep(25);
    // Timers may fire a hair early relative to a sub-millisecond clock; 20 ms leaves room for that.
    expect(systemClock.now() - before).toBeGreaterThanOrEqual(20);
  });
});
