// What every handler works with: the resource stores of one mock instance, its seeded chance,
// its clock and its own address (for the download URLs it hands out).
import type { OperationId } from "../../generated/operations.js";
import { DriftRecorder } from "../../drift/recorder.js";
import { present } from "../../kernel/present.js";
import type { Answer } from "./contract/problems.js";
import { seededObjectId, seededUuid } from "./random.js";
import { AttachmentStore } from "./state/attachments.js";
import { ChunkStore, type Chunk } from "./state/chunks.js";
import { ConnectionStore } from "./state/connections.js";
import { FileStore } from "./state/files.js";
import { GuardrailStore } from "./state/guardrails.js";
import { ImportSessionStore } from "./state/import-sessions.js";
import { JobStore, type JobTiming } from "./state/jobs.js";
import { ModelStore } from "./state/models.js";
import { ToolStore } from "./state/tools.js";

export interface Call {
  operationId: OperationId;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export type Handler = (context: MockContext, call: Call) => Answer;

/** Path parameter `name` of a call: the router matched the operation's template, so it is there. */
export const pathParam = (call: Call, name: string): string => present(call.params[name], `path parameter ${name} of ${call.operationId}`);

export interface ContextSettings {
  random: () => number;
  jobs: JobTiming;
  chunks: Chunk[];
  chunkPageSize: number;
  sessionTtlMs: number;
}

export class MockContext {
  readonly connections = new ConnectionStore();
  readonly chunks: ChunkStore;
  readonly sessions = new ImportSessionStore();
  readonly jobs: JobStore;
  readonly files = new FileStore();
  readonly tools = new ToolStore();
  readonly models = new ModelStore();
  readonly guardrails = new GuardrailStore();
  readonly attachments = new AttachmentStore();
  /** Requests that broke the spec (and answers of the mock's own that did), in the drift report format. */
  readonly drift = new DriftRecorder({ recordedBy: "mock" });
  /** scheme://host[:port] the request being handled reached the mock at (its answers hand out URLs under it). */
  baseUrl = "";

  constructor(readonly settings: ContextSettings) {
    this.chunks = new ChunkStore(settings.chunks);
    this.jobs = new JobStore(settings.jobs);
  }

  now(): number {
    return Date.now();
  }

  isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  /** `prefix` followed by a seeded UUID-shaped value, e.g. id("cn-"). */
  id(prefix: string): string {
    return `${prefix}${seededUuid(this.settings.random)}`;
  }

  objectId(): string {
    return seededObjectId(this.settings.random);
  }

  /** A coin from the seeded PRNG: which spelling of the job id an answer uses, for one. */
  coin(): boolean {
    return this.settings.random() < 0.5;
  }

  downloadUrl(jobId: string): string {
    return `${this.baseUrl}/__mock/downloads/${jobId}`;
  }

  clear(): void {
    for (const store of [this.connections, this.chunks, this.sessions, this.jobs, this.files, this.tools, this.models, this.guardrails, this.attachments]) {
      store.clear();
    }
  }
}
