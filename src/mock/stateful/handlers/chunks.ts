// Chunks: list with the filter tree and keyset cursors, update, delete by ids with the three
// counters and the ids not found.
import { serviceError } from "../contract/problems.js";
import { pathParam, type Handler } from "../context.js";
import { decodeCursor, encodeCursor, filterDigest } from "../state/chunk-cursors.js";
import { matches, type FilterGroup } from "../state/chunk-filter.js";

interface ListRequest {
  filters?: FilterGroup | undefined;
  enableFilters?: boolean | undefined;
  nextCursor?: string | undefined;
  prevCursor?: string | undefined;
}

export const listChunks: Handler = (context, call) => {
  const request = (call.body ?? {}) as ListRequest;
  // The document: `enableFilters` true applies `filters`; without it every chunk is listed.
  const filters = request.enableFilters === true ? request.filters : undefined;
  const digest = filterDigest(filters);
  const all = context.chunks.of(pathParam(call, "botId")).filter((entry) => !filters || matches(entry.chunk, filters));
  const size = context.settings.chunkPageSize;

  const cursor = request.nextCursor ?? request.prevCursor;
  let start = 0;
  if (cursor !== undefined) {
    const position = decodeCursor(cursor, digest);
    if ("error" in position) return serviceError(call.operationId, 400, `${request.nextCursor !== undefined ? "nextCursor" : "prevCursor"} ${position.error}`);
    if (position.direction === "after") {
      const at = all.findIndex((entry) => entry.seq > position.at);
      start = at === -1 ? all.length : at;
    } else {
      const end = all.findIndex((entry) => entry.seq >= position.at);
      start = Math.max(0, (end === -1 ? all.length : end) - size);
    }
  }
  const page = all.slice(start, start + size);
  const hasMore = start + page.length < all.length;
  const last = page.at(-1);
  const first = page[0];
  return {
    status: 200,
    body: {
      count: page.length,
      chunks: page.map((entry) => entry.chunk),
      hasMore,
      inOffsetPagination: false,
      nextCursor: hasMore && last ? encodeCursor({ direction: "after", at: last.seq }, digest) : null,
      prevCursor: start > 0 && first ? encodeCursor({ direction: "before", at: first.seq }, digest) : null,
    },
  };
};

const UPDATABLE = ["chunkText", "chunkTitle", "pageNumber", "recordTitle", "recordUrl", "sourceUrl", "chunkMeta"] as const;

export const updateChunk: Handler = (context, call) => {
  const chunk = context.chunks.find(pathParam(call, "botId"), pathParam(call, "chunkId"));
  if (!chunk) return serviceError(call.operationId, 404, "Resource not found");
  const request = call.body as Record<string, unknown>;
  for (const key of UPDATABLE) {
    if (request[key] === undefined) continue; // the document: a missing parameter keeps its value
    // The update sample sends pageNumber as a digit string; the chunk keeps the integer.
    chunk[key] = key === "pageNumber" ? Number(request[key]) : structuredClone(request[key]);
  }
  chunk.chunkContent = `${String(chunk.chunkTitle ?? "")}: ${String(chunk.chunkText ?? "")}`;
  return {
    status: 200,
    body: { indexPipelineId: context.id("ip-"), status_code: 200, status_msg: "Updated successfully", updated_documents: 1 },
  };
};

export const deleteChunksById: Handler = (context, call) => {
  const ids = [...new Set((call.body as { chunkId: string[] }).chunkId)];
  const { deleted, notFound } = context.chunks.delete(pathParam(call, "botId"), ids);
  return {
    status: 200,
    body: { Status: "Success", Data: { totalRequested: ids.length, totalDeleted: deleted.length, totalNotFound: notFound.length, notFoundChunkIds: notFound } },
  };
};
