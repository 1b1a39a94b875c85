// Waiting for a long-running job (import, export, deploy, undeploy) by polling Get Dock Status:
// the code behind ./jobs.ts, loaded the first time a job is waited for. Modelled on the AWS SDK v3 waiters: options are checked before anything is sent, delays back
// off exponentially with jitter, the abort signal is raced against every wait, and the overall
// timeout ends with one last look at the job rather than a sleep past the deadline.
import { abortError, isTransientError, JobFailedError, JobTimeoutError, UnexpectedResponseError, ValidationError, type ValidationIssue } from "../errors.js";
import { JOB_DONE, JOB_FAILED, type Job } from "../normalize/records.js";
import { DEFAULT_WAIT, type GetJob, type WaitOptions } from "./load-waiter.js";
import type { Clock } from "../internal/sleep.js";

// How far ahead of the deadline the last poll happens, so its answer still falls within it.
const LAST_POLL_MARGIN_MS = 1;

const OPTION_KEYS: ReadonlySet<string> = new Set(["minDelayMs", "maxDelayMs", "timeoutMs", "signal", "onPoll", "random"]);

const DOCK_STATUS_ID = /^ds-\S+$/;

type Resolved = Required<Pick<WaitOptions, "minDelayMs" | "maxDelayMs" | "timeoutMs" | "random">> & Pick<WaitOptions, "signal" | "onPoll">;

/**
 * The waiter options of a long-running wrapper's `{ wait }` argument: undefined/false for no
 * wait, true for the defaults, or the options themselves. Validated here, so a bad option fails
 * before the operation that starts the job is sent.
 */
export function waitOptionsFrom(wait: boolean | WaitOptions | undefined): WaitOptions | undefined {
  if (wait === undefined || wait === null || wait === false) return undefined;
  if (wait === true) return {};
  resolveOptions(wait, "wait.");
  return wait;
}

/**
 * Polls `getJob` until the job succeeds (its record is returned) or fails (JobFailedError).
 * `getJob` is expected to retry transient errors itself; anything it throws ends the wait.
 */
export async function waitForJob(getJob: GetJob, jobOrId: Job | string, options: WaitOptions = {}, clock: Clock): Promise<Job> {
  const { minDelayMs, maxDelayMs, timeoutMs, signal, onPoll, random } = resolveOptions(options, "");

  if (typeof jobOrId === "object" && jobOrId !== null) {
    if (jobOrId.status === JOB_DONE) return jobOrId;
    if (jobOrId.status === JOB_FAILED) throw new JobFailedError(jobOrId);
  }
  const id = jobIdOf(jobOrId);
  if (signal?.aborted) throw abortError(signal);

  const deadline = clock.now() + timeoutMs;
  // What the deadline error reports when no poll got through: the record the caller passed.
  let latest: Job | undefined = typeof jobOrId === "object" && jobOrId !== null ? jobOrId : undefined;
  let last = false;
  for (let poll = 1; ; poll++) {
    const job = await pollOnce(getJob, id, signal);
    if (job) {
      onPoll?.(job, poll);
      if (job.status === JOB_DONE) return job;
      if (job.status === JOB_FAILED) throw new JobFailedError(job);
      latest = job;
    }

    const untilDeadline = deadline - clock.now();
    if (last || untilDeadline <= 0) throw new JobTimeoutError(latest ?? { dockStatusId: id, status: "UNKNOWN" }, timeoutMs);
    const delay = backoffDelay(poll, minDelayMs, maxDelayMs, random);
    // A pause that would cross the deadline is cut short for one last look just before it.
    // Measured against the last-poll moment, not the deadline, so an ordinary pause can never
    // land in the margin and leave the final look to chance.
    last = delay >= untilDeadline - LAST_POLL_MARGIN_MS;
    await untilAborted(clock.sleep(last ? Math.max(0, untilDeadline - LAST_POLL_MARGIN_MS) : delay, signal), signal);
  }
}

/**
 * One poll. A transient failure (no answer, a timeout, 408, 429, 5xx) that outlasted the retry
 * layer below is a poll that saw nothing: the waiter looks again after its next pause, as the
 * AWS SDK waiters do, rather than give up a long wait over a second of errors. Anything else ends it.
 */
