// One model import through the in-process stateful mock (issue 32), alone in a fresh process:
// a stream of `size` bytes in `chunkSize` chunks, 4 at a time, RSS sampled every 10 ms. The runner
// (bench/run.mjs) starts one process per import, big and small sizes in turn, and judges each
// size by its median peak: in the process that had just made 10,000 mocks and thousands of
// calls, a single peak swung by some 40 MiB with garbage collection. The peak must not grow with
// the size (the mock keeps sizes and digests, never bytes); the smaller size is above the
// client's own upload buffers (concurrency + 1 chunks), which fill once whatever the size.
import { createPlatformClient } from "../src/node.js";
import { createStatefulMock } from "../src/mock/start-mock.js";
import { API_KEY, gc, MiB, options, runMain } from "./lib/child.js";

export interface InProcessImportOptions {
  size: number;
  chunkSize: number;
}

export interface InProcessImportResult {
  size: number;
  peakRssMiB: number;
  baselineRssMiB: number;
  seconds: number;
  chunks: number;
}

/** What `work` resolves to, and the highest RSS sampled every 10 ms while it ran. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const result = await work();
    return { result, peakMiB: Math.max(peak, process.memoryUsage.rss()) / MiB };
  } finally {
    clearInterval(sampler);
  }
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

runMain(async (): Promise<InProcessImportResult> => {
  const { size, chunkSize } = options<InProcessImportOptions>();
  const importer = createStatefulMock({ jobs: { polls: 0 } });
  const client = createPlatformClient({ baseUrl: importer.url, apiKey: API_KEY, fetch: importer.fetch });
  gc();
  const baselineRssMiB = process.memoryUsage.rss() / MiB;
  const started = performance.now();
  const { result, peakMiB } = await peakRssDuring(() =>
    client.models.import({ source: { stream: byteStream(size), size }, fileName: "model.tar", chunkSize, concurrency: 4, wait: { minDelayMs: 1 } }),
  );
  if (result.job.status !== "SUCCESS") throw new Error(`import ended ${result.job.status}`);
  return {
    size,
    peakRssMiB: peakMiB,
    baselineRssMiB,
    seconds: (performance.now() - started) / 1000,
    chunks: importer.requests({ operationId: "uploadImportChunk" }).length,
  };
});
