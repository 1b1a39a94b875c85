// platform chunks: list (every page, streamed in the chosen format), update and delete, with the
// filter tree as --where/--or flags. Deleting asks first, or shows with --dry-run what it would
// delete.
import { Command, Option } from "commander";
import { DEFAULT_DELETE_BATCH } from "../../wrappers/resources/delete-batch.js";
import { withClient } from "../action.js";
import { parsePositiveInteger } from "../durations.js";
import { bindOption, specArgument, specOption } from "../spec-flags.js";
import { withWhere } from "../where.js";

// The commands' work, loaded when one of them runs: help and completion only define them.
const work = () => import("../actions/chunks.js");

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
        await (await work()).list(context, appId, list.groups(), options);
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
        const given = { chunkText: update.text.read(options), chunkTitle: update.title.read(options), recordTitle: update.recordTitle.read(options) };
        await (await work()).update(context, appId, chunkId, options.file, given);
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
          await (await work()).remove(context, appId, chunkIds, remove.groups(), options);
        },
      ),
    );

  return group;
}
