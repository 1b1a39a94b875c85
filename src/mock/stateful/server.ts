// The stateful mock: one node:http server in the caller's process, answering the spec's
// operations from in-memory state. Each request is routed by the generated operation table,
// checked like Prism checks it (credential header, path, query, body), handled by its resource,
// and its answer checked against the spec's response schema before it leaves. Faults, the request
// log and the admin endpoint sit around that path; none of it loads Prism.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { DriftReport } from "../../drift/report-format.js";
import type { OperationId } from "../../generated/operations.js";
import { handleAdmin, ADMIN_PREFIX } from "./scenarios/admin.js";
import type { ExpectedCredentials } from "./contract/credentials.js";
import { problem, type Answer } from "./contract/problems.js";
import { MockContext } from "./context.js";
import { foreignOrigin, handleCors, refuseOrigin } from "./http/cors.js";
import { drain } from "./http/read-body.js";
import { answerOperation } from "./pipeline.js";
import { applyFault } from "./scenarios/apply-fault.js";
import { send, toOutgoing } from "./http/send.js";
import { resolveExisting, resolveOptions, type ExistingEntities, type ResolvedOptions, type StatefulMockOptions } from "./options.js";
import { seededRandom } from "./random.js";
import { route, targetOf } from "./router.js";
import { FaultInjector, validateFaultRule, type FaultRule } from "./scenarios/faults.js";
import { RequestLog, type LoggedRequest } from "./scenarios/request-log.js";
import { loadChunkFixture, normaliseChunk } from "./state/chunks.js";
import type { JobTiming } from "./state/jobs.js";

export type { StatefulMockOptions, FaultRule, LoggedRequest, JobTiming, ExistingEntities };

/** Counts of what the mock holds, for a test's assertions and the admin endpoint. */
export interface MockStateSummary {
  connections: number;
  importSessions: number;
  jobs: Record<"IN_PROGRESS" | "SUCCESS" | "FAILED", number>;
  files: number;
  tools: number;
  models: number;
  deployedGuardrails: string[];
  attachments: number;
  faults: Array<{ id: string; rule: FaultRule; seen: number; fired: number }>;
}

const SLOW_DEFAULT_MS = 2000;

export class StatefulMock {
  readonly stateful = true as const;
  /** This process: the stateful mock runs inside it. */
  readonly pid = process.pid;
  url = "";
  private context: MockContext;
  private faults: FaultInjector;
  private readonly log: RequestLog;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly expected: ExpectedCredentials;

  constructor(private readonly options: ResolvedOptions) {
    this.context = this.freshContext();
    this.faults = this.freshFaults();
    this.log = new RequestLog(options.logLimit);
    this.expected = { ...(options.apiKey ? { apiKey: options.apiKey } : {}), ...(options.jwt ? { jwt: options.jwt } : {}) };
    this.server = createServer((request, response) => void this.serve(request, response).catch((error) => this.crash(response, error)));
    this.server.keepAliveTimeout = 5_000;
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
  }

  private freshContext(): MockContext {
    const context = new MockContext({
      random: seededRandom(this.options.seed),
      jobs: this.options.jobs,
      chunks: loadChunkFixture(this.options.chunks),
      chunkPageSize: this.options.chunkPageSize,
      sessionTtlMs: this.options.sessionTtlMs,
    });
    context.baseUrl = this.url;
    this.addTo(context, this.options.existing);
    return context;
  }

  private addTo(context: MockContext, existing: { models: string[]; tools: string[] }): void {
    for (const modelId of existing.models) context.models.add({ modelId, fileName: `${modelId}.tar`, fileSize: 0, chunks: [], state: "ready" });
    for (const toolId of existing.tools) {
      // A tool imported before the mock started: its files are known by id only.
      const file = { fileId: context.objectId(), fileName: "tool-data.json", fileContext: "bulkImport", size: 0 };
      context.files.add(file);
      context.tools.add({ toolId, toolName: toolId, files: { toolData: file, flowData: file }, state: "ready" });
    }
  }

