import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AbortError, APIError, AuthenticationError, ConnectionError, JobFailedError, JobTimeoutError, UnexpectedResponseError, ValidationError } from "../../../src/kernel/errors.js";
import { judgeError } from "../../../src/wrappers/jobs/acceptors.js";
import { DEFAULT_WAIT, waitOptionsFrom, type WaitOptions } from "../../../src/wrappers/jobs/wait-options.js";
import { waitForJob, waitOnClock } from "../../../src/wrappers/jobs/waiter.js";
import { backoffDelay as sharedBackoff } from "../../../src/kernel/backoff.js";
import type { Job } from "../../../src/wrappers/normalize/jobs.js";
import { rejectedValidationError, validationErrorOf } from "../../support/validation-issues.js";

// The waiter's pause after poll n: the shared formula with the waiter's numbers.
const backoffDelay = (polls: number, minDelayMs: number, maxDelayMs: number, random: () => number) =>
  sharedBackoff(polls, { baseMs: minDelayMs, capMs: maxDelayMs, floorMs: minDelayMs }, random);
import type { Clock } from "../../../src/kernel/sleep.js";

const ID = "ds-2b3c4d5e";

// Far more pauses than any test here needs: a waiter that stops advancing fails instead of hanging.
const RUNAWAY = 100_000;

// Simulated time: a sleep moves the clock forward at once and is written down.
class FakeClock implements Clock {
  t = 0;
  readonly sleeps: number[] = [];
  now() {
    return this.t;
  }
  sleep(ms: number, signal?: AbortSignal) {
    if (signal?.aborted) return Promise.reject(new AbortError());
    if (this.sleeps.length >= RUNAWAY) return Promise.reject(new Error(`runaway waiter: ${RUNAWAY} pauses`));
    this.sleeps.push(ms);
    this.t += ms;
    return Promise.resolve();
  }
}

// A clock whose sleeps never end and which ignores the signal: only the waiter can stop them.
class StuckClock implements Clock {
  sleeping = 0;
  now() {
    return 0;
  }
  sleep() {
    this.sleeping++;
    return new Promise<void>(() => {});
  }
}

function record(status: string, extra: Partial<Job> = {}): Job {
  return { dockStatusId: ID, status, jobType: "MODELS", action: "DEPLOY", raw: { status }, ...extra };
}

/** A getJob answering with the given statuses in turn (the last one repeats), noting when it was asked. */
function scripted(clock: Clock, statuses: string[]) {
  const calls: { id: string; at: number; signal: AbortSignal | undefined }[] = [];
  const answers: Job[] = [];
  const getJob = vi.fn(async (id: string, signal?: AbortSignal) => {
    calls.push({ id, at: clock.now(), signal });
    // The answer is the asked job's own record: a record of another job ends the wait (see below).
    const job = record(statuses[Math.min(calls.length - 1, statuses.length - 1)]!, { dockStatusId: id, raw: { poll: calls.length } });
    answers.push(job);
    return job;
  });
  return { getJob, calls, answers };
}

function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

// One macrotask: long enough for every promise callback in flight, far shorter than any delay under test.
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

const HALF = () => 0.5;

describe("DEFAULT_WAIT", () => {
  it("waits 1 s to 30 s between polls for at most 30 minutes", () => {
    expect(DEFAULT_WAIT).toEqual({ minDelayMs: 1_000, maxDelayMs: 30_000, timeoutMs: 1_800_000 });
  });
});

describe("waitForJob: jobs already finished", () => {
  it("returns a SUCCESS job at once without polling", async () => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, ["IN_PROGRESS"]);
    const done = record("SUCCESS");
    await expect(waitOnClock(getJob, done, {}, clock)).resolves.toBe(done);
    expect(getJob).not.toHaveBeenCalled();
    expect(clock.sleeps).toEqual([]);
  });

  it("throws JobFailedError with the record for a FAILED job, without polling", async () => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, ["SUCCESS"]);
    const failed = record("FAILED");
    const error = await caught(waitOnClock(getJob, failed, {}, clock));
    expect(error).toBeInstanceOf(JobFailedError);
    expect((error as JobFailedError).job).toBe(failed);
    expect(getJob).not.toHaveBeenCalled();
  });
});

