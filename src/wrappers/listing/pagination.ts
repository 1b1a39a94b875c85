// Cursor pagination for any listing: one page at a time, behind a handle that can be awaited
// for the first page or iterated across all of them. Only the page being read is held, so a
// listing of any length runs in flat memory (what toArray collects is the caller's choice).
import { AbortError, PaginationLoopError, ValidationError } from "../../kernel/errors.js";
import type { Redactor } from "../../kernel/redactor.js";

/** One page as a fetcher reads it. */
export interface PageData<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  /** The response body the page was read from, for fields this view does not carry. */
  raw: unknown;
  /** The id the service gave this answer (`x-request-id` …), to name the very request in a report. */
  requestId?: string | undefined;
}

/** One page of a listing, which can fetch the page after it (as openai-node's pages do). */
export interface Page<T> extends PageData<T> {
  requestId: string | undefined;
  /** Whether the listing goes on after this page: `hasMore` and a next cursor. */
  hasNextPage(): boolean;
  /** The page after this one, on the listing's signal; null after the last page. */
  nextPage(): Promise<Page<T> | null>;
}

/** Fetches the page at `cursor` (undefined: the first page), passing `signal` on to the request. */
export type FetchPage<T> = (cursor: string | undefined, signal?: AbortSignal) => Promise<PageData<T>>;

export interface PaginateOptions {
  /** Stops the listing with AbortError: checked before every page and passed to fetchPage. */
  signal?: AbortSignal | undefined;
  /** Cursor of the first page to fetch; the listing's own first page when absent. */
  startCursor?: string | undefined;
}

/**
 * A listing, fetched lazily.
 *
 * - `await list` fetches the first page once; later awaits share that same page, which the
 *   list keeps (one page, whatever the length of the listing).
 * - `for await (const item of list)`, `list.pages()` and `list.toArray()` each start a fresh
 *   walk from the start cursor: iterating twice lists (and fetches) everything twice, and
 *   never reuses the page an await fetched, so every walk sees the listing as it is now.
 *
 * A walk ends after a page with `hasMore: false` or without a next cursor (null or empty),
 * and throws PaginationLoopError, after the items of every page before, when the service
 * hands back a cursor the walk already requested.
 */
export class PagedList<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #fetchPage: FetchPage<T>;
  readonly #signal: AbortSignal | undefined;
  readonly #startCursor: string | undefined;
  readonly #redact: (text: string) => string;
  #firstPage: Promise<Page<T>> | undefined;

  /** `redactor` masks the client's secrets in a cursor quoted by PaginationLoopError. */
  constructor(fetchPage: FetchPage<T>, options: PaginateOptions = {}, redactor?: Pick<Redactor, "text">) {
    this.#fetchPage = fetchPage;
    this.#signal = options.signal;
    this.#startCursor = options.startCursor;
    this.#redact = redactor ? (text) => redactor.text(text) : (text) => text;
  }

  // biome-ignore lint/suspicious/noThenProperty: a listing is awaitable for its first page, as openai-node's pages are
  then<R1 = Page<T>, R2 = never>(
    onfulfilled?: ((page: Page<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.#firstPage ??= this.#fetch(this.#startCursor);
    return this.#firstPage.then(onfulfilled, onrejected);
  }

  /** Every page in order, from the start cursor. */
  // One type argument, not two: TypeScript before 5.6 knows only AsyncIterableIterator<T>.
  pages(): AsyncIterableIterator<Page<T>> {
    return new PageWalk((cursor) => this.#fetch(cursor), this.#startCursor, this.#redact);
  }

  /** Every item of every page, in order, from the start cursor. */
  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return new ItemWalk(this.pages());
  }

  /** The items from the start cursor, up to `limit` of them; no page is fetched past the limit. */
  async toArray(limit?: number): Promise<T[]> {
    if (limit !== undefined && !Number.isInteger(limit)) {
      throw new ValidationError([{ field: "limit", rule: "type", message: `limit must be an integer (got ${String(limit)})` }]);
    }
    if (limit !== undefined && limit < 0) {
      throw new ValidationError([{ field: "limit", rule: "minimum", message: `limit must be >= 0 (got ${limit})` }]);
    }
    const items: T[] = [];
    if (limit === 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length === limit) break;
    }
    return items;
  }

  async #fetch(cursor: string | undefined): Promise<Page<T>> {
    const signal = this.#signal;
    if (signal?.aborted) throw aborted(signal);
    let data: PageData<T>;
    try {
      data = await this.#fetchPage(cursor, signal);
    } catch (error) {
      // Whatever the fetcher throws once the signal fired (a DOMException from fetch, say),
      // the caller asked to stop: one error class says so.
      if (signal?.aborted && !(error instanceof AbortError)) throw new AbortError(undefined, { cause: error });
      throw error;
    }
    return new ListPage(data, cursor, (next) => this.#fetch(next), this.#redact);
  }
}

