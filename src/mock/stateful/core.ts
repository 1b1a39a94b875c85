// The stateful mock's engine, a web-standard one: a Fetch API Request in, a Response out. Each
// request is routed by the generated operation table, checked like Prism checks it (credential
// header, path, query, body), handled by its resource, and its answer checked against the spec's
// response schema before it leaves. Faults, the request log, CORS and the admin endpoint sit
// around that path. Nothing here needs Node: the HTTP server (./server.ts) writes these Responses
// to a socket, the in-process mock (../in-process.ts) hands them to a fetch caller, and both show
// the same scenario methods over the same state.
import type { DriftReport } from "../../drift/report-format.js";
import type { OperationId } from "../../generated/operations.js";
import { ValidationError } from "../../kernel/errors.js";
import { integerIn } from "../../kernel/option-check.js";
import { problem, type Answer } from "./contract/problems.js";
import type { ExpectedCredentials } from "./contract/credentials.js";
import { MockContext } from "./context.js";
import { foreignOrigin, handleCors, refuseOrigin } from "./http/cors.js";
import { drain } from "./http/read-body.js";
import { toOutgoing, toResponse, type Reply } from "./http/send.js";
import { resolveExisting, resolveOptions, type ExistingEntities, type ResolvedExisting, type ResolvedOptions } from "./options.js";
import { answerOperation } from "./pipeline.js";
import { seededRandom } from "./random.js";
import { route, targetOf } from "./router.js";
import { ADMIN_PREFIX, foreignHost, handleAdmin, refuseHost } from "./scenarios/admin.js";
import { applyFault } from "./scenarios/apply-fault.js";
import { FaultInjector, validateFaultRule, type FaultRule } from "./scenarios/faults.js";
import { RequestLog, type LoggedRequest } from "./scenarios/request-log.js";
import { loadChunkFixture } from "./state/chunks.js";
import { addExampleRecords } from "./state/example-records.js";
import type { JobTiming } from "./state/jobs.js";
import type { IncomingRequest } from "./http/incoming.js";

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

/**
 * What one mock holds, shared by every transport over it: an in-process mock and the HTTP server
 * its listen() starts see, and change, the same state. reset() replaces its parts in place.
 */
export interface MockState {
  readonly options: ResolvedOptions;
  readonly expected: ExpectedCredentials;
  readonly log: RequestLog;
  context: MockContext;
  faults: FaultInjector;
}

const SLOW_DEFAULT_MS = 2000;

/** A failure of the mock's own, as the 500 that names it. */
function mockFailure(error: unknown): Reply {
  const answer = problem(500, "mock", "Mock failure", [{ in: "response", field: "", rule: "exception", message: (error as Error)?.message ?? String(error) }]);
  return { outgoing: toOutgoing(answer.status, answer.body, answer.headers) };
}

/** A fresh state from checked options: the seed data, the options' faults, an empty log. */
export function createMockState(options: ResolvedOptions): MockState {
  const state: MockState = {
    options,
    expected: { ...(options.apiKey ? { apiKey: options.apiKey } : {}), ...(options.jwt ? { jwt: options.jwt } : {}) },
    log: new RequestLog(options.logLimit),
    context: freshContext(options),
    faults: freshFaults(options),
  };
  return state;
}

function freshContext(options: ResolvedOptions): MockContext {
  const context = new MockContext({
    random: seededRandom(options.seed),
    jobs: options.jobs,
    chunks: options.chunks,
    chunkPageSize: options.chunkPageSize,
    sessionTtlMs: options.sessionTtlMs,
  });
  addTo(context, options.existing);
  return context;
}

function addTo(context: MockContext, existing: ResolvedExisting): void {
  if (existing.records) addExampleRecords(context);
  for (const modelId of existing.models) context.models.add({ modelId, fileName: `${modelId}.tar`, fileSize: 0, chunks: [], state: "ready" });
  for (const toolId of existing.tools) {
    // A tool imported before the mock started: its files are known by id only.
    const file = { fileId: context.objectId(), fileName: "tool-data.json", fileContext: "bulkImport", size: 0 };
    context.files.add(file);
    context.tools.add({ toolId, toolName: toolId, files: { toolData: file, flowData: file }, state: "ready" });
  }
}

