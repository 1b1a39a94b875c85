// A local node:http stand-in for the import and job flow (start a session, numbered multipart
// chunks reassembled by number, complete, dock-status polling, plus the guardrail and connection
// list operations as retry-safe / non-retry-safe contrasts) that injects faults on request:
//
//   reset      the socket is destroyed after part of the request body was read (mid-upload)
//   500, 503   an error status with a JSON body
//   429        Too Many Requests with `Retry-After: 0` or `1`
//   slow       the request is processed, but the answer comes `slowMs` later (past the client's timeout)
//   truncated  the request is processed; the answer declares a Content-Length larger than what is
//              written, then the socket is ended
//
// Faults are decided by a `fault` hook at a request's arrival (every route), and for chunks also
// by a `chunkFault` hook once the chunk's number is known. `faultSchedule` builds a deterministic
// hook from a seeded PRNG (mulberry32), so a run can be repeated exactly.
//
// Chunks are reassembled by number without keeping the file: each chunk is hashed as soon as all
// chunks before it have arrived (later ones wait in memory), so a 200 MiB import costs a few
// chunks of memory here. Every distinct chunk is counted once; a chunk that arrives again (the
// answer to its first copy was lost) is counted as a duplicate and compared with the first copy.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { parseMultipart } from "./multipart.js";
import { OrderedHash } from "./ordered-hash.js";
import { seededRandom } from "../../src/mock/stateful/random.js";

export { seededRandom };

export type FaultKind = "reset" | "500" | "503" | "429" | "slow" | "truncated";

export interface Fault {
  kind: FaultKind;
  /** For 429: the Retry-After header (seconds). Default "0". */
  retryAfter?: "0" | "1";
}

export type Route = "start" | "chunk" | "complete" | "dockStatus" | "deployGuardrail" | "undeployGuardrail" | "listConnections" | "unknown";

export interface ArrivalContext {
  route: Route;
  /** 1-based number of this request among all requests of its route. */
  routeSeq: number;
  /** 1-based number of this request among all requests. */
  seq: number;
}

export interface ChunkContext {
  sessionId: string;
  chunkNumber: number;
  /** 1-based number of this request among the requests for this chunk number. */
  attempt: number;
}

export interface RequestRecord extends ArrivalContext {
  method: string;
  path: string;
  /** performance.now() at arrival. */
  at: number;
  fault?: FaultKind;
  chunkNumber?: number;
  /** The client closed the connection before the answer was complete. */
  clientClosed?: boolean;
}

export interface FaultServerOptions {
  /** Decided when a request arrives, before its body is read. */
  fault?: ((context: ArrivalContext) => Fault | undefined) | undefined;
  /** Decided for a chunk once its body is parsed (the arrival hook did not fault it). */
  chunkFault?: (context: ChunkContext) => Fault | undefined;
  /** How late a `slow` answer comes. Default 1000 ms. */
  slowMs?: number;
  /** Session lifetime. Default one hour. */
  expiresInMs?: number;
  /** A job reports IN_PROGRESS on this many polls, then SUCCESS. Default 0 (SUCCESS at once). */
  pollsUntilDone?: number;
  /** Every chunk answer (not a reset) waits this long after the chunk was read. Default 0. */
  chunkLatencyMs?: number;
  /** Called with each record as a request arrives, before the fault decision. */
  onRequest?: (record: RequestRecord) => void;
}

export class Assembly {
  /** Distinct chunk numbers received, with the sha256 of each chunk's bytes. */
  readonly received = new Map<number, string>();
  /** Every accepted chunk number in arrival order, duplicates included. */
  readonly receipts: number[] = [];
  /** Chunk numbers that arrived again with different bytes than their first copy. */
  readonly mismatches: number[] = [];
  duplicates = 0;
  private readonly reassembly = new OrderedHash();

  constructor(
    readonly sessionId: string,
    readonly start: Record<string, unknown>,
  ) {}

  get totalChunks(): number {
    return Number(this.start.totalChunks);
  }

  get fileSize(): number {
    return Number(this.start.fileSize);
  }

