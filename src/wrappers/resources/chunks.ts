// Search-index chunks: list across pages with a filter tree, update, delete by ids in batches.
import type { components } from "../../generated/platform.js";
import type { Core } from "../core.js";
import { ValidationError } from "../errors.js";
import { toFilterTree, type ChunkFilterNode } from "../listing/filters.js";
import type { RequestOptions } from "../jobs/start-job.js";
import { normalizeChunk, normalizeDeleteTotals, type DeleteTotals, type NormalizedChunk } from "../normalize/records.js";
import { paginate, type Page, type PagedList } from "../listing/pagination.js";

export type UpdateChunkRequest = Omit<components["schemas"]["UpdateChunkRequest"], "pageNumber"> & { pageNumber?: number };
export type ChunkUpdated = components["schemas"]["ChunkUpdated"];

export interface ListChunksOptions extends RequestOptions {
  /** A filter tree (see filters.ts: and, or, eq); a lone condition is wrapped in `and`. */
  filters?: ChunkFilterNode;
  /** Defaults to true when filters are given, as the document says true applies them. */
  enableFilters?: boolean;
  /** Start after this cursor instead of at the first page. */
  startCursor?: string;
}

export interface DeleteChunksOptions extends RequestOptions {
  /** Ids per request. The service's limit is not documented. */
  batchSize?: number;
}

export const DEFAULT_DELETE_BATCH = 100;

export function chunksApi(core: Core) {
  return {
    /** Awaitable (the first page) and async-iterable (every chunk, page after page). */
    list(botId: string, options: ListChunksOptions = {}): PagedList<NormalizedChunk> {
      const { filters, enableFilters, signal, startCursor } = options;
      const apply = enableFilters ?? (filters === undefined ? undefined : true);
      const base = { ...(filters === undefined ? {} : { filters: toFilterTree(filters) }), ...(apply === undefined ? {} : { enableFilters: apply }) };
      const fetchPage = async (cursor: string | undefined, pageSignal?: AbortSignal): Promise<Page<NormalizedChunk>> => {
        const body = cursor ? { ...base, nextCursor: cursor } : base;
        const { data } = await core.call<components["schemas"]["ChunkPage"]>("listChunks", { path: { botId }, body, signal: pageSignal ?? signal });
        return {
          items: (data.chunks ?? []).map(normalizeChunk),
          hasMore: data.hasMore === true,
          nextCursor: data.nextCursor ?? null,
          prevCursor: data.prevCursor ?? null,
          raw: data,
        };
      };
      return paginate(fetchPage, { signal, ...(startCursor ? { startCursor } : {}) });
    },

    async update(botId: string, chunkId: string, fields: UpdateChunkRequest, options: RequestOptions = {}): Promise<ChunkUpdated> {
      return (await core.call<ChunkUpdated>("updateChunk", { path: { botId, chunkId }, body: fields, signal: options.signal })).data;
    },

    /** Deletes in batches and sums the totals; ids that do not exist count in totalNotFound. */
    async delete(botId: string, chunkIds: string[], options: DeleteChunksOptions = {}): Promise<DeleteTotals> {
      const { batchSize = DEFAULT_DELETE_BATCH, signal } = options;
      if (!Array.isArray(chunkIds) || chunkIds.length === 0) {
        throw new ValidationError([{ field: "chunkId", rule: "minItems", message: "chunkId must list at least one chunk id" }], "deleteChunksById");
      }
      if (!Number.isInteger(batchSize) || batchSize < 1) {
        throw new ValidationError([{ field: "batchSize", rule: "minimum", message: "batchSize must be an integer >= 1" }], "deleteChunksById");
      }
      // The whole list is checked before the first batch is sent, so a bad id late in the list
      // sends nothing and is named by its own index.
      await core.validate("deleteChunksById", { path: { botId }, body: { chunkId: chunkIds } });
      const batches: string[][] = [];
      for (let i = 0; i < chunkIds.length; i += batchSize) batches.push(chunkIds.slice(i, i + batchSize));
      const totals: DeleteTotals[] = [];
      for (const batch of batches) {
        const { data } = await core.call("deleteChunksById", { path: { botId }, body: { chunkId: batch }, signal });
        totals.push(normalizeDeleteTotals(data));
      }
      return sumTotals(totals);
    },
  };
}

function sumTotals(totals: DeleteTotals[]): DeleteTotals {
  const sum = (key: "totalRequested" | "totalDeleted" | "totalNotFound") => totals.reduce((n, t) => n + t[key], 0);
  const last = totals[totals.length - 1]!;
  return { ...last, totalRequested: sum("totalRequested"), totalDeleted: sum("totalDeleted"), totalNotFound: sum("totalNotFound"), raw: totals.map((t) => t.raw) };
}
