// Pagination at scale: every chunk of a `pages` x `pageSize` listing from the local server,
// through the Node entry's `for await (const chunk of client.chunks.list(botId))` against a hand-written cursor
// loop over fetch that sends the same request and touches the same field of every item. Both
// run in this process, alternating which goes first, against a server in another process.
//
// Memory: one more walk through the client with gc() forced when the first item of the first
// page arrives and when the first item of the last page arrives: both moments hold exactly one
// page, so the heaps differ only by what the walk kept from the pages in between.
import { createPlatformClient } from "../src/node.js";
import { gc, JWT, options, runMain, startServer } from "./lib/child.js";

export interface PaginationOptions {
  pages: number;
  pageSize: number;
  repetitions: number;
}

export interface PaginationResult {
  items: number;
  /** Items per second, one figure per repetition. */
  clientRate: number[];
  loopRate: number[];
  heapFirstPageMiB: number;
  heapLastPageMiB: number;
  loopHeapFirstPageMiB: number;
  loopHeapLastPageMiB: number;
}

const BOT = "bot-bench";
const MiB = 1024 * 1024;

runMain(async (): Promise<PaginationResult> => {
  const o = options<PaginationOptions>();
  const expected = o.pages * o.pageSize;
  const server = await startServer([`--pages=${o.pages}`, `--page-size=${o.pageSize}`]);
  try {
    const client = createPlatformClient({ baseUrl: server.url, jwt: JWT });
    const listUrl = `${server.url}/api/public/bot/${BOT}/chunk/list`;
    let sink = 0;

    // `at(index)` is called with each item's position, for the memory probe.
    const viaClient = async (at?: (index: number) => void) => {
      let count = 0;
      for await (const chunk of client.chunks.list(BOT)) {
        at?.(count);
        sink += chunk.chunkId.length;
        count++;
      }
      return count;
    };
    const viaLoop = async (at?: (index: number) => void) => {
      let count = 0;
      let cursor: string | undefined;
      for (;;) {
        const res = await fetch(listUrl, {
          method: "POST",
          headers: { auth: JWT, "content-type": "application/json", "user-agent": "platform-management-client" },
          body: JSON.stringify(cursor ? { nextCursor: cursor } : {}),
        });
        if (!res.ok) throw new Error(`listChunks answered ${res.status}`);
        const page = (await res.json()) as { chunks: Array<{ chunkId: string }>; hasMore: boolean; nextCursor: string | null };
        for (const chunk of page.chunks) {
          at?.(count);
          sink += chunk.chunkId.length;
          count++;
        }
        if (!page.hasMore || !page.nextCursor) break;
        cursor = page.nextCursor;
      }
      return count;
    };
    const rate = async (walk: () => Promise<number>) => {
      const started = performance.now();
      const count = await walk();
      const seconds = (performance.now() - started) / 1000;
      if (count !== expected) throw new Error(`the walk saw ${count} items, not ${expected}`);
      return count / seconds;
    };

    // Warm-up: one walk each (JIT, connection).
    await rate(() => viaClient());
    await rate(() => viaLoop());
    const clientRate: number[] = [];
    const loopRate: number[] = [];
    for (let rep = 0; rep < o.repetitions; rep++) {
      if (rep % 2 === 0) {
        clientRate.push(await rate(() => viaClient()));
        loopRate.push(await rate(() => viaLoop()));
      } else {
        loopRate.push(await rate(() => viaLoop()));
        clientRate.push(await rate(() => viaClient()));
      }
    }

    const probe = async (walk: (at: (index: number) => void) => Promise<number>) => {
      const heaps: number[] = [];
      const lastPageStart = (o.pages - 1) * o.pageSize;
      await walk((index) => {
        if (index === 0 || index === lastPageStart) {
          gc();
          heaps.push(process.memoryUsage().heapUsed / MiB);
        }
      });
      return { first: heaps[0] ?? NaN, last: heaps[1] ?? NaN };
    };
    const clientHeap = await probe(viaClient);
    const loopHeap = await probe(viaLoop);
    if (sink === 0) throw new Error("no chunk was read");
    return {
      items: expected,
      clientRate,
      loopRate,
      heapFirstPageMiB: clientHeap.first,
      heapLastPageMiB: clientHeap.last,
      loopHeapFirstPageMiB: loopHeap.first,
      loopHeapLastPageMiB: loopHeap.last,
    };
  } finally {
    await server.close();
  }
});