async function pollOnce(getJob: GetJob, id: string, signal: AbortSignal | undefined): Promise<Job | undefined> {
  let job: Job;
  try {
    job = await untilAborted(getJob(id, signal), signal);
  } catch (error) {
    if (isTransientError(error)) return undefined;
    throw error;
  }
  if (typeof job !== "object" || job === null || typeof job.status !== "string") {
    throw new UnexpectedResponseError(`getJob(${id}) did not return a job record with a status`, job);
  }
  return job;
}

/**
 * Pause after the `polls`-th poll: "full jitter" between minDelayMs and a cap that doubles with
 * every poll (minDelayMs * 2^polls) up to maxDelayMs. A minDelayMs of 0 backs off from 1 ms
 * instead, so the cap still grows rather than pinning every pause at zero.
 */
export function backoffDelay(polls: number, minDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const cap = Math.min(maxDelayMs, Math.max(minDelayMs, 1) * 2 ** polls);
  const draw = random();
  const r = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0;
  return minDelayMs + r * Math.max(0, cap - minDelayMs);
}

// The id is not echoed back: an error message is no place for whatever a caller passed by mistake.
function jobIdOf(jobOrId: Job | string): string {
  const id: unknown = typeof jobOrId === "object" && jobOrId !== null ? jobOrId.dockStatusId : jobOrId;
  if (typeof id === "string" && DOCK_STATUS_ID.test(id)) return id;
  const rule = typeof id === "string" ? "pattern" : "type";
  throw new ValidationError([{ field: "dockStatusId", rule, message: `dockStatusId must be a string that starts with "ds-" and has no whitespace` }]);
}

function resolveOptions(options: WaitOptions, prefix: string): Resolved {
  const issues: ValidationIssue[] = [];
  const issue = (field: string, rule: string, must: string) =>
    issues.push({ field: prefix + field, rule, message: `${prefix}${field} must ${must}` });

  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new ValidationError([{ field: prefix.slice(0, -1) || "options", rule: "type", message: `${prefix.slice(0, -1) || "options"} must be true or an object of waiter options` }]);
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) issue(key, "additionalProperties", `not be set: the waiter options are ${[...OPTION_KEYS].join(", ")}`);
  }

  const number = (key: keyof typeof DEFAULT_WAIT): number => {
    const value: unknown = options[key];
    if (value === undefined) return DEFAULT_WAIT[key];
    if (typeof value !== "number") issue(key, "type", `be a number of milliseconds (got ${typeof value})`);
    else if (!Number.isFinite(value)) issue(key, "finite", `be a finite number (got ${value})`);
    else return value;
    return NaN;
  };
  const minDelayMs = number("minDelayMs");
  const maxDelayMs = number("maxDelayMs");
  const timeoutMs = number("timeoutMs");
  if (minDelayMs < 0) issue("minDelayMs", "minimum", `be >= 0 (got ${minDelayMs})`);
  if (maxDelayMs < minDelayMs) issue("maxDelayMs", "minimum", `be >= minDelayMs (${minDelayMs}) (got ${maxDelayMs})`);
  if (timeoutMs <= 0) issue("timeoutMs", "exclusiveMinimum", `be > 0 (got ${timeoutMs})`);

  const { signal, onPoll, random } = options;
  if (signal !== undefined && !isAbortSignal(signal)) issue("signal", "type", "be an AbortSignal");
  if (onPoll !== undefined && typeof onPoll !== "function") issue("onPoll", "type", "be a function");
  if (random !== undefined && typeof random !== "function") issue("random", "type", "be a function returning a number in [0, 1)");

  if (issues.length > 0) throw new ValidationError(issues);
  return { minDelayMs, maxDelayMs, timeoutMs, signal, onPoll, random: random ?? Math.random };
}

// Duck-typed rather than instanceof, so a signal from another realm or polyfill still works.
function isAbortSignal(value: unknown): value is AbortSignal {
  return typeof value === "object" && value !== null && typeof (value as AbortSignal).aborted === "boolean" && typeof (value as AbortSignal).addEventListener === "function";
}

// A getJob or a clock that ignores the signal must not hold the caller past an abort.
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(abortError(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
