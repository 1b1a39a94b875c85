// Cursor pagination against an in-memory listing: every item once and in order, the three
// ways a listing ends, the loop guard, abort between pages, and no page kept once read.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AbortError, PaginationLoopError } from "../../../src/kernel/errors.js";
import { paginate, type FetchPage, type Page, type PageData } from "../../../src/wrappers/listing/pagination.js";
import { buildPlatformClient } from "../../../src/wrappers/client.js";
import { fakeFetch, json } from "../../support/fake-fetch.js";
import { issuesOf, rejectedIssues } from "../../support/validation-issues.js";

type Ending = "hasMore false" | "null cursor" | "empty cursor";

// Page i sits at cursor `c<i>`; the first page is fetched without a cursor. `ending` says how
// the last page signals the end; the other field keeps its "more to come" value, so a walk
// that reads only one of them runs past the end (and gets a thrown error from here).
function listing<T>(layout: T[][], ending: Ending = "hasMore false") {
  const calls: (string | undefined)[] = [];
  const served: PageData<T>[] = [];
  const fetchPage: FetchPage<T> = async (cursor) => {
    calls.push(cursor);
    const index = cursor === undefined ? 0 : Number(cursor.slice(1));
    const items = layout[index];
    // Past the last page: a walk that overlooked the end fails here rather than running on.
    if (items === undefined) throw new Error(`no page at ${cursor}`);
    const last = index === layout.length - 1;
    const page: PageData<T> = {
      items: [...items],
      hasMore: last ? ending !== "hasMore false" : true,
      nextCursor: last ? { "hasMore false": `c${index + 1}`, "null cursor": null, "empty cursor": "" }[ending] : `c${index + 1}`,
      prevCursor: index === 0 ? null : `c${index - 1}`,
      raw: { index },
    };
    served.push(page);
    return page;
  };
  return { fetchPage, calls, served };
}

// A walk that ignores its stop signals would otherwise spin forever in microtasks, where no
// test timeout can reach it; failing the fetch ends it with an error instead.
function runawayGuard(calls: number, expected: number): void {
  if (calls > expected + 5) throw new Error(`runaway walk: ${calls} fetches for a ${expected}-page listing`);
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) items.push(item);
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

const LAYOUT = [[1, 2, 3], [4, 5], [], [6]];