describe("waitForJob: polling", () => {
  it("polls at once (t=0), by the id it was given, then returns the SUCCESS record", async () => {
    const clock = new FakeClock();
    const { getJob, calls, answers } = scripted(clock, ["IN_PROGRESS", "IN_PROGRESS", "SUCCESS"]);
    const result = await waitOnClock(getJob, ID, { random: () => 0 }, clock);
    expect(calls.map((c) => c.at)).toEqual([0, 1_000, 2_000]);
    expect(calls.every((c) => c.id === ID)).toBe(true);
    expect(result).toBe(answers[2]);
  });

  it("polls by the dockStatusId of a running Job it is handed", async () => {
    const clock = new FakeClock();
    const { getJob, calls } = scripted(clock, ["SUCCESS"]);
    await waitOnClock(getJob, record("IN_PROGRESS", { dockStatusId: "ds-from-record" }), {}, clock);
    expect(calls).toEqual([{ id: "ds-from-record", at: 0, signal: expect.any(AbortSignal) }]);
  });

  it("backs off from minDelayMs, doubling the ceiling each poll up to maxDelayMs", async () => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, [...Array(7).fill("IN_PROGRESS"), "SUCCESS"]);
    await waitOnClock(getJob, ID, { random: HALF }, clock);
    // Ceilings 2, 4, 8, 16, then 30 (the maximum) seconds; a draw of 0.5 lands halfway from 1 s to each.
    expect(clock.sleeps).toEqual([1_500, 2_500, 4_500, 8_500, 15_500, 15_500, 15_500]);
  });

  it("never waits less than minDelayMs, even when the draw is 0", async () => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, ["IN_PROGRESS", "IN_PROGRESS", "IN_PROGRESS", "SUCCESS"]);
    await waitOnClock(getJob, ID, { minDelayMs: 250, random: () => 0 }, clock);
    expect(clock.sleeps).toEqual([250, 250, 250]);
  });

  it("keeps every delay within [minDelayMs, min(maxDelayMs, minDelayMs * 2^n)] for any draws", async () => {
    const draws = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 0, max: 100_000 }), draws, async (min, extra, values) => {
        const max = min + extra;
        const clock = new FakeClock();
        const { getJob } = scripted(clock, [...values.map(() => "IN_PROGRESS"), "SUCCESS"]);
        let next = 0;
        await waitOnClock(getJob, ID, { minDelayMs: min, maxDelayMs: max, timeoutMs: 1e12, random: () => values[next++]! }, clock);
        expect(clock.sleeps).toHaveLength(values.length);
        clock.sleeps.forEach((delay, i) => {
          expect(delay).toBeGreaterThanOrEqual(min);
          expect(delay).toBeLessThanOrEqual(Math.min(max, min * 2 ** (i + 1)));
        });
      }),
    );
  });

  it("still grows the ceiling when minDelayMs is 0", () => {
    // Ceilings 2, 4, 8, then 10 (the maximum).
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 0, 10, HALF))).toEqual([1, 2, 4, 5]);
  });

  it("throws JobFailedError carrying the FAILED record", async () => {
    const clock = new FakeClock();
    const { getJob, answers } = scripted(clock, ["IN_PROGRESS", "FAILED", "SUCCESS"]);
    const error = await caught(waitOnClock(getJob, ID, {}, clock));
    expect(error).toBeInstanceOf(JobFailedError);
    expect((error as JobFailedError).job).toBe(answers[1]);
    expect(getJob).toHaveBeenCalledTimes(2);
  });

  it("calls onPoll with every polled record and its number", async () => {
    const clock = new FakeClock();
    const { getJob, answers } = scripted(clock, ["IN_PROGRESS", "IN_PROGRESS", "SUCCESS"]);
    const onPoll = vi.fn();
    await waitOnClock(getJob, ID, { onPoll }, clock);
    expect(onPoll.mock.calls).toEqual([
      [answers[0], 1],
      [answers[1], 2],
      [answers[2], 3],
    ]);
  });

  it("lets an error from getJob through as it is, without polling again", async () => {
    const clock = new FakeClock();
    const boom = new Error("service unavailable after retries");
    const getJob = vi.fn().mockResolvedValueOnce(record("IN_PROGRESS")).mockRejectedValueOnce(boom);
    await expect(waitOnClock(getJob, ID, {}, clock)).rejects.toBe(boom);
    expect(getJob).toHaveBeenCalledTimes(2);
  });

  it("rejects with UnexpectedResponseError when getJob returns something that is not a job record", async () => {
    const clock = new FakeClock();
    const getJob = vi.fn().mockResolvedValue({ dockStatusId: ID });
    await expect(waitOnClock(getJob, ID, {}, clock)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});

describe("waitForJob: what the polls saw", () => {
  const unavailable = () => new APIError({ status: 503, body: undefined, operationId: "getDockStatus" });

  it("looks past transient failures and counts each outcome in the JobTimeoutError", async () => {
    const clock = new FakeClock();
    const getJob = vi
      .fn()
      .mockResolvedValueOnce(record("IN_PROGRESS"))
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(new ConnectionError("socket hang up", "getDockStatus"))
      .mockRejectedValue(unavailable());
    const error = await caught(waitOnClock(getJob, ID, { timeoutMs: 10_000, random: HALF }, clock));
    expect(error).toBeInstanceOf(JobTimeoutError);
    const timeout = error as JobTimeoutError;
    // The last good record is still the one quoted, and the 503s that followed are not forgotten.
    expect(timeout.job.status).toBe("IN_PROGRESS");
    expect(timeout.observed).toEqual({ polls: 5, seen: { IN_PROGRESS: 1, "HTTP 503": 3, ConnectionError: 1 } });
    expect(timeout.message).toContain("5 polls: 1 IN_PROGRESS, 3 HTTP 503, 1 ConnectionError");
    expect(getJob).toHaveBeenCalledTimes(5);
  });

  it("counts nothing but records on a wait that only ever saw the job running", async () => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, ["IN_PROGRESS"]);
    const error = (await caught(waitOnClock(getJob, ID, { timeoutMs: 10_000, random: HALF }, clock))) as JobTimeoutError;
    expect(error.observed).toEqual({ polls: 5, seen: { IN_PROGRESS: 5 } });
  });

  it("stops at the first failure the acceptor calls final, whatever came before", async () => {
    const clock = new FakeClock();
    const denied = new AuthenticationError({ status: 401, body: undefined, operationId: "getDockStatus" });
    const getJob = vi.fn().mockRejectedValueOnce(unavailable()).mockRejectedValueOnce(denied);
    await expect(waitOnClock(getJob, ID, {}, clock)).rejects.toBe(denied);
    expect(getJob).toHaveBeenCalledTimes(2);
  });
});

