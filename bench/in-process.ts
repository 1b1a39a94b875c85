// The stateful mock in-process (createStatefulMock, issue 32), side by side in one process:
//
//   calls/s      `calls` sequential getConnection calls through the client (the Node entry's
//                createPlatformClient), `repetitions` times, alternating four transports: the
//                in-process mock's fetch (the client's calls through it take the direct exchange,
//                no Request or Response); the same mock behind a socket (listen(), the HTTP mock
//                of startMock({ stateful: true }), reached over the client's own keep-alive
//                pool); the floor of any fetch-based in-process mock, a bare fetch handler
//                returning a canned Response of the same body; and, for the record, the mock's
//                fetch wrapped in a function (which hides the direct exchange, so the client
//                reads Responses, as it would from MSW or any other fetch). Targets: in-process
//                >= 5x the HTTP mock, and within 1.5x of the bare handler. Each run's CPU time per
//                call is kept too: steadier than calls/s on a busy machine.
//   creation     `instances` mocks created one after another, each timed: median <= 1 ms.
//   heap         10,000 mocks created and dropped: heap after gc() against before, flat.
//   import RSS   bench/in-process-import.ts, one fresh process per import (the runner starts them).
import { createPlatformClient } from "../src/node.js";
import { createStatefulMock } from "../src/mock/start-mock.js";
import { API_KEY, gc, MiB, options, runMain } from "./lib/child.js";

export interface InProcessBenchOptions {
  repetitions: number;
  calls: number;
  warmup: number;
  instances: number;
  dropped: number;
}

export interface InProcessBenchResult {
  callsPerSecond: { inProcess: number[]; http: number[]; bare: number[]; responses: number[] };
  /** CPU time (user + system) of this process per call, microseconds, one figure per repetition. */
  cpuUsPerCall: { inProcess: number[]; http: number[]; bare: number[]; responses: number[] };
  creationMs: { median: number; p90: number };
  heapMiB: { before: number; after: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const heapMiB = () => process.memoryUsage().heapUsed / MiB;

async function callRate(get: () => Promise<unknown>, calls: number, warmup: number): Promise<{ perSecond: number; cpuUs: number }> {
  for (let i = 0; i < warmup; i++) await get();
  gc();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await get();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { perSecond: calls / seconds, cpuUs: (used.user + used.system) / calls };
}

runMain(async (): Promise<InProcessBenchResult> => {
  const o = options<InProcessBenchOptions>();

  // Calls: one mock holding one connection, reached three ways.
  const mock = createStatefulMock();
  const server = await mock.listen({ port: 0 });
  // Retries on: a keep-alive socket the HTTP mock closed while the other transports ran is
  // reset on its next use, and the client repeats that read (as it would in a test suite).
  const make = (baseUrl: string, fetch?: typeof globalThis.fetch) =>
    createPlatformClient({ baseUrl, apiKey: API_KEY, maxRetries: 2, ...(fetch ? { fetch } : {}) });
  const created = await make(mock.url, mock.fetch).connections.create({
    provider: "PROVIDER_ONE",
    connectionName: "bench",
    model: "m",
    fields: { API_KEY: "sk-bench-0123456789abcdef" },
  });
  const id = created.connectionId;
  const canned = JSON.stringify(await (await mock.fetch(`/api/public/connections/${id}`, { headers: { "x-api-key": API_KEY } })).json());
  const bare: typeof fetch = async () =>
    new Response(canned, { status: 200, headers: { "content-type": "application/json", "content-length": String(canned.length) } });
  const wrapped: typeof fetch = (input, init) => mock.fetch(input, init);
  const clients = { inProcess: make(mock.url, mock.fetch), http: make(server.url), bare: make(mock.url, bare), responses: make(mock.url, wrapped) };
  const names = ["inProcess", "http", "bare", "responses"] as const;
  const callsPerSecond = { inProcess: [] as number[], http: [] as number[], bare: [] as number[], responses: [] as number[] };
  const cpuUsPerCall = { inProcess: [] as number[], http: [] as number[], bare: [] as number[], responses: [] as number[] };
  for (let rep = 0; rep < o.repetitions; rep++) {
    // Rotating which goes first, so none always runs on the heels of the same other.
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + rep) % names.length]!;
      const client = clients[name];
      const { perSecond, cpuUs } = await callRate(() => client.connections.get(id), o.calls, o.warmup);
      callsPerSecond[name].push(perSecond);
      cpuUsPerCall[name].push(cpuUs);
      // The log is bounded, but a fresh one keeps every run's work the same.
      mock.clearRequests();
    }
  }
  await server.stop();

  // Creation: each instance timed alone.
  const times: number[] = [];
  for (let i = 0; i < o.instances; i++) {
    const started = performance.now();
    createStatefulMock();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  // Heap: instances created and dropped leave nothing behind.
  gc();
  const before = heapMiB();
  for (let i = 0; i < o.dropped; i++) createStatefulMock();
  gc();
  const after = heapMiB();

  return {
    callsPerSecond,
    cpuUsPerCall,
    creationMs: { median: median(times), p90: times[Math.floor(times.length * 0.9)]! },
    heapMiB: { before, after },
  };
});
