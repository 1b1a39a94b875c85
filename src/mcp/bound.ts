// The time bound of a call. MCP clients give up on a request they have waited on too long (the
// SDK's client after 60 s, unless progress resets its timer), and a call they gave up on is
// lost: its answer never arrives. So every call ends by its bound, and a job or an upload that
// is not done by then is answered with a handle that another call continues.
import { abortError, ValidationError } from "../kernel/errors.js";

export { DEFAULT_MAX_WAIT_SECONDS, MAX_WAIT_SECONDS_LIMIT } from "./max-wait.js";
/**
 * The least time a call's requests get, whatever its bound: a call that waits 0 s still sends the
 * request that starts its job, and cutting that request short would leave unknown whether the
 * job started.
 */
export const REQUEST_WINDOW_MS = 5_000;

export class Bound {
  readonly deadline: number;
  readonly #requestDeadline: number;

  constructor(readonly seconds: number) {
    const now = Date.now();
    this.deadline = now + seconds * 1000;
    this.#requestDeadline = Math.max(this.deadline, now + REQUEST_WINDOW_MS);
  }

  /** What is left of the bound for waiting. */
  remainingMs(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  /** A signal that fires when the call's requests must stop: the bound, or the request window. */
  signal(): AbortSignal {
    return AbortSignal.timeout(Math.max(1, this.#requestDeadline - Date.now()));
  }
}

/** The bound of one call: what it asked for, never more than the server's. */
export function boundOf(requested: unknown, serverSeconds: number, tool: string): Bound {
  if (requested === undefined) return new Bound(serverSeconds);
  if (typeof requested !== "number" || !Number.isFinite(requested) || requested < 0) {
    throw new ValidationError([{ field: "maxWaitSeconds", rule: "minimum", message: "maxWaitSeconds must be a number >= 0" }], tool);
  }
  if (requested > serverSeconds) {
    throw new ValidationError([{ field: "maxWaitSeconds", rule: "maximum", message: `maxWaitSeconds must be <= ${serverSeconds}, this server's bound` }], tool);
  }
  return new Bound(requested);
}

/**
 * The work's result, or "bound" when the deadline comes first; AbortError when `cancel` fires
 * first. The work itself goes on either way: the caller decides whether to stop it.
 */
export async function untilBound<T>(work: Promise<T>, bound: Bound, cancel: AbortSignal): Promise<{ value: T } | "bound"> {
  if (cancel.aborted) throw abortError(cancel);
  let timer: NodeJS.Timeout | undefined;
  let onCancel = () => {};
  const deadline = new Promise<"bound">((resolve) => (timer = setTimeout(() => resolve("bound"), bound.remainingMs())));
  const cancelled = new Promise<never>((_, reject) => {
    onCancel = () => reject(abortError(cancel));
    cancel.addEventListener("abort", onCancel, { once: true });
  });
  try {
    return await Promise.race([work.then((value) => ({ value })), deadline, cancelled]);
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener("abort", onCancel);
  }
}