  /** Keeps a chunk once, whatever the number of copies; false when the number is out of range. */
  accept(chunkNumber: number, data: Buffer): boolean {
    if (!Number.isInteger(chunkNumber) || chunkNumber < 0 || chunkNumber >= this.totalChunks) return false;
    const digest = createHash("sha256").update(data).digest("hex");
    this.receipts.push(chunkNumber);
    const first = this.received.get(chunkNumber);
    if (first !== undefined) {
      this.duplicates++;
      if (first !== digest) this.mismatches.push(chunkNumber);
      return true;
    }
    this.received.set(chunkNumber, digest);
    this.reassembly.add(chunkNumber, data);
    return true;
  }

  /** True when chunks 0 … totalChunks-1 are all in. */
  get complete(): boolean {
    return this.reassembly.next === this.totalChunks;
  }

  /** Bytes hashed into the reassembly so far (a prefix of the file). */
  get bytes(): number {
    return this.reassembly.bytes;
  }

  /** The sha256 of the chunks joined in number order; undefined until every chunk is in. */
  sha256(): string | undefined {
    return this.reassembly.sha256(this.totalChunks);
  }
}

export interface FaultServer {
  url: string;
  /** Every request, in arrival order. */
  readonly log: RequestRecord[];
  /** Requests of a route that have arrived so far. */
  count(route: Route): number;
  /** Faults injected so far, by kind. */
  faults(): Partial<Record<FaultKind, number>>;
  /** Sessions by id, in the order they were started. */
  readonly sessions: Map<string, Assembly>;
  /** The most recently started session. */
  session(): Assembly;
  /** Chunk requests being handled right now, and the most at once. */
  readonly inFlight: { now: number; max: number };
  /** Requests whose connection the client closed before the answer was complete. */
  readonly clientClosed: number;
  /** Completions that were answered, by session id. */
  readonly completed: string[];
  /** Dock-status polls answered with a record (not faulted), by job id. */
  readonly polls: Map<string, number>;
  close(): Promise<void>;
}

const PREFIX = "/api/public";

function routeOf(method: string, path: string): { route: Route; id?: string } {
  const sessionId = method === "POST" ? /^\/api\/public\/files\/session\/([^/]+?)(\/complete)?$/.exec(path) : null;
  if (method === "POST" && path === `${PREFIX}/files/session/start`) return { route: "start" };
  if (sessionId?.[2]) return { route: "complete", id: sessionId[1]! };
  if (sessionId) return { route: "chunk", id: sessionId[1]! };
  const jobId = method === "GET" ? /^\/api\/public\/dock-status\/([^/]+)$/.exec(path) : null;
  if (jobId) return { route: "dockStatus", id: decodeURIComponent(jobId[1]!) };
  if (method === "POST" && path === `${PREFIX}/guardrails/deploy`) return { route: "deployGuardrail" };
  if (method === "POST" && path === `${PREFIX}/guardrails/undeploy`) return { route: "undeployGuardrail" };
  if (method === "GET" && path === `${PREFIX}/connections`) return { route: "listConnections" };
  return { route: "unknown" };
}

