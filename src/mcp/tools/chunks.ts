// The chunks of an application's search index: one page of a listing per call (the answer stays
// small, and `nextCursor` fetches the next), an update, and a delete that needs consent.
import type { UpdateChunkRequest } from "../../index.js";
import { CONFIRM_ARGUMENT, requireConsent } from "../consent.js";
import { withoutRaw } from "../results.js";
import { bodyField, bodyFieldNames, definitionsOf, parameter, type BodyField } from "../schemas.js";
import { defineTool, given, server, spec, specFields } from "../tool.js";

// Every field the spec lets an update change, each an argument of its own.
type UpdateField = BodyField<"updateChunk">;
const UPDATE_FIELDS = bodyFieldNames("updateChunk");

export const listChunks = defineTool({
  name: "list_chunks",
  title: "List chunks, one page",
  description:
    "One page of the chunks of an application's search index, optionally filtered by a tree of conditions. When more follow, the answer carries nextCursor: call again with it (and the same filters) for the next page.",
  effect: "read",
  arguments: {
    botId: spec(parameter("listChunks", "botId"), true),
    filters: spec(bodyField("listChunks", "filters", "Conditions on the chunks' fields, combined with `and`/`or`; applied unless enableFilters is false.")),
    enableFilters: spec(bodyField("listChunks", "enableFilters")),
    nextCursor: spec(bodyField("listChunks", "nextCursor")),
  },
  defs: definitionsOf("listChunks"),
  async run(args, call) {
    const { botId, filters, enableFilters, nextCursor: cursor } = args;
    call.precheck("listChunks", {
      path: { botId },
      body: {
        ...(filters ? { filters } : {}),
        ...(enableFilters !== undefined ? { enableFilters } : {}),
        ...(cursor !== undefined ? { nextCursor: cursor } : {}),
      },
    });
    // Awaiting the listing fetches one page, from the cursor when one is given.
    const page = await call.client.chunks.list(botId, {
      ...(filters ? { filters } : {}),
      ...(enableFilters !== undefined ? { enableFilters } : {}),
      ...(cursor !== undefined ? { startCursor: cursor } : {}),
      signal: call.signal,
    });
    const nextCursor = page.hasMore && page.nextCursor ? page.nextCursor : null;
    const more = nextCursor ? `; more follow: call list_chunks again with nextCursor ${nextCursor}` : "; that is the last page";
    return { summary: `${page.items.length} chunk(s) of ${botId}${more}`, content: { chunks: page.items.map(withoutRaw), hasMore: nextCursor !== null, nextCursor } };
  },
});

export const updateChunk = defineTool({
  name: "update_chunk",
  title: "Update a chunk",
  description: "Changes fields of one chunk; a field left out keeps its value.",
  effect: "write",
  arguments: {
    botId: spec(parameter("updateChunk", "botId"), true),
    chunkId: spec(parameter("updateChunk", "chunkId"), true),
    ...specFields<UpdateChunkRequest, UpdateField>(UPDATE_FIELDS, (field) => bodyField("updateChunk", field)),
  },
  async run(args, call) {
    const { botId, chunkId } = args;
    const fields: UpdateChunkRequest = given<UpdateChunkRequest, UpdateField>(args, UPDATE_FIELDS);
    call.precheck("updateChunk", { path: { botId, chunkId }, body: fields });
    const updated = await call.client.chunks.update(botId, chunkId, fields, { signal: call.signal });
    return { summary: `updated chunk ${chunkId} of ${botId} (${Object.keys(fields).join(", ")})`, content: { ...updated } };
  },
});

export const deleteChunks = defineTool({
  name: "delete_chunks",
  title: "Delete chunks",
  description: "Deletes chunks of an application's search index by id; ids that do not exist are counted as not found. Needs confirm: true; without it, says what it would delete and sends nothing.",
  effect: "destroy",
  arguments: {
    botId: spec(parameter("deleteChunksById", "botId"), true),
    chunkId: spec(bodyField("deleteChunksById", "chunkId"), true),
    confirm: server(CONFIRM_ARGUMENT),
  },
  async run(args, call) {
    const { botId, chunkId: chunkIds } = args;
    call.precheck("deleteChunksById", { path: { botId }, body: { chunkId: chunkIds } });
    requireConsent(args.confirm, "delete_chunks", { action: `delete ${chunkIds.length} chunk(s) from ${botId}`, botId, chunkId: chunkIds });
    const totals = await call.client.chunks.delete(botId, chunkIds, { signal: call.signal });
    return { summary: `deleted ${totals.totalDeleted} of ${totals.totalRequested} chunk(s) from ${botId}; ${totals.totalNotFound} not found`, content: { ...withoutRaw(totals) } };
  },
});