describe("paginate", () => {
  it("iterates every item of every page, in order, following the cursors", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const { items, error } = await collect(paginate(fetchPage));
    expect(error).toBeUndefined();
    expect(items).toStrictEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toStrictEqual([undefined, "c1", "c2", "c3"]);
  });

  it("stops on hasMore false even when a next cursor is present", async () => {
    const { fetchPage, calls } = listing(LAYOUT, "hasMore false");
    expect(await paginate(fetchPage).toArray()).toStrictEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toHaveLength(4);
  });

  it.each(["null cursor", "empty cursor"] as const)("stops at the end marked by a %s, even when hasMore is true", async (ending) => {
    const { fetchPage, calls } = listing(LAYOUT, ending);
    expect(await paginate(fetchPage).toArray()).toStrictEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toHaveLength(4);
  });

  it("starts at startCursor when given one", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    expect(await paginate(fetchPage, { startCursor: "c1" }).toArray()).toStrictEqual([4, 5, 6]);
    expect(calls).toStrictEqual(["c1", "c2", "c3"]);
  });

  it("throws PaginationLoopError on a repeated cursor, after the items before it", async () => {
    const pages: Record<string, PageData<number>> = {
      first: { items: [1, 2], hasMore: true, nextCursor: "a", prevCursor: null, raw: {} },
      a: { items: [3], hasMore: true, nextCursor: "b", prevCursor: null, raw: {} },
      b: { items: [4], hasMore: true, nextCursor: "a", prevCursor: null, raw: {} },
    };
    const calls: (string | undefined)[] = [];
    const list = paginate<number>(async (cursor) => {
      calls.push(cursor);
      runawayGuard(calls.length, 3);
      return pages[cursor ?? "first"]!;
    });
    const { items, error } = await collect(list);
    expect(items).toStrictEqual([1, 2, 3, 4]);
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect((error as PaginationLoopError).cursor).toBe("a");
    expect(calls).toStrictEqual([undefined, "a", "b"]);
  });

  it("counts the start cursor as requested: a page pointing back to it is a loop", async () => {
    const page: PageData<string> = { items: ["x"], hasMore: true, nextCursor: "same", prevCursor: null, raw: {} };
    let calls = 0;
    const fetchPage = async () => {
      runawayGuard(++calls, 1);
      return page;
    };
    const { items, error } = await collect(paginate(fetchPage, { startCursor: "same" }));
    expect(items).toStrictEqual(["x"]);
    expect(error).toBeInstanceOf(PaginationLoopError);
  });

  it("awaiting gives the first page, fetched once and shared, and nothing more", async () => {
    const { fetchPage, calls, served } = listing(LAYOUT);
    const list = paginate(fetchPage);
    expect(calls).toStrictEqual([]); // lazy: nothing until awaited or iterated
    const first = await list;
    const again = await list;
    expect(first.raw).toBe(served[0]!.raw);
    expect(again).toBe(first);
    expect(first.items).toStrictEqual([1, 2, 3]);
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toBe("c1");
    expect(calls).toStrictEqual([undefined]);
  });

  it("works with Promise combinators, which call then()", async () => {
    const { fetchPage } = listing(LAYOUT);
    const [page] = await Promise.all([paginate(fetchPage)]);
    expect(page.items).toStrictEqual([1, 2, 3]);
  });

  it("pages() yields the pages the fetcher read, in order", async () => {
    const { fetchPage, served } = listing(LAYOUT);
    const pages: PageData<number>[] = [];
    for await (const page of paginate(fetchPage).pages()) pages.push(page);
    expect(pages).toHaveLength(4);
    pages.forEach((page, i) => {
      expect(page).toEqual(served[i]);
    });
    expect(pages.map((p) => p.raw)).toStrictEqual([{ index: 0 }, { index: 1 }, { index: 2 }, { index: 3 }]);
  });

  it("starts every iteration from the start cursor again, without reusing an awaited page", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const list = paginate(fetchPage, { startCursor: "c2" });
    await list;
    expect(await list.toArray()).toStrictEqual([6]);
    expect(await list.toArray()).toStrictEqual([6]);
    expect(calls).toStrictEqual(["c2", "c2", "c3", "c2", "c3"]);
  });

  it("fetches no page past a toArray limit, nor past a break", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const list = paginate(fetchPage);
    expect(await list.toArray(4)).toStrictEqual([1, 2, 3, 4]);
    expect(calls).toStrictEqual([undefined, "c1"]);
    expect(await list.toArray(0)).toStrictEqual([]);
    expect(calls).toHaveLength(2);
    for await (const item of list) {
      expect(item).toBe(1);
      break;
    }
    expect(calls).toHaveLength(3);
  });

  it("hands out items in order to next() calls that do not wait for each other", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const iterator = paginate(fetchPage)[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 8 }, () => iterator.next()));
    expect(results.map((r) => (r.done ? "done" : r.value))).toStrictEqual([1, 2, 3, 4, 5, 6, "done", "done"]);
    expect(calls).toStrictEqual([undefined, "c1", "c2", "c3"]);
  });

  it("passes the signal to fetchPage", async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    await paginate(async (_cursor, signal) => {
      seen.push(signal);
      return { items: [], hasMore: false, nextCursor: null, prevCursor: null, raw: null };
    }, { signal: controller.signal });
    expect(seen).toStrictEqual([controller.signal]);
  });

  it("stops with AbortError when the signal fires between pages", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const controller = new AbortController();
    const items: number[] = [];
    const run = async () => {
      for await (const item of paginate(fetchPage, { signal: controller.signal })) {
        items.push(item);
        if (item === 3) controller.abort(new Error("user left"));
      }
    };
    const error = await run().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toMatchObject({ message: "user left" });
    expect(items).toStrictEqual([1, 2, 3]); // the page in hand is finished, no further page is fetched
    expect(calls).toStrictEqual([undefined]);
  });

  it("fetches nothing when the signal has already fired", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const list = paginate(fetchPage, { signal: AbortSignal.abort() });
    await expect(list).rejects.toBeInstanceOf(AbortError);
    await expect(list.toArray()).rejects.toBeInstanceOf(AbortError);
    expect(calls).toStrictEqual([]);
  });

  it("reports a fetch that fails because of the abort as AbortError, with the original as cause", async () => {
    const controller = new AbortController();
    const list = paginate<number>(async (_cursor, signal) => {
      controller.abort();
      throw signal?.reason;
    }, { signal: controller.signal });
    const error = await list.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe(controller.signal.reason);
  });

  it("passes other fetch errors through unchanged", async () => {
    const failure = new Error("boom");
    const list = paginate<number>(async () => {
      throw failure;
    });
    await expect(list.toArray()).rejects.toBe(failure);
    await expect(list).rejects.toBe(failure);
  });

  it("refuses bad listing options where the listing is made (chunks.list), naming the field, sending nothing", async () => {
    const { fetch, sent } = fakeFetch();
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", jwt: "jwt-0123456789abcdef", fetch });
    expect(issuesOf(() => client.chunks.list("st-1", { startCursor: "" }))).toStrictEqual([["startCursor", "minLength"]]);
    expect(issuesOf(() => client.chunks.list("st-1", { startCursor: 3 as never }))).toStrictEqual([["startCursor", "type"]]);
    expect(issuesOf(() => client.chunks.list("st-1", { signal: {} as never }))).toStrictEqual([["signal", "type"]]);
    expect(issuesOf(() => client.chunks.list("st-1", null as never))).toStrictEqual([["options", "type"]]);
    expect(sent).toEqual([]);
    const { fetchPage } = listing(LAYOUT);
    for (const [limit, rule] of [[-1, "minimum"], [1.5, "type"], [Number.NaN, "type"], ["3", "type"]] as const) {
      expect(await rejectedIssues(() => paginate(fetchPage).toArray(limit as never))).toEqual([["limit", rule]]);
    }
  });

  it("keeps no page once the walk has moved past it", async () => {
    // Exposes V8's gc() to this test alone: a page still referenced from anywhere survives it.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const pages = 60;
    const collected = new Set<number>();
    // Not WeakRefs: V8 keeps a WeakRef's target alive for the rest of the job that made it,
    // which would pin pages this test cannot tell apart from pages the walk pins.
    const registry = new FinalizationRegistry<number>((index) => collected.add(index));
    const list = paginate<number>(async (cursor) => {
      const index = cursor === undefined ? 0 : Number(cursor);
      runawayGuard(index + 1, pages);
      const page: PageData<number> = {
        items: Array.from({ length: 1_000 }, (_, i) => index * 1_000 + i),
        hasMore: index < pages - 1,
        nextCursor: String(index + 1),
        prevCursor: null,
        raw: { padding: new Array(1_000).fill(index) },
      };
      registry.register(page, index);
      return page;
    });
    const earlier = Array.from({ length: pages - 1 }, (_, i) => i);
    let count = 0;
    for await (const item of list) {
      count++;
      if (item === (pages - 1) * 1_000) {
        // Finalizers run in later tasks; give them a few.
        for (let round = 0; round < 20 && collected.size < earlier.length; round++) {
          gc();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        // Every page but the one being read is gone, however long the listing.
        expect(earlier.filter((i) => !collected.has(i))).toStrictEqual([]);
      }
    }
    expect(count).toBe(pages * 1_000);
  });
});

