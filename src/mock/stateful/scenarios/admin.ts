// The admin endpoint: the mock's scenarios over HTTP, under a prefix no operation of the spec
// uses, for tests that drive the mock from another process (platform-mock --stateful). It needs
// no credential and is not part of the spec. Every route mirrors a method of the mock object, and
// takes data only, never a file path: files are read at start-up, from the process's own options.
//
//   GET    /__mock/requests[?operationId=ID]   the request log          DELETE clears it
//   POST   /__mock/reset                      back to a fresh instance
//   GET    /__mock/state                      counts of what the mock holds
//   GET    /__mock/drift                      the drift report of the requests that broke the spec
//   POST   /__mock/jobs/fail-next  {count?}   the next job(s) end FAILED
//   POST   /__mock/jobs/{id}/fail             that running job ends FAILED now
//   POST   /__mock/jobs/{id}/finish           that job ends now
//   PUT    /__mock/jobs/timing     {polls?, ms?}  when jobs started from now on end
//   POST   /__mock/sessions/{id}/expire       that import session expires now
//   POST   /__mock/sessions/expire            every import session expires now
//   POST   /__mock/faults          {rule}     adds a fault rule, answers its id
//   DELETE /__mock/faults[/{id}]              removes every rule, or one
//   PUT    /__mock/chunks          [chunks]   replaces the seed chunks
//   POST   /__mock/existing {models?, tools?}  models and tools that exist already
//   GET    /__mock/downloads/{dockStatusId}   a finished export's file (no credential, like the service's)
//   GET    /__mock/files/{fileId}             what the mock knows of an uploaded file
import type { OperationId } from "../../../generated/operations.js";
import { ValidationError } from "../../../kernel/errors.js";
import { group } from "../../../kernel/present.js";
import type { MockContext } from "../context.js";
import { exportManifest } from "../downloads.js";
import { readJsonBody } from "../http/json-body.js";
import { drain } from "../http/read-body.js";
import { toOutgoing, type Outgoing } from "../http/send.js";
import type { ExistingEntities } from "../options.js";
import type { JobTiming } from "../state/jobs.js";
import type { FaultRule } from "./faults.js";
import type { IncomingRequest } from "../http/incoming.js";

/**
 * The scenario methods the routes call, declared here so this module needs nothing from the
 * server that routes to it (the server passes the mock object, checked against this where it
 * calls), and the state of the moment for the routes that read it (downloads, files).
 */
export interface AdminTarget {
  requests(filter?: { operationId?: OperationId }): unknown[];
  clearRequests(): void;
  reset(): void;
  state(): unknown;
  driftReport(): unknown;
  failNextJob(count?: number): void;
  failJob(dockStatusId: string): boolean;
  finishJob(dockStatusId: string): boolean;
  setJobTiming(timing: JobTiming): void;
  expireSession(sessionId?: string): number;
  inject(rule: FaultRule): string;
  removeFault(id: string): boolean;
  clearFaults(): void;
  seedChunks(chunks: readonly Record<string, unknown>[]): void;
  addExisting(existing: ExistingEntities): void;
}

export const ADMIN_PREFIX = "/__mock/";
const MAX_ADMIN_BODY = 16 * 1024 * 1024;

type Route = [
  method: string,
  pattern: RegExp,
  run: (mock: AdminTarget, match: RegExpExecArray, body: unknown, url: URL, context: MockContext) => [number, unknown],
];

const ok = (body: unknown = { ok: true }): [number, unknown] => [200, body];
/** A route that acts on the mock, then answers as `ok()` does. */
const okAfter = (act: () => unknown): [number, unknown] => {
  act();
  return ok();
};
const notFound = (what: string): [number, unknown] => [404, { message: `${what} not found` }];

// Data only: a string here would be a path on the mock's disk, read for whoever can reach the port.
function chunksOf(body: unknown): Record<string, unknown>[] {
  if (!Array.isArray(body)) throw new ValidationError([{ field: "body", rule: "type", message: "PUT /__mock/chunks takes the chunks themselves, a JSON array (a fixture file is loaded at start-up: the chunks option or --chunks)" }]);
  return body as Record<string, unknown>[];
}

