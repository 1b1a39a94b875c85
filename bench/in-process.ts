// The stateful mock in-process (createStatefulMock, issue 32), side by side in one process:
//
//   calls/s      `calls` sequential getConnection calls through the client (the Node entry's
//                createPlatformClient), `repetitions` times, alternating three transports: the
//                in-process mock's fetch; the same mock behind a socket (listen(), the HTTP mock
//                of startMock({ stateful: true }), reached over the client's own keep-alive
//                pool); and the floor of any in-process mock, a bare fetch handler returning a
//                canned Response of the same body. Targets: in-process >= 5x the HTTP mock, and
//                within 1.5x of the bare handler.
//   creation     `instances` mocks created one after another, each timed: median <= 1 ms.
//   heap         10,000 mocks created and dropped: heap after gc() against before, flat.
//   import RSS   a model import read from a stream through the in-process mock, `smallSize` then
//                `bigSize` (8 MiB chunks, 4 at a time): the process's peak RSS must not grow with
//                the size (the mock keeps sizes and digests, never bytes).
import { createPlatformClient } from "../src/node.js";
import { createStatefulMock } from "../src/mock/start-mock.js";
import { API_KEY, gc, MiB, options, peakRssMiB, runMain } from "./lib/child.js";

export interface InProcessBenchOptions {
  repetitions: number;
  calls: number;
  warmup: number;
  instances: number;
  dropped: number;
  bigSize: number;
  smallSize: number;
  chunkSize: number;
}

export interface InProcessBenchResult {
  callsPerSecond: { inProcess: number[]; http: number[]; bare: number[] };
  creationMs: { median: number; p90: number };
  heapMiB: { before: number; after: number };
  import: Array<{ size: number; peakRssMiB: number; seconds: number; chunks: number }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const heapMiB = () => process.memoryUsage().heapUsed / MiB;

async function callRate(get: () => Promise<unknown>, calls: number, warmup: number): Promise<number> {
  for (let i = 0; i < warmup; i++) await get();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await get();
  return calls / ((performance.now() - started) / 1000);
}

/** A stream of `size` bytes in 1 MiB pieces, each made when asked for (nothing held). */
function byteStream(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const piece = new Uint8Array(Math.min(MiB, size - sent));
      for (let i = 0; i < piece.length; i += 4096) piece[i] = (sent + i) % 251;
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
}

runMain(async (): Promise<InProcessBenchResult> => {
  const o = options<InProcessBenchOptions>();

  // Calls: one mock holding one connection, reached three ways.
  const mock = createStatefulMock();
  const server = await mock.listen({ port: 0 });
  const make = (baseUrl: string, fetch?: typeof globalThis.fetch) =>
    createPlatformClient({ baseUrl, apiKey: API_KEY, maxRetries: 0, ...(fetch ? { fetch } : {}) });
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
  const clients = { inProcess: make(mock.url, mock.fetch), http: make(server.url), bare: make(mock.url, bare) };
  const callsPerSecond = { inProcess: [] as number[], http: [] as number[], bare: [] as number[] };
  for (let rep = 0; rep < o.repetitions; rep++) {
    for (const name of ["inProcess", "http", "bare"] as const) {
      const client = clients[name];
      callsPerSecond[name].push(await callRate(() => client.connections.get(id), o.calls, o.warmup));
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

  // Import: small first, then big; the peak RSS is the process's, so the big one includes all.
  const imports: InProcessBenchResult["import"] = [];
  for (const size of [o.smallSize, o.bigSize]) {
    const importer = createStatefulMock({ jobs: { polls: 0 } });
    const client = make(importer.url, importer.fetch);
    gc();
    const started = performance.now();
    const result = await client.models.import({
      source: { stream: byteStream(size), size },
      fileName: "model.tar",
      chunkSize: o.chunkSize,
      concurrency: 4,
      wait: { minDelayMs: 1 },
    });
    if (result.job.status !== "SUCCESS") throw new Error(`import ended ${result.job.status}`);
    imports.push({
      size,
      peakRssMiB: peakRssMiB(),
      seconds: (performance.now() - started) / 1000,
      chunks: importer.requests({ operationId: "uploadImportChunk" }).length,
    });
  }

  return { callsPerSecond, creationMs: { median: median(times), p90: times[Math.floor(times.length * 0.9)]! }, heapMiB: { before, after }, import: imports };
});