export async function startFaultServer(options: FaultServerOptions = {}): Promise<FaultServer> {
  const slowMs = options.slowMs ?? 1_000;
  const log: RequestRecord[] = [];
  const perRoute = new Map<Route, number>();
  const tally: Partial<Record<FaultKind, number>> = {};
  const sessions = new Map<string, Assembly>();
  const chunkAttempts = new Map<string, number>();
  const inFlight = { now: 0, max: 0 };
  const completed: string[] = [];
  const polls = new Map<string, number>();
  const jobs = new Map<string, { pollsUntilDone: number; record: Record<string, unknown> }>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let clientClosed = 0;
  let seq = 0;
  let closing = false;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function count(fault: Fault | undefined, record: RequestRecord): Fault | undefined {
    if (fault) {
      record.fault = fault.kind;
      tally[fault.kind] = (tally[fault.kind] ?? 0) + 1;
    }
    return fault;
  }

  function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (res.destroyed || res.writableEnded) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...headers });
    res.end(text);
  }

  // Answers `body` with `fault` applied; the work behind the answer is already done.
  async function answer(req: IncomingMessage, res: ServerResponse, fault: Fault | undefined, body: unknown) {
    switch (fault?.kind) {
      case undefined:
        return reply(res, 200, body);
      case "reset":
        return req.socket.destroy();
      case "500":
      case "503":
        return reply(res, Number(fault.kind), { message: `injected ${fault.kind}` });
      case "429":
        return reply(res, 429, { message: "injected 429" }, { "retry-after": fault.retryAfter ?? "0" });
      case "slow":
        await delay(slowMs);
        return reply(res, 200, body);
      case "truncated": {
        const text = Buffer.from(JSON.stringify(body));
        res.writeHead(200, { "content-type": "application/json", "content-length": String(text.length + 64) });
        const socket = res.socket as Socket | null;
        res.write(text.subarray(0, Math.max(1, text.length >> 1)), () => socket?.end());
        return;
      }
    }
  }

  function jobRecord(id: string, extra: Record<string, unknown>, pollsUntilDone: number) {
    const record = { "dock-statusId": id, status: pollsUntilDone > 0 ? "IN_PROGRESS" : "SUCCESS", ...extra };
    jobs.set(id, { pollsUntilDone, record });
    return record;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: RequestRecord, id: string | undefined) {
    const arrival = count(options.fault?.(record), record);
    const { route } = record;

    if (route === "chunk") {
      if (arrival?.kind === "reset") return resetMidBody(req);
      inFlight.now++;
      inFlight.max = Math.max(inFlight.max, inFlight.now);
      // A request the client gave up on (its timeout fired, the connection closed) is no longer in
      // flight for the client, even while this handler still reads or delays it: counting it would
      // charge the client's retry as a fifth concurrent request on a loaded machine.
      let counted = true;
      const release = () => {
        if (counted) inFlight.now--;
        counted = false;
      };
      // The socket, not the request: a request emits "close" once its body is read.
      req.socket.once("close", release);
      try {
        const body = await readBody(req);
        const session = sessions.get(id!);
        if (!session) return reply(res, 404, { message: `no session ${id}` });
        const parts = parseMultipart(body, String(req.headers["content-type"] ?? ""));
        const number = Number(parts.get("chunkNumber")?.data.toString("utf8"));
        const file = parts.get("file")?.data;
        record.chunkNumber = number;
        if (!file || !Number.isInteger(number)) return reply(res, 400, { message: "file and chunkNumber are required" });
        const key = `${id}:${number}`;
        const attempt = (chunkAttempts.get(key) ?? 0) + 1;
        chunkAttempts.set(key, attempt);
        const fault = arrival ?? count(options.chunkFault?.({ sessionId: id!, chunkNumber: number, attempt }), record);
        if (options.chunkLatencyMs) await delay(options.chunkLatencyMs);
        // A rejected chunk is not kept; a slow or truncated answer comes after the chunk was kept.
        if (fault && fault.kind !== "slow" && fault.kind !== "truncated") return answer(req, res, fault, undefined);
        if (!session.accept(number, file)) return reply(res, 400, { message: `chunkNumber ${number} is out of range` });
        return await answer(req, res, fault, { chunkNumber: number, sessionId: id });
      } finally {
        req.socket.off("close", release);
        release();
      }
    }

    if (arrival?.kind === "reset") {
      // Bodyless requests have nothing to read part of: the connection goes at once.
      return req.socket.destroy();
    }
    const text = (await readBody(req)).toString("utf8");
    if (arrival && arrival.kind !== "slow" && arrival.kind !== "truncated") return answer(req, res, arrival, undefined);

    switch (route) {
      case "start": {
        const start = JSON.parse(text) as Record<string, unknown>;
        const sessionId = randomUUID();
        sessions.set(sessionId, new Assembly(sessionId, start));
        const expirationDate = new Date(Date.now() + (options.expiresInMs ?? 3_600_000)).toISOString();
        return answer(req, res, arrival, { sessionId, expirationDate, modelId: `cm-${sessionId}` });
      }
      case "complete": {
        const session = sessions.get(id!);
        if (!session) return reply(res, 404, { message: `no session ${id}` });
        if (!session.complete) {
          const missing = Array.from({ length: session.totalChunks }, (_, n) => n).filter((n) => !session.received.has(n));
          return reply(res, 409, { message: `chunks missing: ${missing.join(", ")}` });
        }
        completed.push(session.sessionId);
        const jobId = `ds-${session.sessionId}`;
        const record = jobRecord(jobId, { modelId: `cm-${session.sessionId}`, jobType: "MODELS", action: "IMPORT" }, options.pollsUntilDone ?? 0);
        return answer(req, res, arrival, { ...record, status: "IN_PROGRESS" });
      }
      case "dockStatus": {
        const job = jobs.get(id!) ?? { pollsUntilDone: options.pollsUntilDone ?? 0, record: { jobType: "MODELS", action: "DEPLOY" } };
        jobs.set(id!, job);
        const n = (polls.get(id!) ?? 0) + 1;
        polls.set(id!, n);
        const { "dock-statusId": _, ...rest } = job.record;
        return answer(req, res, arrival, { ...rest, _id: id, status: n > job.pollsUntilDone ? "SUCCESS" : "IN_PROGRESS" });
      }
      case "deployGuardrail":
      case "undeployGuardrail": {
        const name = (JSON.parse(text || "{}") as { name?: string }).name;
        const action = route === "deployGuardrail" ? "DEPLOY" : "UNDEPLOY";
        return answer(req, res, arrival, { dockStatusId: `ds-guardrail-${record.seq}`, guardrail: name, jobType: "GUARDRAILS", action, status: "SUCCESS" });
      }
      case "listConnections":
        return answer(req, res, arrival, { connections: [], total: 0 });
      default:
        return reply(res, 404, { message: `no route ${req.method} ${record.path}` });
    }
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const method = req.method ?? "GET";
    const { route, id } = routeOf(method, path);
    const routeSeq = (perRoute.get(route) ?? 0) + 1;
    perRoute.set(route, routeSeq);
    const record: RequestRecord = { route, routeSeq, seq: ++seq, method, path, at: performance.now() };
    log.push(record);
    res.on("close", () => {
      // A reset or a truncated answer is the server's own doing, not the client going away.
      if (!res.writableFinished && record.fault !== "reset" && record.fault !== "truncated") {
        record.clientClosed = true;
        clientClosed++;
      }
    });
    options.onRequest?.(record);
    handle(req, res, record, id).catch((error: unknown) => {
      if (!closing) reply(res, 500, { message: `fault server: ${String(error)}` });
    });
  });
  // A reset leaves the client's half of the body unread; that is the point, not an error.
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    count: (route) => perRoute.get(route) ?? 0,
    faults: () => ({ ...tally }),
    sessions,
    session() {
      const last = [...sessions.values()].at(-1);
      if (!last) throw new Error("no session was started");
      return last;
    },
    inFlight,
    get clientClosed() {
      return clientClosed;
    },
    completed,
    polls,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}