const ROUTES: Route[] = [
  [
    "GET",
    /^requests$/,
    (mock, _m, _b, url) =>
      ok({ requests: mock.requests(url.searchParams.has("operationId") ? { operationId: url.searchParams.get("operationId") as OperationId } : {}) }),
  ],
  ["DELETE", /^requests$/, (mock) => okAfter(() => mock.clearRequests())],
  ["POST", /^reset$/, (mock) => okAfter(() => mock.reset())],
  ["GET", /^state$/, (mock) => ok(mock.state())],
  ["GET", /^drift$/, (mock) => ok(mock.driftReport())],
  ["POST", /^jobs\/fail-next$/, (mock, _m, body) => okAfter(() => mock.failNextJob((body as { count?: number } | undefined)?.count ?? 1))],
  ["POST", /^jobs\/([^/]+)\/fail$/, (mock, m) => (mock.failJob(decodeURIComponent(group(m, 1))) ? ok() : notFound(`Running job ${m[1]}`))],
  ["POST", /^jobs\/([^/]+)\/finish$/, (mock, m) => (mock.finishJob(decodeURIComponent(group(m, 1))) ? ok() : notFound(`Job ${m[1]}`))],
  ["PUT", /^jobs\/timing$/, (mock, _m, body) => okAfter(() => mock.setJobTiming((body ?? {}) as { polls?: number; ms?: number }))],
  ["POST", /^sessions\/expire$/, (mock) => ok({ expired: mock.expireSession() })],
  ["POST", /^sessions\/([^/]+)\/expire$/, (mock, m) => (mock.expireSession(decodeURIComponent(group(m, 1))) > 0 ? ok({ expired: 1 }) : notFound(`Session ${m[1]}`))],
  ["POST", /^faults$/, (mock, _m, body) => ok({ id: mock.inject(body as never) })],
  ["DELETE", /^faults$/, (mock) => okAfter(() => mock.clearFaults())],
  ["DELETE", /^faults\/([^/]+)$/, (mock, m) => (mock.removeFault(decodeURIComponent(group(m, 1))) ? ok() : notFound(`Fault ${m[1]}`))],
  ["PUT", /^chunks$/, (mock, _m, body) => okAfter(() => mock.seedChunks(chunksOf(body)))],
  ["POST", /^existing$/, (mock, _m, body) => okAfter(() => mock.addExisting((body ?? {}) as never))],
  [
    "GET",
    /^downloads\/([^/]+)$/,
    (_mock, m, _b, _u, context) => {
      const found = exportManifest(context, decodeURIComponent(group(m, 1)));
      return "manifest" in found ? ok(found.manifest) : [found.status, { message: found.message }];
    },
  ],
  [
    "GET",
    /^files\/([^/]+)$/,
    (_mock, m, _b, _u, context) => {
      const file = context.files.get(decodeURIComponent(group(m, 1)));
      return file ? ok(file) : notFound(`File ${m[1]}`);
    },
  ],
];

const LOOPBACK_NAMES = new Set(["localhost", "localhost.", "ip6-localhost"]);

/**
 * The Host a request names when it is a domain other than this machine's or the mock's own: the
 * mark of DNS rebinding, where a page of another site resolves its own name to 127.0.0.1 and
 * reads the admin endpoint (the request log, downloads) with the browser's help. An address
 * (127.0.0.1, ::1, a LAN address) cannot be rebound; a request with no Host (the in-process
 * mock's fetch) comes from this process.
 */
export function foreignHost(request: Pick<IncomingRequest, "headers">, ownHost: string | undefined): string | undefined {
  const host = request.headers.get("host");
  if (host === null || host === "") return undefined;
  const name = (host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.replace(/:\d*$/, "")).toLowerCase();
  if (LOOPBACK_NAMES.has(name) || name.endsWith(".localhost") || /^[\d.]+$/.test(name) || name.includes(":")) return undefined;
  if (ownHost !== undefined && name === ownHost.toLowerCase()) return undefined;
  return host;
}

/** The answer to an admin request addressed to a foreign Host: nothing read, nothing changed. */
export function refuseHost(host: string): Outgoing {
  return toOutgoing(403, { message: `the admin endpoint answers only requests addressed to this machine or the mock's own host, not ${JSON.stringify(host.slice(0, 100))}` }, {});
}

/** Answers one admin request; `context` is the mock's state now (it changes on reset). */
export async function handleAdmin(mock: AdminTarget, context: MockContext, request: IncomingRequest, url: URL): Promise<Outgoing> {
  const rest = url.pathname.slice(ADMIN_PREFIX.length);
  const method = request.method.toUpperCase();
  let status: number;
  let body: unknown;
  let headers: Record<string, string> = {};
  try {
    const found = ROUTES.flatMap(([m, pattern, run]) => {
      const match = m === method ? pattern.exec(rest) : null;
      return match ? [{ match, run }] : [];
    })[0];
    if (!found) {
      await drain(request);
      [status, body] = [404, { message: `${method} ${url.pathname} is not an admin route of the mock (see the guide "Testing with the mock")` }];
    } else {
      const read = await readJsonBody(request, { maxBytes: MAX_ADMIN_BODY, optional: true });
      if ("refusal" in read) {
        const { violation, close } = read.refusal;
        [status, body] = [read.refusal.status === 413 ? 413 : 400, { message: `admin body${violation.field ? ` ${violation.field}` : ""}: ${violation.message}` }];
        if (close) headers = { connection: "close" };
      } else {
        [status, body] = found.run(mock, found.match, read.value, url, context);
      }
    }
  } catch (error) {
    // A bad scenario request: the message names the field and the rule, and `issues` lists each.
    [status, body] = [400, { message: (error as Error).message, ...(error instanceof ValidationError ? { issues: error.issues } : {}) }];
  }
  return toOutgoing(status, body, headers);
}
