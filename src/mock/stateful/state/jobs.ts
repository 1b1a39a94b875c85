// Jobs of the long-running operations. A job answers IN_PROGRESS until it has been polled
// `polls` times or `ms` milliseconds have passed since it started (whichever option is set; both:
// whichever comes first), then SUCCESS, or FAILED when it was started after failNextJobs().
// failNow() ends a running job FAILED at once. Reaching the end runs the job's effect once (a
// model becomes ready to deploy, a tool deployed, ...), or on FAILED undoes what starting it did.
export type JobStatus = "IN_PROGRESS" | "SUCCESS" | "FAILED";

export interface JobTiming {
  /** Polls of Get dock status answered IN_PROGRESS before the job ends (default 1). */
  polls?: number | undefined;
  /** Milliseconds after its start at which the job ends, whatever the polls. */
  ms?: number | undefined;
}

export interface Job {
  id: string;
  jobType: "MODELS" | "TOOLS" | "GUARDRAILS";
  action: "IMPORT" | "EXPORT" | "DEPLOY" | "UNDEPLOY";
  /** The entity the job works on, under the key the record carries it. */
  subject: { modelId: string } | { toolId: string };
  status: JobStatus;
  startedAt: number;
  polls: number;
  failAtEnd: boolean;
  /** Extra fields of the record (exportJobId, response.downloadUrl, ...). */
  extra: Record<string, unknown>;
  /** Runs when the job ends in SUCCESS. */
  onSuccess: (() => void) | undefined;
  /** Runs when the job ends in FAILED, to undo what starting it changed. */
  onFailure?: (() => void) | undefined;
}

export class JobStore {
  private readonly byId = new Map<string, Job>();
  /** How many of the next jobs to start are to fail. */
  private failNext = 0;

  constructor(private timing: JobTiming) {}

  start(job: Omit<Job, "status" | "polls" | "failAtEnd" | "startedAt">, options: { finished?: boolean; now: number }): Job {
    const failAtEnd = this.failNext > 0;
    if (failAtEnd) this.failNext--;
    const started: Job = { ...job, status: "IN_PROGRESS", polls: 0, failAtEnd, startedAt: options.now };
    this.byId.set(job.id, started);
    if (options.finished) this.finish(started);
    return started;
  }

  get(id: string): Job | undefined {
    return this.byId.get(id);
  }

  /** One poll of Get dock status: counts it, and ends the job when its time has come. */
  poll(job: Job, now: number): Job {
    if (job.status !== "IN_PROGRESS") return job;
    const { polls = this.timing.ms === undefined ? 1 : undefined, ms } = this.timing;
    const byPolls = polls !== undefined && job.polls >= polls;
    const byTime = ms !== undefined && now - job.startedAt >= ms;
    job.polls++;
    if (byPolls || byTime) this.finish(job);
    return job;
  }

  /** Ends a job now: FAILED when marked to fail, else SUCCESS with its effect. */
  finish(job: Job): void {
    if (job.status !== "IN_PROGRESS") return;
    job.status = job.failAtEnd ? "FAILED" : "SUCCESS";
    if (job.status === "SUCCESS") job.onSuccess?.();
    else job.onFailure?.();
  }

  failNextJobs(count: number): void {
    this.failNext += count;
  }

  /** Ends a running job now, FAILED, undoing what starting it changed; false when there is no such job or it has ended. */
  failNow(id: string): boolean {
    const job = this.byId.get(id);
    if (job?.status !== "IN_PROGRESS") return false;
    job.failAtEnd = true;
    this.finish(job);
    return true;
  }

  setTiming(timing: JobTiming): void {
    this.timing = timing;
  }

  all(): Job[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
    this.failNext = 0;
  }
}
