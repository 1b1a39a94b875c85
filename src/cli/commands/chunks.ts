// platform chunks: list (every page, streamed as JSON Lines with --json), update and delete, with
// the filter tree as --where/--or flags. Deleting asks first, or shows with --dry-run what it
// would delete.
import { Command } from "commander";
import type { UpdateChunkRequest } from "../../index.js";
import { withClient } from "../action.js";
import { mergeBody, readBodyFile } from "../bodies.js";
import { confirm } from "../confirm.js";
import { parsePositiveInteger } from "../durations.js";
import { UsageError } from "../exit-codes.js";
import { formatTable, note, printItem, printResult, printable } from "../output.js";
import { filterTree, withWhere } from "../where.js";

const CHUNK_COLUMNS = ["chunkId", "sourceName", "pageNumber", "recordTitle"];

export function chunksCommand(): Command {
  const group = new Command("chunks").description("the chunks of a search index (application)");

  const list = withWhere(
    group
      .command("list")
      .argument("<appId>", "the application (search index) id, e.g. st-…")
      .description("list chunks, every page (listChunks)")
      .option("--limit <n>", "stop after this many chunks", parsePositiveInteger)
      .option("--start-cursor <cursor>", "start after this cursor instead of at the first page"),
  );
  list.command
    .addHelpText("after", "\nExamples:\n  platform chunks list st-0a1b2c3d --where sourceName=handbook.pdf --json\n  platform chunks list st-0a1b2c3d --where sourceName=a.pdf --where recordTitle=Travel --or --where sourceName=b.pdf")
    .action(
      withClient(["listChunks"], async (context, options: { limit?: number; startCursor?: string }, appId: string) => {
        const filters = filterTree(list.groups());
        const chunks = context.client.chunks.list(appId, { ...(filters ? { filters } : {}), ...(options.startCursor ? { startCursor: options.startCursor } : {}), signal: context.signal });
        const rows: Record<string, unknown>[] = [];
        let count = 0;
        for await (const chunk of chunks) {
          if (options.limit !== undefined && count >= options.limit) break;
          count += 1;
          // JSON Lines as each page arrives: a reader sees the first chunks before the last page.
          if (context.json) printItem(printable(chunk));
          else rows.push(printable(chunk));
        }
        if (!context.json) printResult(context, rows, () => (rows.length === 0 ? "no chunks" : formatTable(rows, CHUNK_COLUMNS)));
      }),
    );

  group
    .command("update")
    .argument("<appId>", "st-…")
    .argument("<chunkId>", "chk-…")
    .description("change fields of one chunk (updateChunk)")
    .option("--file <path>", "the JSON body, or - for stdin")
    .option("--text <text>", "chunkText")
    .option("--title <title>", "chunkTitle")
    .option("--record-title <title>", "recordTitle")
    .addHelpText("after", "\nExample:\n  platform chunks update st-0a1b2c3d chk-5f2a9c3e --title 'Travel policy (2026)'")
    .action(
      withClient(["updateChunk"], async (context, options: { file?: string; text?: string; title?: string; recordTitle?: string }, appId: string, chunkId: string) => {
        const fields = mergeBody(await readBodyFile(options.file), { chunkText: options.text, chunkTitle: options.title, recordTitle: options.recordTitle });
        if (Object.keys(fields).length === 0) throw new UsageError("chunks update: give --file or at least one of --text, --title, --record-title");
        printResult(context, await context.client.chunks.update(appId, chunkId, fields as UpdateChunkRequest, { signal: context.signal }));
      }),
    );

  const remove = withWhere(
    group
      .command("delete")
      .argument("<appId>", "st-…")
      .argument("[chunkIds...]", "chk-… ids; or select them with --where")
      .description("delete chunks by id or by filter, in batches (deleteChunksById)")
      .option("--dry-run", "print the ids that would be deleted, and delete nothing")
      .option("--yes", "do not ask (needed without a terminal)")
      .option("--batch-size <n>", "ids per request (default 100)", parsePositiveInteger),
  );
  remove.command
    .addHelpText("after", "\nExamples:\n  platform chunks delete st-0a1b2c3d chk-5f2a9c3e chk-77aa0b1c --yes\n  platform chunks delete st-0a1b2c3d --where sourceName=old.pdf --dry-run")
    .action(
      withClient(
        (options: { where?: string }) => (options.where !== undefined ? ["listChunks", "deleteChunksById"] : ["deleteChunksById"]),
        async (context, options: { where?: string; dryRun?: boolean; yes?: boolean; batchSize?: number }, appId: string, chunkIds: string[]) => {
          const filters = filterTree(remove.groups());
          if (filters !== undefined && chunkIds.length > 0) throw new UsageError("chunks delete: give chunk ids or --where, not both");
          if (filters === undefined && chunkIds.length === 0) throw new UsageError("chunks delete: give the chunk ids, or select them with --where");
          const ids = filters === undefined ? chunkIds : (await context.client.chunks.list(appId, { filters, signal: context.signal }).toArray()).map((c) => c.chunkId);
          if (options.dryRun) {
            printResult(context, { dryRun: true, appId, chunkIds: ids }, () => (ids.length === 0 ? "nothing to delete" : `would delete ${ids.length} chunk(s):\n${ids.join("\n")}`));
            return;
          }
          if (ids.length === 0) {
            printResult(context, { totalRequested: 0, totalDeleted: 0, totalNotFound: 0 }, () => "no chunk matches; nothing deleted");
            return;
          }
          if (!(await confirm(`delete ${ids.length} chunk(s) from ${appId}`, options))) {
            note("nothing deleted");
            return;
          }
          const totals = await context.client.chunks.delete(appId, ids, { signal: context.signal, ...(options.batchSize ? { batchSize: options.batchSize } : {}) });
          printResult(context, printable(totals));
        },
      ),
    );

  return group;
}
