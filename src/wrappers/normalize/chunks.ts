// A chunk of the search index, with `pageNumber` as a number whatever the service sent (the
// update sample sends a string; discrepancy page-number-type) and its id from `chunkId` or `_id`.
import type { components } from "../../generated/platform.js";
import { UnexpectedResponseError } from "../../kernel/errors.js";
import { firstText, isRecord, normalizePageNumber } from "../../kernel/records.js";

export type NormalizedChunk = Omit<components["schemas"]["Chunk"], "pageNumber"> & {
  /** Always a number; absent when the service sent nothing numeric. */
  pageNumber?: number | undefined;
  raw: unknown;
};

export function normalizeChunk(raw: unknown): NormalizedChunk {
  if (!isRecord(raw)) throw new UnexpectedResponseError("expected a chunk (a JSON object)", raw);
  const chunkId = firstText(raw.chunkId, raw._id);
  if (chunkId === undefined) throw new UnexpectedResponseError("chunk has no id: neither chunkId nor _id is a non-empty string", raw);

  // A plain copy loop: a listing normalises every chunk of every page, and object rest and
  // spread cost several times more here (see bench/results.md, pagination).
  const chunk: Record<string, unknown> = {};
  for (const key in raw) if (key !== "pageNumber" && Object.hasOwn(raw, key)) chunk[key] = raw[key];
  chunk.chunkId = chunkId;
  const pageNumber = normalizePageNumber(raw.pageNumber);
  if (pageNumber !== undefined) chunk.pageNumber = pageNumber;
  chunk.raw = raw;
  return chunk as NormalizedChunk;
}
