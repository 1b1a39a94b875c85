// What the rule families' finders are handed and what they give back, declared once for every
// family: the two sides and their schema comparer, the direction a schema is judged in, and a
// record placed in the part of an operation it was found in.
import type { ChangeRecord } from "../changes.mjs";
import type { Side } from "../document.mjs";
import type { createSchemaComparer } from "../schema/compare.mjs";
import type { SideViews } from "../schema/view.mjs";

/** What the client sends (a request) or reads (a response): the rules judge a change by it. */
export type Direction = "request" | "response";

/** What a finder of an operation's parts reads: both sides, their schema views, and the walk over two schemas. */
export type FinderContext = {
  base: Side;
  head: Side;
  views: SideViews;
  schemas: ReturnType<typeof createSchemaComparer>;
};

/** A record with the part of the operation (or document) it was found in: `request body`, `response 200`. */
export type PlacedRecord = ChangeRecord & { where: string };