export interface ScheduleOptions {
  seed: number;
  /** Probability that a request of one of `routes` gets a fault. */
  rate: number;
  /** The faults to draw from, uniformly. */
  kinds: FaultKind[];
  routes: Route[];
}

/**
 * An arrival hook for `fault`: each request of `routes` draws from the seeded PRNG, in arrival
 * order, whether it fails (`rate`) and how (one of `kinds`; a 429 also draws Retry-After 0 or 1).
 * The sequence of decisions is the same on every run with the same seed.
 */
export function faultSchedule({ seed, rate, kinds, routes }: ScheduleOptions): (context: ArrivalContext) => Fault | undefined {
  const random = seededRandom(seed);
  const applies = new Set(routes);
  return ({ route }) => {
    if (!applies.has(route)) return undefined;
    const hit = random() < rate;
    const kind = kinds[Math.floor(random() * kinds.length)]!;
    const retryAfter = random() < 0.5 ? "0" : "1";
    if (!hit) return undefined;
    return kind === "429" ? { kind, retryAfter } : { kind };
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    req.on("data", (piece: Buffer) => pieces.push(piece));
    req.on("end", () => resolve(Buffer.concat(pieces)));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("the client went away")));
  });
}

// Reads about half of the declared body (at least one piece), then drops the connection.
function resetMidBody(req: IncomingMessage): Promise<void> {
  const declared = Number(req.headers["content-length"] ?? 0);
  const want = Math.max(1, Math.floor(declared / 2));
  return new Promise<void>((resolve) => {
    let read = 0;
    const cut = () => {
      req.removeAllListeners("data");
      req.socket.destroy();
      resolve();
    };
    req.on("data", (piece: Buffer) => {
      read += piece.length;
      if (read >= want) cut();
    });
    req.on("end", cut);
    req.on("error", () => resolve());
  });
}

