// Search-index chunks: list across pages with a filter tree, update, delete by ids in batches.
import type { components } from "../../generated/platform.js";
import { ChunkDeletionError, ValidationError } from "../../kernel/errors.js";
import { checkOptions, REQUEST_OPTION_KEYS, type RequestOptions, signalOf } from "../call-options.js";
import { integerIn, nonBlank, optionKeys } from "../../kernel/option-check.js";
import { toFilterTree, type ChunkFilterNode } from "../listing/filters.js";
import { requestIdOf } from "../http/request-id.js";
import { DEFAULT_DELETE_BATCH } from "./delete-batch.js";
import { paginate, type PageData, type PagedList } from "../listing/pagination.js";
import { normalizeChunk, type NormalizedChunk } from "../normalize/chunks.js";
import { normalizeDeleteTotals, sumDeleteTotals, type DeleteTotals } from "../normalize/delete-totals.js";
import type { PlatformApi } from "../request/platform-api.js";

export type UpdateChunkRequest = components["schemas"]["UpdateChunkRequest"];
export type ChunkUpdated = components["schemas"]["ChunkUpdated"];

export interface ListChunksOptions extends RequestOptions {
  /** A filter tree (see and, or, eq); a lone condition is wrapped in `and`. */
  filters?: ChunkFilterNode | undefined;
  /** Defaults to true when filters are given, as the document says true applies them. */
  enableFilters?: boolean | undefined;
  /** Start after this cursor instead of at the first page. */
  startCursor?: string | undefined;
}

export interface DeleteChunksOptions extends RequestOptions {
  /** Ids per request. The service's limit is not documented. */
  batchSize?: number | undefined;
}

const LIST_KEYS = optionKeys<ListChunksOptions>({ filters: true, enableFilters: true, startCursor: true, signal: true });
const DELETE_KEYS = optionKeys<DeleteChunksOptions>({ batchSize: true, signal: true });

export function chunksApi(platform: PlatformApi) {
  const { api, data } = platform;
  // As the request path quotes it in errors: through the redactor, like every string it hands out.
  const redactedRequestId = (response: Response) => {
    const id = requestIdOf(response.headers);
    return id === undefined ? undefined : platform.redactor.text(id);
  };
  return {
    /**
     * Awaitable (the first page) and async-iterable (every chunk, page after page). A misspelled
     * option (`filter` for `filters`) is refused: listing the whole index instead could feed a
     * delete that removes everything.
     */
    list(botId: string, options?: ListChunksOptions): PagedList<NormalizedChunk> {
      const { filters, enableFilters, signal, startCursor } = checkOptions(options, LIST_KEYS, "listChunks");
      // An empty cursor would be falsy, and the listing would silently start from the first page.
      const cursorIssues = nonBlank("startCursor", startCursor);
      if (cursorIssues.length > 0) throw new ValidationError(cursorIssues, "listChunks");
      const apply = enableFilters ?? (filters === undefined ? undefined : true);
      const base = { ...(filters === undefined ? {} : { filters: toFilterTree(filters) }), ...(apply === undefined ? {} : { enableFilters: apply }) };
      const fetchPage = async (cursor: string | undefined, pageSignal?: AbortSignal): Promise<PageData<NormalizedChunk>> => {
        const body = cursor ? { ...base, nextCursor: cursor } : base;
        const result = await api.POST("/api/public/bot/{botId}/chunk/list", { params: { path: { botId } }, body, ...signalOf(pageSignal ?? signal) });
        const page = data(result);
        return {
          requestId: redactedRequestId(result.response),
          items: (page.chunks ?? []).map(normalizeChunk),
          hasMore: page.hasMore === true,
          nextCursor: page.nextCursor ?? null,
          prevCursor: page.prevCursor ?? null,
          raw: page,
        };
      };
      return paginate(fetchPage, { signal, ...(startCursor !== undefined ? { startCursor } : {}) }, platform.redactor);
    },

    async update(botId: string, chunkId: string, fields: UpdateChunkRequest, options?: RequestOptions): Promise<ChunkUpdated> {
      const { signal } = checkOptions(options, REQUEST_OPTION_KEYS, "updateChunk");
      return data(await api.POST("/api/public/bot/{botId}/chunk/{chunkId}", { params: { path: { botId, chunkId } }, body: fields, ...signalOf(signal) }));
    },

    /**
     * Deletes in batches and sums the totals; ids that do not exist count in totalNotFound. When a
     * batch fails, ChunkDeletionError carries the totals of the batches already applied and the
     * ids not yet sent, so a caller can finish the job without deleting anything twice.
     */
    async delete(botId: string, chunkIds: string[], options?: DeleteChunksOptions): Promise<DeleteTotals> {
      const { batchSize = DEFAULT_DELETE_BATCH, signal } = checkOptions(options, DELETE_KEYS, "deleteChunksById");
      const sizeIssues = integerIn("batchSize", batchSize, 1);
      if (sizeIssues.length > 0) throw new ValidationError(sizeIssues, "deleteChunksById");
      if (!Array.isArray(chunkIds) || chunkIds.length === 0) {
        throw new ValidationError([{ field: "chunkId", rule: "minItems", message: "chunkId must list at least one chunk id" }], "deleteChunksById");
      }
      return deleteInBatches(platform, botId, chunkIds, batchSize, signal);
    },
  };
}

async function deleteInBatches(
  platform: PlatformApi,
  botId: string,
  chunkIds: string[],
  batchSize: number,
  signal: AbortSignal | undefined,
): Promise<DeleteTotals> {
  const { api, data } = platform;
  // The whole list is checked before the first batch is sent, so a bad id late in the list
  // sends nothing and is named by its own index.
  await platform.precheck("deleteChunksById", { path: { botId }, body: { chunkId: chunkIds } });
  const applied: DeleteTotals[] = [];
  for (let start = 0; start < chunkIds.length; start += batchSize) {
    const chunkId = chunkIds.slice(start, start + batchSize);
    try {
      const result = await api.POST("/api/public/bot/{botId}/search/deleteChunksById", { params: { path: { botId } }, body: { chunkId }, ...signalOf(signal) });
      applied.push(normalizeDeleteTotals(data(result)));
    } catch (error) {
      if (applied.length === 0) throw error;
      throw new ChunkDeletionError(sumDeleteTotals(applied), chunkIds.slice(start), { cause: error });
    }
  }
  return sumDeleteTotals(applied);
}