  private freshFaults(): FaultInjector {
    const faults = new FaultInjector(this.options.seed);
    for (const rule of this.options.faults) faults.add(rule);
    return faults;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "EADDRINUSE" ? portInUse(this.options.port, this.options.host) : error));
      this.server.listen(this.options.port, this.options.host, () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    const host = this.options.host.includes(":") ? `[${this.options.host}]` : this.options.host;
    this.url = `http://${host}:${port}`;
    this.context.baseUrl = this.url;
    return this;
  }

  /** Closes the server and every open connection; resolves once nothing listens. */
  async stop(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  // --- scenarios, also reachable under /__mock/ ----------------------------------------------

  /** Back to the state of a fresh instance: data, jobs, faults (those of the options stay) and the log. */
  reset(): void {
    this.context = this.freshContext();
    this.faults = this.freshFaults();
    this.log.clear();
  }

  /** The requests received so far (oldest first), optionally of one operation. */
  requests(filter: { operationId?: OperationId } = {}): LoggedRequest[] {
    return this.log.list(filter);
  }

  clearRequests(): void {
    this.log.clear();
  }

  /**
   * The requests that broke the spec so far (and any answer of the mock's own that did), in the
   * drift report format the client and the validating proxy write: names and types, never a value.
   * reset() starts it again.
   */
  driftReport(): DriftReport {
    return this.context.drift.report();
  }

  /** The next `count` jobs started (default 1) end FAILED instead of SUCCESS. */
  failNextJob(count = 1): void {
    if (!Number.isInteger(count) || count < 1) throw new TypeError("failNextJob: count must be an integer >= 1");
    this.context.jobs.failNextJobs(count);
  }

  /**
   * Ends job `dockStatusId`, still running, now as FAILED (its next poll says so); false when no
   * such running job. To let a job run its course and then fail, use failNextJob() before starting it.
   */
  failJob(dockStatusId: string): boolean {
    return this.context.jobs.failNow(dockStatusId);
  }

  /** Ends job `dockStatusId` now (SUCCESS, or FAILED if marked); false when no such job. */
  finishJob(dockStatusId: string): boolean {
    const job = this.context.jobs.get(dockStatusId);
    if (!job) return false;
    this.context.jobs.finish(job);
    return true;
  }

  /** Sets when jobs end, running ones included (their next poll sees it). */
  setJobTiming(timing: JobTiming): void {
    this.context.jobs.setTiming(resolveOptions({ jobs: timing }).jobs);
  }

  /** Expires import session `sessionId` now, or every open session; returns how many. */
  expireSession(sessionId?: string): number {
    const now = this.context.now();
    const sessions = sessionId === undefined ? this.context.sessions.all() : [this.context.sessions.get(sessionId)].filter((s) => s !== undefined);
    for (const session of sessions) session.expiresAt = Math.min(session.expiresAt, now);
    return sessions.length;
  }

  /** Adds a fault rule; returns its id for removeFault(). */
  inject(rule: FaultRule): string {
    return this.faults.add(validateFaultRule(rule, "inject"));
  }

  removeFault(id: string): boolean {
    return this.faults.remove(id);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Adds models (ready to deploy) and tools (imported) that exist before the test's own calls. */
  addExisting(existing: ExistingEntities): void {
    this.addTo(this.context, resolveExisting(existing, "addExisting"));
  }

  /** Replaces the seed chunks every application starts from (apps already listed start over). */
  seedChunks(chunks: readonly Record<string, unknown>[] | string): void {
    this.context.chunks.reseed(typeof chunks === "string" ? loadChunkFixture(chunks) : chunks.map((c, i) => normaliseChunk(c, `chunks[${i}]`)));
  }

  state(): MockStateSummary {
    const c = this.context;
    const jobs = { IN_PROGRESS: 0, SUCCESS: 0, FAILED: 0 };
    for (const job of c.jobs.all()) jobs[job.status]++;
    return {
      connections: c.connections.list({}).length,
      importSessions: c.sessions.all().length,
      jobs,
      files: c.files.all().length,
      tools: c.tools.all().length,
      models: c.models.all().length,
      deployedGuardrails: c.guardrails.names(),
      attachments: c.attachments.count(),
      faults: this.faults.list(),
    };
  }

  /** The request log as text lines, for a failing test's message (as the Prism mock's output()). */
  output(): string {
    return this.log
      .list()
      .map((e) => `${e.at} ${e.method} ${e.url} -> ${e.status ?? "(no answer)"}${e.fault ? ` [fault ${e.fault.kind}]` : ""}`)
      .join("\n");
  }


  // --- the request path ---------------------------------------------------------------------

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A browser's preflight is answered here, and an allowed origin's answers carry its headers.
    if (handleCors(this.options.corsOrigins, request, response)) return;
    const started = performance.now();
    const url = targetOf(request.url ?? "/");
    const method = (request.method ?? "GET").toUpperCase();
    const finish = (answer: Answer, dripMs = 0) => {
      entry.status = answer.status;
      entry.durationMs = Math.round((performance.now() - started) * 1000) / 1000;
      send(response, toOutgoing(answer.status, answer.body, answer.headers), dripMs);
    };

    // The admin endpoint's own calls are not the traffic under test: they stay out of the log.
    if (url?.pathname.startsWith(ADMIN_PREFIX)) {
      const foreign = foreignOrigin(this.options.corsOrigins, request);
      if (foreign === undefined) return handleAdmin(this, this.context, request, response, url);
      await drain(request);
      return refuseOrigin(response, foreign);
    }
    const entry = this.log.open(method, request.url ?? "/");
    if (!url) {
      await drain(request);
      return finish(problem(400, "request", "Bad request target", [{ in: "path", field: "", rule: "target", message: `${JSON.stringify(request.url)} is not a path and query` }]));
    }

    const found = route(method, url.pathname);
    if (!found) {
      await drain(request);
      return finish(problem(404, "request", "No such operation", [{ in: "path", field: "", rule: "route", message: `no operation of the spec has the path ${url.pathname}` }]));
    }
    if ("allowed" in found) {
      await drain(request);
      const answer = problem(405, "request", "Method not allowed", [{ in: "path", field: "", rule: "method", message: `${url.pathname} takes ${found.allowed.join(", ")}, not ${method}` }]);
      return finish({ ...answer, headers: { ...answer.headers, allow: found.allowed.join(", ") } });
    }
    const { operationId, params } = found.route;
    entry.operationId = operationId;

    const fault = this.faults.decide(operationId);
    if (fault) entry.fault = { ruleId: fault.ruleId, kind: fault.rule.kind, after: fault.rule.after === true };
    if (fault && !fault.rule.after && fault.rule.kind !== "slow") {
      return applyFault(fault, operationId, request, response, finish);
    }

    const answer = await answerOperation(this.context, { operationId, params, url, request, entry, expected: this.expected });
    if (fault && fault.rule.after && fault.rule.kind !== "slow") {
      return applyFault(fault, operationId, request, response, finish);
    }
    finish(answer, fault?.rule.kind === "slow" ? (fault.rule.slowMs ?? SLOW_DEFAULT_MS) : 0);
  }

  private crash(response: ServerResponse, error: unknown): void {
    if (response.headersSent) return void response.destroy();
    const answer = problem(500, "mock", "Mock failure", [{ in: "response", field: "", rule: "exception", message: (error as Error)?.message ?? String(error) }]);
    send(response, toOutgoing(answer.status, answer.body, answer.headers));
  }
}

/** The error a taken port gives: one sentence, with the code and port for a caller that names its own setting. */
function portInUse(port: number, host: string): Error {
  return Object.assign(new Error(`port ${port} on ${host} is in use`), { code: "EADDRINUSE", port, host });
}

/** Starts a stateful mock in this process; resolves once it listens. */
export async function startStatefulMock(options: StatefulMockOptions = {}): Promise<StatefulMock> {
  return new StatefulMock(resolveOptions(options)).listen();
}
