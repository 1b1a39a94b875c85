// Per-call overhead: `calls` sequential getConnection calls over one keep-alive loopback
// connection, side by side in this process, warmed up, rotating which goes first in each
// repetition, against a server in another process:
//
//   client     the Node entry, as a Node program gets it (credential per operation, request
//              validation, retry layer and per-attempt timeout on)
//   openapi    bare openapi-fetch over the same undici dispatcher: the peer a user would pick
//              instead (same generated types, no checks, no retries)
//   raw        undici.request on the same dispatcher, the same headers, the same JSON parse:
//              the hand-written loop over undici, the limit the targets are set against. The
//              client's sender uses undici's dispatch API, the layer under request() (no body
//              stream per answer), so its share of a call can come in under the loop's.
//   portable   the portable entry over the global fetch, as in a browser (for the record)
//
// Then validateResponses: "warn" (every answer checked against the spec and recorded as drift,
// none here: the server's answer conforms) against the same client with it off, on the same
// fast server. The check costs a few microseconds of some 130, less than what the machine's
// load moves a 20,000-call run by, so the two run in turns of `warnBlock` calls (warn, off, off,
// warn, ...) and are judged on the median of the per-turn ratios: the two halves of a turn run
// within a tenth of a second of each other and share the machine's moment. The CPU time of each
// is kept per repetition (the kernel counts it too coarsely for a turn's).
//
// Then the same calls against a server that takes `latencyMs` to answer, as a real service
// does: there the client's own work must vanish in the wait (client vs raw). Each repetition
// runs the two in turns of `latencyBlock` calls (client, raw, raw, client, ...), so that the
// machine's load, which drifts over the seconds a whole run takes, falls on both alike; the CPU
// time (user + system) of each is kept too. Each call there starts after the process slept for
// the server's millisecond, with caches other processes used meanwhile: every microsecond of
// work per call costs some 2.5 in CPU time (raw loop 97 us per call warm, 232 after the wait),
// so the client's own share shows larger than on the fast server.
import { Agent, request, fetch as undiciFetch, Request as UndiciRequest } from "undici";
import createClient from "openapi-fetch";
import type { paths } from "../src/generated/platform.js";
import { createPlatformClient as createPortableClient } from "../src/index.js";
import { createPlatformClient } from "../src/node.js";
import { API_KEY, gc, options, runMain, startServer } from "./lib/child.js";

export interface CallsOptions {
  calls: number;
  repetitions: number;
  warmup: number;
  /** Calls per repetition against the slow server. */
  latencyCalls: number;
  latencyMs: number;
  /** Calls per turn against the slow server (default 100). */
  latencyBlock?: number;
  /** Calls per turn of validateResponses "warn" against off (default 500). */
  warnBlock?: number;
}

export interface CallsResult {
  calls: number;
  /** Microseconds per call, one figure per repetition. */
  clientUs: number[];
  openapiFetchUs: number[];
  rawUs: number[];
  portableUs: number[];
  /** validateResponses: "warn" against the same client with it off, in turns on the fast server. */
  warn: WarnResult;
  latency: { calls: number; latencyMs: number; clientUs: number[]; rawUs: number[]; clientCpuUs: number[]; rawCpuUs: number[] };
}

export interface WarnResult {
  calls: number;
  block: number;
  /** Microseconds and CPU microseconds per call, one figure per repetition, warn and off. */
  warnUs: number[];
  offUs: number[];
  warnCpuUs: number[];
  offCpuUs: number[];
  /** Warn's µs per call over off's in the same turn, every turn of every repetition. */
  turnRatios: number[];
}

const CONNECTION_ID = "cn-00000000-0000-4000-8000-000000000001";
// The headers the client sends: its credential and its User-Agent.
const HEADERS = { "x-api-key": API_KEY, "user-agent": "platform-management-client" };

type Run = (n: number) => Promise<void>;

/** The callers against the server at `url`, each over its own keep-alive dispatcher or fetch. */
function callers(url: string, count: (connectionName: string) => void): Record<"client" | "openapi" | "raw" | "portable" | "warn", Run> {
  // One dispatcher for each client, one shared by the client's two peers: each holds its own connection.
  const clientAgent = new Agent();
  const warnAgent = new Agent();
  const peerAgent = new Agent();
  const client = createPlatformClient({ baseUrl: url, apiKey: API_KEY, dispatcher: clientAgent });
  const checking = createPlatformClient({ baseUrl: url, apiKey: API_KEY, dispatcher: warnAgent, validateResponses: "warn" });
  const portable = createPortableClient({ baseUrl: url, apiKey: API_KEY });
  const bare = createClient<paths>({
    baseUrl: url,
    headers: HEADERS,
    Request: UndiciRequest as unknown as typeof Request,
    fetch: (input) => undiciFetch(input as unknown as UndiciRequest, { dispatcher: peerAgent }) as unknown as Promise<Response>,
  });
  const connectionUrl = `${url}/api/public/connections/${CONNECTION_ID}`;
  return {
    client: async (n) => {
      for (let i = 0; i < n; i++) count((await client.connections.get(CONNECTION_ID)).connectionName);
    },
    openapi: async (n) => {
      for (let i = 0; i < n; i++) {
        const { data, error } = await bare.GET("/api/public/connections/{connectionId}", { params: { path: { connectionId: CONNECTION_ID } } });
        if (!data) throw new Error(`getConnection failed: ${JSON.stringify(error)}`);
        count(data.connectionName);
      }
    },
    raw: async (n) => {
      for (let i = 0; i < n; i++) {
        const res = await request(connectionUrl, { dispatcher: peerAgent, headers: HEADERS });
        if (res.statusCode !== 200) throw new Error(`getConnection answered ${res.statusCode}`);
        count(((await res.body.json()) as { connectionName: string }).connectionName);
      }
    },
    portable: async (n) => {
      for (let i = 0; i < n; i++) count((await portable.connections.get(CONNECTION_ID)).connectionName);
    },
    warn: async (n) => {
      for (let i = 0; i < n; i++) count((await checking.connections.get(CONNECTION_ID)).connectionName);
      if (checking.drift.report().drifts.length > 0)
        throw new Error("the bench server's answer departs from the spec: the warn figure would include recording drift");
    },
  };
}

