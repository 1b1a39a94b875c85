// platform chunks: list (every page, streamed in the chosen format), update and delete, with the
// filter tree as --where/--or flags. Deleting asks first, or shows with --dry-run what it would
// delete.
import { Command, Option } from "commander";
import type { UpdateChunkRequest } from "../../index.js";
import { DEFAULT_DELETE_BATCH } from "../../wrappers/resources/chunks.js";
import { withClient } from "../action.js";
import { mergeBody, readBodyFile } from "../bodies.js";
import { parsePositiveInteger } from "../durations.js";
import { UsageError } from "../exit-codes.js";
import { printListing, printResult, printable } from "../output/print.js";
import { confirm } from "../prompt/confirm.js";
import { bindOption, specArgument, specOption } from "../spec-flags.js";
import { filterTree, withWhere } from "../where.js";

const TABLE = { columns: ["chunkId", "sourceName", "pageNumber", "recordTitle"], empty: "no chunks" };

export function chunksCommand(): Command {
  const group = new Command("chunks").description("the chunks of a search index (application)");

  const startCursor = bindOption(new Option("--start-cursor <cursor>", "start after this cursor instead of at the first page"), { operationId: "listChunks", in: "body", name: "nextCursor" });
  const list = withWhere(
    group
      .command("list")
      .addArgument(specArgument("<appId>", "the application (search index) id, e.g. st-…", { operationId: "listChunks", in: "path", name: "botId" }))
      .description("list chunks, every page (listChunks)")
      .option("--limit <n>", "stop after this many chunks", parsePositiveInteger)
      .addOption(startCursor),
  );
  list.command
    .addHelpText(
      "after",
      "\nExamples:\n  platform chunks list st-0a1b2c3d --where sourceName=handbook.pdf -o jsonl\n  platform chunks list st-0a1b2c3d --where sourceName=a.pdf --where recordTitle=Travel --or --where sourceName=b.pdf",
    )
    .action(
      withClient(["listChunks"], async (context, options: { limit?: number; startCursor?: string }, appId: string) => {
        const filters = filterTree(list.groups());
        const chunks = context.client.chunks.list(appId, {
          ...(filters ? { filters } : {}),
          ...(options.startCursor ? { startCursor: options.startCursor } : {}),
          signal: context.signal,
        });
        // Each chunk is printed as its page arrives: a reader sees the first before the last page is fetched.
        await printListing(context.out, chunks, TABLE, { ...(options.limit !== undefined ? { limit: options.limit } : {}), map: printable });
      }),
    );

  const field = <N extends "chunkText" | "chunkTitle" | "recordTitle">(name: N) => ({ operationId: "updateChunk", in: "body", name }) as const;
  const update = {
    text: specOption("--text <text>", "chunkText", field("chunkText")),
    title: specOption("--title <title>", "chunkTitle", field("chunkTitle")),
    recordTitle: specOption("--record-title <title>", "recordTitle", field("recordTitle")),
  };
  group
    .command("update")
    .addArgument(specArgument("<appId>", "st-…", { operationId: "updateChunk", in: "path", name: "botId" }))
    .addArgument(specArgument("<chunkId>", "chk-…", { operationId: "updateChunk", in: "path", name: "chunkId" }))
    .description("change fields of one chunk (updateChunk)")
    .option("--file <path>", "the JSON body, or - for stdin")
    .addOption(update.text.option)
    .addOption(update.title.option)
    .addOption(update.recordTitle.option)
    .addHelpText("after", "\nExample:\n  platform chunks update st-0a1b2c3d chk-5f2a9c3e --title 'Travel policy (2026)'")
    .action(
      withClient(["updateChunk"], async (context, options: { file?: string }, appId: string, chunkId: string) => {
        const fields = mergeBody(await readBodyFile(options.file), {
          chunkText: update.text.read(options),
          chunkTitle: update.title.read(options),
          recordTitle: update.recordTitle.read(options),
        });
        if (Object.keys(fields).length === 0) throw new UsageError("chunks update: give --file or at least one of --text, --title, --record-title");
        await printResult(context.out, await context.client.chunks.update(appId, chunkId, fields as UpdateChunkRequest, { signal: context.signal }));
      }),
    );

  const remove = withWhere(
    group
      .command("delete")
      .addArgument(specArgument("<appId>", "st-…", { operationId: "deleteChunksById", in: "path", name: "botId" }))
      .addArgument(specArgument("[chunkIds...]", "chk-… ids; or select them with --where", { operationId: "deleteChunksById", in: "body", name: "chunkId" }))
      .description("delete chunks by id or by filter, in batches (deleteChunksById)")
      .option("--dry-run", "print the ids that would be deleted, and delete nothing")
      .option("--yes", "do not ask (needed without a terminal)")
      .option("--batch-size <n>", `ids per request (default ${DEFAULT_DELETE_BATCH})`, parsePositiveInteger),
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
          const ids =
            filters === undefined ? chunkIds : (await context.client.chunks.list(appId, { filters, signal: context.signal }).toArray()).map((c) => c.chunkId);
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
        },
      ),
    );

  return group;
}
