// notifications/progress for a call that asked for them (a `progressToken` in its `_meta`):
// bytes and chunks while a file uploads, then the job's status at each poll. MCP wants `progress`
// to grow with every notification, so uploads count bytes (with the file size as `total`) and
// each poll after them adds one. Notifications leave one after another, in the order reported.
import type { ProgressToken, ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import type { ChunkProgress, Job } from "../index.js";
import type { Mask } from "./results.js";

export type SendNotification = (notification: ServerNotification) => Promise<void>;

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

export class ProgressReporter {
  #last = 0;
  #queue: Promise<void> = Promise.resolve();
  #polls = 0;

  constructor(
    private readonly token: ProgressToken | undefined,
    private readonly send: SendNotification,
    private readonly mask: Mask,
  ) {}

  /** Whether the caller asked for progress at all. */
  get wanted(): boolean {
    return this.token !== undefined;
  }

  /** An acknowledged chunk of an upload. */
  readonly upload = (p: ChunkProgress): void => {
    this.#emit(p.bytesUploaded, p.totalBytes, `uploaded ${p.chunksUploaded} of ${p.totalChunks} chunks (${mib(p.bytesUploaded)} of ${mib(p.totalBytes)})`);
  };

  /** A poll of a job that is still running. */
  readonly poll = (job: Job): void => {
    this.#polls += 1;
    this.#emit(this.#last + 1, undefined, `job ${job.dockStatusId} ${job.status} (poll ${this.#polls})`);
  };

  /** Resolves once every notification reported so far has been handed to the transport. */
  flushed(): Promise<void> {
    return this.#queue;
  }

  #emit(progress: number, total: number | undefined, message: string): void {
    if (this.token === undefined || progress <= this.#last) return;
    this.#last = progress;
    const notification: ServerNotification = {
      method: "notifications/progress",
      params: { progressToken: this.token, progress, ...(total !== undefined ? { total } : {}), message: this.mask(message) },
    };
    // A notification that cannot be sent (the client went away) is no reason to stop the work.
    this.#queue = this.#queue.then(() => this.send(notification)).catch(() => {});
  }
}
