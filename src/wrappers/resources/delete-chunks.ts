// Delete chunks by id, in batches: the code behind chunks.delete, loaded on the first delete
// (../long-running.ts).
import { ChunkDeletionError } from "../errors.js";
import { normalizeDeleteTotals, sumDeleteTotals, type DeleteTotals } from "../normalize/delete-totals.js";
import type { PlatformApi } from "../request/platform-api.js";

export async function deleteInBatches(platform: PlatformApi, botId: string, chunkIds: string[], batchSize: number, signal: AbortSignal | undefined): Promise<DeleteTotals> {
  const { api, data } = platform;
  // The whole list is checked before the first batch is sent, so a bad id late in the list
  // sends nothing and is named by its own index.
  await platform.precheck("deleteChunksById", { path: { botId }, body: { chunkId: chunkIds } });
  const applied: DeleteTotals[] = [];
  for (let start = 0; start < chunkIds.length; start += batchSize) {
    const chunkId = chunkIds.slice(start, start + batchSize);
    try {
      const result = await api.POST("/api/public/bot/{botId}/search/deleteChunksById", { params: { path: { botId } }, body: { chunkId }, signal });
      applied.push(normalizeDeleteTotals(data(result)));
    } catch (error) {
      if (applied.length === 0) throw error;
      throw new ChunkDeletionError(sumDeleteTotals(applied), chunkIds.slice(start), { cause: error });
    }
  }
  return sumDeleteTotals(applied);
}
