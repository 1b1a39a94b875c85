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
//   warn       the Node entry with validateResponses: "warn", every answer checked against the
//              spec and recorded as drift (none here: the server's answer conforms), against
//              `client` (validation off) in the same rotation
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
}

export interface CallsResult {
  calls: number;
  /** Microseconds per call, one figure per repetition. */
  clientUs: number[];
  openapiFetchUs: number[];
  rawUs: number[];
  portableUs: number[];
  /** The Node entry with validateResponses: "warn". */
  warnUs: number[];
  latency: { calls: number; latencyMs: number; clientUs: number[]; rawUs: number[]; clientCpuUs: number[]; rawCpuUs: number[] };
}

const CONNECTION_ID = "cn-00000000-0000-4000-8000-000000000001";
// The headers the client sends: its credential and its User-Agent.
const HEADERS = { "x-api-key": API_KEY, "user-agent": "platform-management-client" };

type Run = (n: number) => Promise<void>;

/** The five callers against the server at `url`, each over its own keep-alive dispatcher or fetch. */
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
 */
async function measureInTurns(runs: Run[], calls: number, warmup: number, repetitions: number, block: number): Promise<{ us: number[][]; cpuUs: number[][] }> {
  for (const run of runs) await run(warmup);
  const us: number[][] = runs.map(() => []);
  const cpuUs: number[][] = runs.map(() => []);
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
        wall[which]! += performance.now() - started;
        const used = process.cpuUsage(cpuBefore);
        cpu[which]! += used.user + used.system;
      }
    }
    runs.forEach((_, i) => {
      us[i]!.push((wall[i]! * 1000) / calls);
      cpuUs[i]!.push(cpu[i]! / calls);
    });
  }
  return { us, cpuUs };
}

runMain(async (): Promise<CallsResult> => {
  const o = options<CallsOptions>();
  let sink = 0;
  const count = (name: string) => (sink += name.length);

  const fast = await startServer();
  let overhead: number[][];
  try {
    const c = callers(fast.url, count);
    overhead = await measure([c.client, c.openapi, c.raw, c.portable, c.warn], o.calls, o.warmup, o.repetitions);
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
  const [clientUs, openapiFetchUs, rawUs, portableUs, warnUs] = overhead as [number[], number[], number[], number[], number[]];
  return {
    calls: o.calls,
    clientUs,
    openapiFetchUs,
    rawUs,
    portableUs,
    warnUs,
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