/** No data of its own but the page's: the successor is reached through the listing's fetch. */
class ListPage<T> implements Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  raw: unknown;
  requestId: string | undefined;
  readonly #cursor: string | undefined;
  readonly #fetch: (cursor: string) => Promise<Page<T>>;
  readonly #redact: (text: string) => string;

  constructor(data: PageData<T>, cursor: string | undefined, fetch: (cursor: string) => Promise<Page<T>>, redact: (text: string) => string) {
    this.items = data.items;
    this.hasMore = data.hasMore;
    this.nextCursor = data.nextCursor;
    this.prevCursor = data.prevCursor;
    this.raw = data.raw;
    this.requestId = data.requestId;
    this.#cursor = cursor;
    this.#fetch = fetch;
    this.#redact = redact;
  }

  hasNextPage(): boolean {
    return this.hasMore && typeof this.nextCursor === "string" && this.nextCursor !== "";
  }

  async nextPage(): Promise<Page<T> | null> {
    if (!this.hasNextPage()) return null;
    const next = this.nextCursor as string;
    // A page that names itself as its successor would have a caller's loop fetch it forever.
    if (next === this.#cursor) throw new PaginationLoopError(this.#redact(next));
    return this.#fetch(next);
  }
}

/** A lazily fetched listing over `fetchPage`; see PagedList. */
export function paginate<T>(fetchPage: FetchPage<T>, options?: PaginateOptions, redactor?: Pick<Redactor, "text">): PagedList<T> {
  return new PagedList(fetchPage, options, redactor);
}

// The two walks are hand-written iterators rather than async generators: a suspended V8
// generator can keep a page alive in a stale register for the rest of the walk, and "no page
// outlives its turn" is the point of this module. Their state is a cursor, the requested
// cursors and the items in hand, overwritten as the walk moves on.

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

class PageWalk<T> implements AsyncIterableIterator<Page<T>, undefined> {
  readonly #fetch: (cursor: string | undefined) => Promise<Page<T>>;
  // Only cursors are remembered, never pages: enough to tell a loop from a long listing.
  readonly #requested = new Set<string>();
  #cursor: string | undefined;
  #loopCursor: string | undefined;
  #done = false;
  readonly #redact: (text: string) => string;

  constructor(fetch: (cursor: string | undefined) => Promise<Page<T>>, startCursor: string | undefined, redact: (text: string) => string) {
    this.#fetch = fetch;
    this.#cursor = startCursor;
    this.#redact = redact;
  }

  readonly next = serialized(async (): Promise<IteratorResult<Page<T>, undefined>> => {
    if (this.#done) return DONE;
    if (this.#loopCursor !== undefined) {
      this.#done = true;
      throw new PaginationLoopError(this.#redact(this.#loopCursor));
    }
    const cursor = this.#cursor;
    if (cursor !== undefined) this.#requested.add(cursor);
    let page: Page<T>;
    try {
      page = await this.#fetch(cursor);
    } catch (error) {
      this.#done = true;
      throw error;
    }
    const next = page.nextCursor;
    if (!page.hasMore || next === null || next === undefined || next === "") this.#done = true;
    // The loop is reported on the following call, so the page in hand is still delivered.
    else if (this.#requested.has(next)) this.#loopCursor = next;
    else this.#cursor = next;
    return { done: false, value: page };
  });

  async return(): Promise<IteratorResult<Page<T>, undefined>> {
    this.#done = true;
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

class ItemWalk<T> implements AsyncIterableIterator<T, undefined> {
  readonly #pages: AsyncIterator<Page<T>, undefined>;
  #items: readonly T[] = [];
  #index = 0;
  #done = false;

  constructor(pages: AsyncIterator<Page<T>, undefined>) {
    this.#pages = pages;
  }

  readonly next = serialized(async (): Promise<IteratorResult<T, undefined>> => {
    while (!this.#done && this.#index >= this.#items.length) {
      let result: IteratorResult<Page<T>, undefined>;
      try {
        result = await this.#pages.next();
      } catch (error) {
        this.#finish();
        throw error;
      }
      if (result.done) this.#finish();
      else {
        this.#items = result.value.items;
        this.#index = 0;
      }
    }
    if (this.#done) return DONE;
    return { done: false, value: this.#items[this.#index++] as T };
  });

  async return(): Promise<IteratorResult<T, undefined>> {
    this.#finish();
    await this.#pages.return?.();
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #finish(): void {
    this.#done = true;
    this.#items = [];
  }
}

// Runs the calls of `step` one after another, as an async generator queues its next() calls,
// so a caller that does not await each call still gets the items in order.
function serialized<R>(step: () => Promise<R>): () => Promise<R> {
  let tail: Promise<unknown> = Promise.resolve();
  return () => {
    const result = tail.then(step);
    // The tail settles to undefined, so it never holds on to a result (and its page).
    tail = result.then(ignore, ignore);
    return result;
  };
}

function ignore(): void {}

function aborted(signal: AbortSignal): AbortError {
  return new AbortError("the listing was aborted", { cause: signal.reason });
}
