// The work of `platform chunks` (../commands/chunks.ts), loaded when one of its commands runs:
// the listing streamed as its pages arrive, the update, the delete asked for or shown first.
import type { UpdateChunkRequest } from "../../index.js";
import type { Context } from "../context.js";
import { mergeBody, readBodyFile } from "../bodies.js";
import { UsageError } from "../exit-codes.js";
import { filterTree } from "../filter-tree.js";
import { printListing, printResult, printable } from "../output/print.js";
import { confirm } from "../prompt/confirm.js";

const TABLE = { columns: ["chunkId", "sourceName", "pageNumber", "recordTitle"], empty: "no chunks" };

/** The --where/--or groups in the order typed (../where.ts). */
type WhereGroups = [string, string][][];

export async function list(context: Context, appId: string, groups: WhereGroups, options: { limit?: number; startCursor?: string }): Promise<void> {
  const filters = filterTree(groups);
  const chunks = context.client.chunks.list(appId, {
    ...(filters ? { filters } : {}),
    ...(options.startCursor ? { startCursor: options.startCursor } : {}),
    signal: context.signal,
  });
  // Each chunk is printed as its page arrives: a reader sees the first before the last page is fetched.
  await printListing(context.out, chunks, TABLE, { ...(options.limit !== undefined ? { limit: options.limit } : {}), map: printable });
}

/** The chunk's new fields: --file's, then each flag given. */
export async function update(context: Context, appId: string, chunkId: string, file: string | undefined, given: Record<string, unknown>): Promise<void> {
  const fields = mergeBody(await readBodyFile(file), given);
  if (Object.keys(fields).length === 0) throw new UsageError("chunks update: give --file or at least one of --text, --title, --record-title");
  await printResult(context.out, await context.client.chunks.update(appId, chunkId, fields as UpdateChunkRequest, { signal: context.signal }));
}

export async function remove(
  context: Context,
  appId: string,
  chunkIds: string[],
  groups: WhereGroups,
  options: { dryRun?: boolean; yes?: boolean; batchSize?: number },
): Promise<void> {
  const filters = filterTree(groups);
  if (filters !== undefined && chunkIds.length > 0) throw new UsageError("chunks delete: give chunk ids or --where, not both");
  if (filters === undefined && chunkIds.length === 0) throw new UsageError("chunks delete: give the chunk ids, or select them with --where");
  const ids = filters === undefined ? chunkIds : (await context.client.chunks.list(appId, { filters, signal: context.signal }).toArray()).map((c) => c.chunkId);
  if (options.dryRun) {
    await printResult(context.out, { dryRun: true, appId, chunkIds: ids }, () => (ids.length === 0 ? ["nothing to delete"] : [`would delete ${ids.length} chunk(s):`, ...ids]));
    return;
  }
  if (ids.length === 0) {
    await printResult(context.out, { totalRequested: 0, totalDeleted: 0, totalNotFound: 0 }, () => ["no chunk matches; nothing deleted"]);
    return;
  }
  await confirm(`delete ${ids.length} chunk(s) from ${appId}`, options, context.signal);
  const totals = await context.client.chunks.delete(appId, ids, {
    signal: context.signal,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
  await printResult(context.out, printable(totals));
}