/** Microseconds per call of each run, `repetitions` figures each, the order rotating. */
async function measure(runs: Run[], calls: number, warmup: number, repetitions: number): Promise<number[][]> {
  for (const run of runs) await run(warmup);
  const us: number[][] = runs.map(() => []);
  for (let rep = 0; rep < repetitions; rep++) {
    for (let i = 0; i < runs.length; i++) {
      const which = (i + rep) % runs.length;
      // The garbage of the run before (the portable entry's fetch makes much) is collected now,
      // not during this one: each caller pays for its own.
      gc();
      const started = performance.now();
      await runs[which]!(calls);
      us[which]!.push(((performance.now() - started) * 1000) / calls);
    }
  }
  return us;
}

/**
 * Microseconds per call and CPU microseconds per call of each run, `repetitions` figures each:
 * every repetition runs them in turns of `block` calls, the order reversed every other turn.
 * `turnUs` holds each turn's microseconds per call too, every turn of every repetition.
 */
async function measureInTurns(
  runs: Run[],
  calls: number,
  warmup: number,
  repetitions: number,
  block: number,
): Promise<{ us: number[][]; cpuUs: number[][]; turnUs: number[][] }> {
  for (const run of runs) await run(warmup);
  const us: number[][] = runs.map(() => []);
  const cpuUs: number[][] = runs.map(() => []);
  const turnUs: number[][] = runs.map(() => []);
  for (let rep = 0; rep < repetitions; rep++) {
    // Once per repetition, not per turn: a full collection every 100 calls left the next turn with
    // cold caches and the collector's threads still sweeping (both sides read some 15% slower).
    gc();
    const wall = runs.map(() => 0);
    const cpu = runs.map(() => 0);
    for (let done = 0, turn = 0; done < calls; done += block, turn++) {
      const n = Math.min(block, calls - done);
      for (let i = 0; i < runs.length; i++) {
        const which = (turn + rep) % 2 === 0 ? i : runs.length - 1 - i;
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        await runs[which]!(n);
        const elapsed = performance.now() - started;
        wall[which]! += elapsed;
        turnUs[which]!.push((elapsed * 1000) / n);
        const used = process.cpuUsage(cpuBefore);
        cpu[which]! += used.user + used.system;
      }
    }
    runs.forEach((_, i) => {
      us[i]!.push((wall[i]! * 1000) / calls);
      cpuUs[i]!.push(cpu[i]! / calls);
    });
  }
  return { us, cpuUs, turnUs };
}

runMain(async (): Promise<CallsResult> => {
  const o = options<CallsOptions>();
  let sink = 0;
  const count = (name: string) => (sink += name.length);

  const fast = await startServer();
  let overhead: number[][];
  let warn: WarnResult;
  try {
    const c = callers(fast.url, count);
    overhead = await measure([c.client, c.openapi, c.raw, c.portable], o.calls, o.warmup, o.repetitions);
    const block = o.warnBlock ?? 500;
    const turns = await measureInTurns([c.warn, c.client], o.calls, o.warmup, o.repetitions, block);
    const [warnTurns, offTurns] = turns.turnUs as [number[], number[]];
    warn = {
      calls: o.calls,
      block,
      warnUs: turns.us[0]!,
      offUs: turns.us[1]!,
      warnCpuUs: turns.cpuUs[0]!,
      offCpuUs: turns.cpuUs[1]!,
      turnRatios: warnTurns.map((us, i) => us / offTurns[i]!),
    };
  } finally {
    await fast.close();
  }

  const slow = await startServer([`--call-latency-ms=${o.latencyMs}`]);
  let latency: { us: number[][]; cpuUs: number[][] };
  try {
    const c = callers(slow.url, count);
    latency = await measureInTurns([c.client, c.raw], o.latencyCalls, Math.min(o.warmup, o.latencyCalls), o.repetitions, o.latencyBlock ?? 100);
  } finally {
    await slow.close();
  }

  if (sink === 0) throw new Error("no call returned a connection");
  const [clientUs, openapiFetchUs, rawUs, portableUs] = overhead as [number[], number[], number[], number[]];
  return {
    calls: o.calls,
    clientUs,
    openapiFetchUs,
    rawUs,
    portableUs,
    warn,
    latency: {
      calls: o.latencyCalls,
      latencyMs: o.latencyMs,
      clientUs: latency.us[0]!,
      rawUs: latency.us[1]!,
      clientCpuUs: latency.cpuUs[0]!,
      rawCpuUs: latency.cpuUs[1]!,
    },
  };
});