describe("judgeError (the acceptor's verdict on a failed poll)", () => {
  it.each([
    [408, "retry"],
    [429, "retry"],
    [500, "retry"],
    [503, "retry"],
    [400, "fail"],
    [401, "fail"],
    [404, "fail"],
  ] as const)("HTTP %i: %s", (status, verdict) => {
    expect(judgeError(new APIError({ status, body: undefined, operationId: "getDockStatus" }))).toBe(verdict);
  });

  it("retries when no answer came and fails on anything that is not the service's answer", () => {
    expect(judgeError(new ConnectionError("reset", "getDockStatus"))).toBe("retry");
    expect(judgeError(new UnexpectedResponseError("not a job", {}))).toBe("fail");
    expect(judgeError(new Error("a bug"))).toBe("fail");
  });
});

describe("waitForJob: deadline", () => {
  it("makes a last poll a second before the deadline, time for its answer, then throws JobTimeoutError with that record", async () => {
    const clock = new FakeClock();
    const { getJob, calls, answers } = scripted(clock, ["IN_PROGRESS"]);
    const error = await caught(waitOnClock(getJob, ID, { timeoutMs: 10_000, random: HALF }, clock));
    // 0, +1500, +2500, +4500; the next pause (8500) would end at 17000, so the last look is at 9000.
    expect(calls.map((c) => c.at)).toEqual([0, 1_500, 4_000, 8_500, 9_000]);
    expect(error).toBeInstanceOf(JobTimeoutError);
    expect((error as JobTimeoutError).job).toBe(answers[4]);
    expect((error as JobTimeoutError).timeoutMs).toBe(10_000);
  });

  it("returns the job when the last poll before the deadline finds it done", async () => {
    const clock = new FakeClock();
    const { getJob, calls, answers } = scripted(clock, ["IN_PROGRESS", "SUCCESS"]);
    // A wait shorter than 10 s looks a tenth of it before its deadline.
    const result = await waitOnClock(getJob, ID, { timeoutMs: 500 }, clock);
    expect(calls.map((c) => c.at)).toEqual([0, 450]);
    expect(result).toBe(answers[1]);
  });

  it("never sleeps past the deadline, whatever the options", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        async (min, extra, timeoutMs) => {
          const clock = new FakeClock();
          const { getJob, calls } = scripted(clock, ["IN_PROGRESS"]);
          const error = await caught(waitOnClock(getJob, ID, { minDelayMs: min, maxDelayMs: min + extra, timeoutMs }, clock));
          expect(error).toBeInstanceOf(JobTimeoutError);
          expect(clock.t).toBeLessThan(timeoutMs);
          expect(calls.at(-1)!.at).toBe(Math.max(0, timeoutMs - Math.max(1, Math.min(1_000, Math.floor(timeoutMs / 10)))));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("simulates the full 30-minute default wait without real time passing", async () => {
    const clock = new FakeClock();
    const { getJob, calls } = scripted(clock, ["IN_PROGRESS"]);
    await expect(waitOnClock(getJob, ID, {}, clock)).rejects.toBeInstanceOf(JobTimeoutError);
    expect(calls.at(-1)!.at).toBe(1_800_000 - 1_000);
    // With 30 s the longest pause, half an hour takes at least 60 polls.
    expect(calls.length).toBeGreaterThanOrEqual(60);
  });
});

// Failures found by a hostile reading of the guide: each of these waited out the whole timeout,
// or took another job's answer for this one's, or overran the timeout it was given.
describe("waitForJob: records the waiter cannot trust, and polls that stall", () => {
  it.each(["CANCELLED", "QUEUED", "done"])("stops at once on status %s, which the spec does not list", async (status) => {
    const clock = new FakeClock();
    const { getJob, calls } = scripted(clock, [status]);
    const error = await caught(waitOnClock(getJob, ID, { timeoutMs: 60 * 60_000 }, clock));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(String((error as Error).message)).toContain(JSON.stringify(status));
    expect(calls).toHaveLength(1);
  });

  it("reads a status in another letter case as the documented one (normalised before the waiter)", async () => {
    const clock = new FakeClock();
    const getJob = vi.fn(async (id: string) => record("SUCCESS", { dockStatusId: id, raw: { status: "success" } }));
    await expect(waitOnClock(getJob, ID, {}, clock)).resolves.toMatchObject({ status: "SUCCESS" });
  });

  it("refuses a poll that answers another job's record, even a finished one", async () => {
    const clock = new FakeClock();
    const getJob = vi.fn(async () => record("SUCCESS", { dockStatusId: "ds-some-other-job" }));
    const error = await caught(waitOnClock(getJob, ID, {}, clock));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(String((error as Error).message)).toMatch(/asked for job ds-2b3c4d5e but the answer is for job ds-some-other-job/);
  });

  it("cuts a stalled poll at the deadline and reports the time the wait really took", async () => {
    const stalled = vi.fn((_id: string, signal?: AbortSignal) => new Promise<Job>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason))));
    const error = await caught(waitForJob(stalled, ID, { timeoutMs: 300 }));
    expect(error).toBeInstanceOf(JobTimeoutError);
    const { elapsedMs, timeoutMs } = error as JobTimeoutError;
    expect(timeoutMs).toBe(300);
    expect(elapsedMs).toBeGreaterThanOrEqual(299);
    // Bounded by the timeout, not by the request's own (minutes-long) timeout: the waiter cut
    // the stalled poll off through its signal; the error says how long the wait took.
    expect(stalled).toHaveBeenCalledTimes(1);
    expect(stalled.mock.calls[0]![1]?.aborted).toBe(true);
    expect(String((error as Error).message)).toContain(`after ${elapsedMs} ms`);
  });
});

