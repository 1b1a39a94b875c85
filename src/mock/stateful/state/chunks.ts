// The chunks of each application's search index. Every application (botId) starts from the seed
// set (the caller's fixture, or a small default) and gets its own copy when it first changes, so
// tests of two apps never see each other's deletions, and reads of any number of apps cost
// nothing. Chunks keep their seed order; each has a sequence number for cursors.
import { ValidationError, type ValidationIssue } from "../../../kernel/errors.js";
import { isRecord } from "../../../kernel/records.js";
import { nodeBuiltin } from "../portable/node-builtin.js";
import { DEFAULT_CHUNKS } from "./default-chunks.js";

export type Chunk = Record<string, unknown> & { chunkId: string };

interface Indexed {
  seq: number;
  chunk: Chunk;
}

/**
 * Parses a fixture: a JSON array of chunks, or JSONL (one chunk per line). Every line that is not
 * JSON and every chunk that is wrong is an issue of one ValidationError.
 */
export function parseChunkFixture(text: string, origin: string): Chunk[] {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    let records: unknown;
    try {
      records = JSON.parse(trimmed);
    } catch (error) {
      throw new ValidationError([{ field: origin, rule: "json", message: `${origin} is not JSON (${(error as Error).message})` }]);
    }
    return normaliseChunks(records as unknown[], (i) => `${origin}: chunk ${i}`);
  }
  const issues: ValidationIssue[] = [];
  const records = trimmed
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown;
      } catch (error) {
        issues.push({ field: `${origin}: line ${i + 1}`, rule: "json", message: `${origin}: line ${i + 1} is not JSON (${(error as Error).message})` });
        return undefined;
      }
    });
  if (issues.length > 0) throw new ValidationError(issues);
  return normaliseChunks(records, (i) => `${origin}: chunk ${i}`);
}

/** The chunks as the mock stores them, or one ValidationError naming every chunk that is wrong. */
export function normaliseChunks(records: readonly unknown[], where: (index: number) => string): Chunk[] {
  const issues: ValidationIssue[] = [];
  const chunks: Chunk[] = [];
  records.forEach((record, i) => {
    const normalised = normaliseChunk(record, where(i));
    if ("issue" in normalised) issues.push(normalised.issue);
    else chunks.push(normalised.chunk);
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return chunks;
}

/** A chunk as the mock stores it: `chunkId` required and `chk-` prefixed, `_id` equal to it. */
function normaliseChunk(record: unknown, where: string): { chunk: Chunk } | { issue: ValidationIssue } {
  if (!isRecord(record)) return { issue: { field: where, rule: "type", message: `${where} is not an object` } };
  const id = record.chunkId ?? record._id;
  if (typeof id !== "string" || !/^chk-\S+$/.test(id)) {
    return { issue: { field: `${where}.chunkId`, rule: "pattern", message: `${where}: chunkId must be a string starting with chk- (got ${JSON.stringify(id)})` } };
  }
  return { chunk: { ...record, _id: id, chunkId: id } };
}

/** The seed chunks: the default set, the caller's chunks, or a JSON or JSONL fixture file. */
export function loadChunkFixture(source: string | readonly unknown[] | undefined): Chunk[] {
  if (source === undefined) return normaliseChunks(DEFAULT_CHUNKS, (i) => `default chunk ${i}`);
  if (Array.isArray(source)) return normaliseChunks(source, (i) => `chunks[${i}]`);
  if (typeof source !== "string") throw new ValidationError([{ field: "chunks", rule: "type", message: "chunks must be a file path or an array of chunks" }]);
  const fs = nodeBuiltin<{ readFileSync(path: string, encoding: "utf8"): string }>("node:fs");
  if (!fs) {
    throw new ValidationError([
      { field: "chunks", rule: "runtime", message: `chunks: a fixture file (${source}) needs a runtime that reads files (Node, Deno, Bun); pass the chunks themselves instead` },
    ]);
  }
  return parseChunkFixture(fs.readFileSync(source, "utf8"), source);
}

export class ChunkStore {
  /** Apps whose chunks changed (an update or a delete), each with its own copy of the seed. */
  private readonly apps = new Map<string, Indexed[]>();
  private seed: Indexed[] = [];

  constructor(seed: Chunk[]) {
    this.reseed(seed);
  }

  /**
   * The app's chunks in order. An app never changed reads the seed itself, so reading the chunks
   * of any number of apps stores nothing.
   */
  of(botId: string): readonly Indexed[] {
    return this.apps.get(botId) ?? this.seed;
  }

  /** The chunk to update, in the app's own copy (made now if the app had none). */
  find(botId: string, chunkId: string): Chunk | undefined {
    if (!this.of(botId).some((entry) => entry.chunk.chunkId === chunkId)) return undefined;
    return this.own(botId).find((entry) => entry.chunk.chunkId === chunkId)?.chunk;
  }

  /** Deletes what exists; returns the ids that did not. */
  delete(botId: string, chunkIds: readonly string[]): { deleted: string[]; notFound: string[] } {
    const wanted = new Set(chunkIds);
    const deleted = this.of(botId).filter((entry) => wanted.has(entry.chunk.chunkId)).map((entry) => entry.chunk.chunkId);
    if (deleted.length > 0) this.apps.set(botId, this.own(botId).filter((entry) => !wanted.has(entry.chunk.chunkId)));
    const gone = new Set(deleted);
    return { deleted, notFound: [...wanted].filter((id) => !gone.has(id)) };
  }

  /** Replaces the seed every app starts from; every app starts over from it. */
  reseed(seed: Chunk[]): void {
    this.seed = seed.map((chunk, seq) => ({ seq, chunk: structuredClone(chunk) }));
    this.apps.clear();
  }

  clear(): void {
    this.apps.clear();
  }

  private own(botId: string): Indexed[] {
    let chunks = this.apps.get(botId);
    if (!chunks) {
      chunks = this.seed.map(({ seq, chunk }) => ({ seq, chunk: structuredClone(chunk) }));
      this.apps.set(botId, chunks);
    }
    return chunks;
  }
}