function freshFaults(options: ResolvedOptions): FaultInjector {
  const faults = new FaultInjector(options.seed);
  for (const rule of options.faults) faults.add(rule);
  return faults;
}

/** The request line's target, for a transport that has it as sent (the HTTP server does). */
export interface HandleOptions {
  /** The path and query as the request line sent them; the Request's own URL otherwise. */
  target?: string | undefined;
  /** The method as the request line sent it, where a Request could not carry it (TRACE). */
  method?: string | undefined;
}

export class MockCore {
  readonly stateful = true as const;

  constructor(protected readonly shared: MockState) {}

  /**
   * The mock itself: one request in, its answer out. A reset-connection fault answers
   * Response.error(), the Fetch API's network error (the HTTP server tears its socket down
   * instead). Never rejects: a failure of the mock's own is a 500 naming it.
   */
  async handle(request: Request | IncomingRequest, options: HandleOptions = {}): Promise<Response> {
    const reply = await this.reply(request, options);
    return reply === "reset" ? Response.error() : toResponse(reply);
  }

  /**
   * handle()'s answer before it becomes a Response: its status, headers and bytes, or "reset".
   * The in-process mock hands the client's own fetch this much and no more (./in-process.ts).
   */
  protected reply(request: IncomingRequest, { target, method }: HandleOptions = {}): Promise<Reply | "reset"> {
    // serve() is async: whatever goes wrong in it rejects, and becomes the mock's 500 here.
    return this.serve(request, target, method ?? request.method).catch(mockFailure);
  }

  // --- scenarios, also reachable under /__mock/ ----------------------------------------------

  /** Back to the state of a fresh instance: data, jobs, faults (those of the options stay) and the log. */
  reset(): void {
    this.shared.context = freshContext(this.shared.options);
    this.shared.faults = freshFaults(this.shared.options);
    this.shared.log.clear();
  }

  /** The requests received so far (oldest first), optionally of one operation. */
  requests(filter: { operationId?: OperationId } = {}): LoggedRequest[] {
    return this.shared.log.list(filter);
  }

  clearRequests(): void {
    this.shared.log.clear();
  }

  /**
   * The requests that broke the spec so far (and any answer of the mock's own that did), in the
   * drift report format the client and the validating proxy write: names and types, never a value.
   * reset() starts it again.
   */
  driftReport(): DriftReport {
    return this.shared.context.drift.report();
  }

  /** The next `count` jobs started (default 1) end FAILED instead of SUCCESS. */
  failNextJob(count = 1): void {
    const issues = integerIn("count", count, 1);
    if (issues.length > 0) throw new ValidationError(issues, "failNextJob");
    this.shared.context.jobs.failNextJobs(count);
  }

  /**
   * Ends job `dockStatusId`, still running, now as FAILED (its next poll says so); false when no
   * such running job. To let a job run its course and then fail, use failNextJob() before starting it.
   */
  failJob(dockStatusId: string): boolean {
    return this.shared.context.jobs.failNow(dockStatusId);
  }

  /** Ends job `dockStatusId` now (SUCCESS, or FAILED if marked); false when no such job. */
  finishJob(dockStatusId: string): boolean {
    const job = this.shared.context.jobs.get(dockStatusId);
    if (!job) return false;
    this.shared.context.jobs.finish(job);
    return true;
  }

  /** Sets when jobs end, running ones included (their next poll sees it). */
  setJobTiming(timing: JobTiming): void {
    this.shared.context.jobs.setTiming(resolveOptions({ jobs: timing }).jobs);
  }

  /** Expires import session `sessionId` now, or every open session; returns how many. */
  expireSession(sessionId?: string): number {
    const context = this.shared.context;
    const now = context.now();
    const sessions = sessionId === undefined ? context.sessions.all() : [context.sessions.get(sessionId)].filter((s) => s !== undefined);
    for (const session of sessions) session.expiresAt = Math.min(session.expiresAt, now);
    return sessions.length;
  }