describe("waitForJob: abort", () => {
  it("rejects at once when the signal is already aborted, without polling", async () => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, ["IN_PROGRESS"]);
    const error = await caught(waitOnClock(getJob, ID, { signal: AbortSignal.abort("gone") }, clock));
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe("gone");
    expect(getJob).not.toHaveBeenCalled();
  });

  it("rejects promptly when aborted during a sleep, even on a clock that ignores the signal", async () => {
    const clock = new StuckClock();
    const { getJob } = scripted(clock, ["IN_PROGRESS"]);
    const controller = new AbortController();
    const state = track(waitOnClock(getJob, ID, { signal: controller.signal }, clock));
    await tick();
    expect(clock.sleeping).toBe(1);
    expect(state.settled).toBe(false);

    controller.abort("user cancelled");
    await tick();
    expect(state.error).toBeInstanceOf(AbortError);
    expect((state.error as AbortError).cause).toBe("user cancelled");
    expect(getJob).toHaveBeenCalledTimes(1);
  });

  it("rejects promptly when aborted during a poll, and hands getJob the signal", async () => {
    const clock = new FakeClock();
    const controller = new AbortController();
    const getJob = vi.fn((_id: string, _signal?: AbortSignal) => new Promise<Job>(() => {}));
    const state = track(waitOnClock(getJob, ID, { signal: controller.signal }, clock));
    await tick();
    // The poll gets a signal of its own, bounded by the wait's deadline and the caller's signal.
    const pollSignal = getJob.mock.calls[0]![1]!;
    expect(getJob).toHaveBeenCalledWith(ID, expect.any(AbortSignal));
    expect(state.settled).toBe(false);

    controller.abort();
    await tick();
    expect(pollSignal.aborted).toBe(true);
    expect(state.error).toBeInstanceOf(AbortError);
  });

  it("with the real clock, an abort during the pause clears its timer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const controller = new AbortController();
    const getJob = vi.fn(async () => record("IN_PROGRESS"));
    const state = track(waitForJob(getJob, ID, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);

    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.error).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("with the real clock, polls again once the pause has passed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const getJob = vi.fn().mockResolvedValueOnce(record("IN_PROGRESS")).mockResolvedValueOnce(record("SUCCESS"));
    const state = track(waitForJob(getJob, ID, { minDelayMs: 100, random: () => 0 }));
    await vi.advanceTimersByTimeAsync(99);
    expect(getJob).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getJob).toHaveBeenCalledTimes(2);
    expect(state.value).toMatchObject({ status: "SUCCESS" });
  });

  afterEach(() => {
    vi.useRealTimers();
  });
});