describe("properties", () => {
  it("for any page layout, the items out are the items in, each page fetched once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer(), { maxLength: 6 }), { minLength: 1, maxLength: 25 }),
        fc.constantFrom<Ending>("hasMore false", "null cursor", "empty cursor"),
        async (layout, ending) => {
          const { fetchPage, calls } = listing(layout, ending);
          const list = paginate(fetchPage);
          const { items, error } = await collect(list);
          expect(error).toBeUndefined();
          expect(items).toStrictEqual(layout.flat());
          expect(calls).toHaveLength(layout.length);
          const pages: number[][] = [];
          for await (const page of list.pages()) pages.push(page.items);
          expect(pages).toStrictEqual(layout);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a page's successor", () => {
  it("nextPage() walks the listing page by page, and gives null after the last", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const seen: number[][] = [];
    for (let page: Page<number> | null = await paginate(fetchPage); page; page = await page.nextPage()) {
      seen.push(page.items);
    }
    expect(seen).toStrictEqual(LAYOUT);
    expect(calls).toStrictEqual([undefined, "c1", "c2", "c3"]);
  });

  it.each(["null cursor", "empty cursor", "hasMore false"] as const)("hasNextPage() is false on a last page that ends by %s, and nextPage() fetches nothing", async (ending) => {
    const { fetchPage, calls } = listing([[1], [2]], ending);
    const first = await paginate(fetchPage);
    expect(first.hasNextPage()).toBe(true);
    const last = await first.nextPage();
    expect(last?.items).toStrictEqual([2]);
    expect(last?.hasNextPage()).toBe(false);
    expect(await last?.nextPage()).toBeNull();
    expect(calls).toStrictEqual([undefined, "c1"]);
  });

  it("refuses a page whose next cursor is its own, instead of fetching it again", async () => {
    const page: PageData<string> = { items: ["x"], hasMore: true, nextCursor: "same", prevCursor: null, raw: {} };
    let fetched = 0;
    const first = await paginate<string>(
      async () => {
        fetched++;
        return page;
      },
      { startCursor: "same" },
    );
    await expect(first.nextPage()).rejects.toBeInstanceOf(PaginationLoopError);
    expect(fetched).toBe(1);
  });

  it("stops with AbortError when the listing's signal fired before the successor was asked for", async () => {
    const { fetchPage, calls } = listing(LAYOUT);
    const controller = new AbortController();
    const first = await paginate(fetchPage, { signal: controller.signal });
    controller.abort();
    await expect(first.nextPage()).rejects.toBeInstanceOf(AbortError);
    expect(calls).toStrictEqual([undefined]);
  });

  it("chunks.list pages keep the request id the service gave each answer, and serialise without methods", async () => {
    const { fetch, sent } = fakeFetch((_request, record) => {
      const second = JSON.parse(record.body).nextCursor === "c1";
      return json({ chunks: [], hasMore: !second, nextCursor: second ? null : "c1", prevCursor: null }, { headers: { "x-request-id": second ? "req-2" : "req-1" } });
    });
    const client = buildPlatformClient({ baseUrl: "http://127.0.0.1:9", jwt: "jwt-0123456789abcdef", fetch });
    const first = await client.chunks.list("st-1");
    const second = await first.nextPage();
    expect([first.requestId, second?.requestId]).toStrictEqual(["req-1", "req-2"]);
    expect(sent).toHaveLength(2);
    expect(Object.keys(JSON.parse(JSON.stringify(first))).sort()).toStrictEqual(["hasMore", "items", "nextCursor", "prevCursor", "raw", "requestId"]);
  });
});