  /** Adds a fault rule; returns its id for removeFault(). */
  inject(rule: FaultRule): string {
    return this.shared.faults.add(validateFaultRule(rule, "inject"));
  }

  removeFault(id: string): boolean {
    return this.shared.faults.remove(id);
  }

  clearFaults(): void {
    this.shared.faults.clear();
  }

  /** Adds models (ready to deploy) and tools (imported) that exist before the test's own calls. */
  addExisting(existing: ExistingEntities): void {
    addTo(this.shared.context, resolveExisting(existing, "addExisting"));
  }

  /** Replaces the seed chunks every application starts from (apps already listed start over). */
  seedChunks(chunks: readonly Record<string, unknown>[] | string): void {
    this.shared.context.chunks.reseed(loadChunkFixture(chunks));
  }

  state(): MockStateSummary {
    const c = this.shared.context;
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
      faults: this.shared.faults.list(),
    };
  }

  /** The request log as text lines, for a failing test's message (as the Prism mock's output()). */
  output(): string {
    return this.shared.log
      .list()
      .map((e) => `${e.at} ${e.method} ${e.url} -> ${e.status ?? "(no answer)"}${e.fault ? ` [fault ${e.fault.kind}]` : ""}`)
      .join("\n");
  }

  // --- the request path ---------------------------------------------------------------------

  private async serve(request: IncomingRequest, rawTarget: string | undefined, sentMethod: string): Promise<Reply | "reset"> {
    const { options, log } = this.shared;
    const requestUrl = new URL(request.url);
    const raw = rawTarget ?? `${requestUrl.pathname}${requestUrl.search}`;
    // A browser's preflight is answered here, and an allowed origin's answers carry its headers.
    const cors = handleCors(options.corsOrigins, request);
    if ("preflight" in cors) {
      await drain(request);
      return { outgoing: cors.preflight };
    }
    const started = performance.now();
    // A Request's own URL is a path and query already; a request line's target is read as one.
    const url = rawTarget === undefined ? requestUrl : targetOf(raw);
    const method = sentMethod.toUpperCase();
    const finish = (answer: Answer, dripMs = 0) => {
      entry.status = answer.status;
      entry.durationMs = Math.round((performance.now() - started) * 1000) / 1000;
      return { outgoing: toOutgoing(answer.status, answer.body, answer.headers), extraHeaders: cors.headers, dripMs };
    };

    // The admin endpoint's own calls are not the traffic under test: they stay out of the log.
    if (url?.pathname.startsWith(ADMIN_PREFIX)) {
      const rebound = foreignHost(request, (options as { host?: string }).host);
      if (rebound !== undefined) {
        await drain(request);
        return { outgoing: refuseHost(rebound), extraHeaders: cors.headers };
      }
      const foreign = foreignOrigin(options.corsOrigins, request);
      if (foreign === undefined) return { outgoing: await handleAdmin(this, this.shared.context, request, url), extraHeaders: cors.headers };
      await drain(request);
      return { outgoing: refuseOrigin(foreign), extraHeaders: cors.headers };
    }
    const entry = log.open(method, raw);
    if (!url) {
      await drain(request);
      return finish(problem(400, "request", "Bad request target", [{ in: "path", field: "", rule: "target", message: `${JSON.stringify(raw)} is not a path and query` }]));
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

    const fault = this.shared.faults.decide(operationId);
    if (fault) entry.fault = { ruleId: fault.ruleId, kind: fault.rule.kind, after: fault.rule.after === true };
    if (fault && !fault.rule.after && fault.rule.kind !== "slow") {
      const faulty = await applyFault(fault, operationId, request);
      return faulty === "reset" ? "reset" : finish(faulty);
    }

    const context = this.shared.context;
    const answer = await answerOperation(context, { operationId, params, url, origin: requestUrl.origin, request, entry, expected: this.shared.expected });
    if (fault?.rule.after && fault.rule.kind !== "slow") {
      const faulty = await applyFault(fault, operationId, request);
      return faulty === "reset" ? "reset" : finish(faulty);
    }
    return finish(answer, fault?.rule.kind === "slow" ? (fault.rule.slowMs ?? SLOW_DEFAULT_MS) : 0);
  }
}