describe("waitForJob: bad input", () => {
  const cases: [string, WaitOptions, string, string][] = [
    ["negative minDelayMs", { minDelayMs: -1 }, "minDelayMs", "minimum"],
    ["NaN minDelayMs", { minDelayMs: Number.NaN }, "minDelayMs", "finite"],
    ["a string maxDelayMs", { maxDelayMs: "5000" as unknown as number }, "maxDelayMs", "type"],
    ["maxDelayMs below minDelayMs", { minDelayMs: 2_000, maxDelayMs: 1_000 }, "maxDelayMs", "minimum"],
    ["maxDelayMs below the default minDelayMs", { maxDelayMs: 500 }, "maxDelayMs", "minimum"],
    ["zero timeoutMs", { timeoutMs: 0 }, "timeoutMs", "exclusiveMinimum"],
    ["infinite timeoutMs", { timeoutMs: Number.POSITIVE_INFINITY }, "timeoutMs", "finite"],
    ["an onPoll that is not a function", { onPoll: "log" as unknown as WaitOptions["onPoll"] }, "onPoll", "type"],
    ["a signal that is not an AbortSignal", { signal: {} as AbortSignal }, "signal", "type"],
    ["a misspelt option", { timeout: 5_000 } as WaitOptions, "timeout", "unknownOption"],
  ];

  it.each(cases)("rejects %s, naming the option and the rule, before polling", async (_label, options, field, rule) => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, ["SUCCESS"]);
    const error = await rejectedValidationError(waitOnClock(getJob, ID, options, clock));
    expect(error.issues).toEqual([{ field, rule, message: expect.stringMatching(new RegExp(`^${field} (must|is not an option; did you mean timeoutMs)`)) }]);
    expect(getJob).not.toHaveBeenCalled();
  });

  it("reports every bad option at once", async () => {
    const clock = new FakeClock();
    const error = await rejectedValidationError(waitOnClock(scripted(clock, ["SUCCESS"]).getJob, ID, { minDelayMs: -5, timeoutMs: -1 }, clock));
    expect(error.issues.map((i) => i.field)).toEqual(["minDelayMs", "timeoutMs"]);
  });

  it.each([
    ["an id without the ds- prefix", "cm-4e5f6a7b", "pattern"],
    ["an id with whitespace", "ds-1 2", "pattern"],
    ["the bare prefix", "ds-", "pattern"],
    ["a number", 42 as unknown as string, "type"],
  ])("rejects %s as dockStatusId", async (_label, id, rule) => {
    const clock = new FakeClock();
    const { getJob } = scripted(clock, ["SUCCESS"]);
    const error = await rejectedValidationError(waitOnClock(getJob, id, {}, clock));
    expect(error.issues).toEqual([{ field: "dockStatusId", rule, message: expect.stringContaining('starts with "ds-"') }]);
    expect(getJob).not.toHaveBeenCalled();
  });
});

describe("waitOptionsFrom", () => {
  it("maps a missing or false wait to no waiting and true to the defaults", () => {
    expect(waitOptionsFrom(undefined)).toBeUndefined();
    expect(waitOptionsFrom(false)).toBeUndefined();
    expect(waitOptionsFrom(true)).toEqual({});
  });

  it("passes waiter options through unchanged", () => {
    const options: WaitOptions = { minDelayMs: 10, timeoutMs: 60_000 };
    expect(waitOptionsFrom(options)).toBe(options);
  });

  it("rejects bad options up front, naming them under wait", () => {
    expect(validationErrorOf(() => waitOptionsFrom({ minDelayMs: 5, maxDelayMs: 1 })).issues).toEqual([
      { field: "wait.maxDelayMs", rule: "minimum", message: expect.stringMatching(/^wait\.maxDelayMs must be >= minDelayMs/) },
    ]);
  });

  it("rejects a wait that is neither a boolean nor an object", () => {
    expect(() => waitOptionsFrom("yes" as unknown as WaitOptions)).toThrow(ValidationError);
  });
});
