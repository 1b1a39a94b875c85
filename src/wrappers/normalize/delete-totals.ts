// The answer of Delete chunks by id: its totals from `Data` whatever the case of the `Status`
// and `Data` keys (discrepancy delete-chunks-status-case), and `notFoundChunkIds` when the
// service's revision sends it (discrepancy delete-chunks-not-found-ids).
import { UnexpectedResponseError } from "../../kernel/errors.js";
import { definedOnly, isRecord, nonNegativeCount, text, type JsonRecord } from "../../kernel/records.js";

export interface DeleteTotals {
  /** The status text (`Success` in the sample), read from `Status`, `status` or any other case. */
  status?: string | undefined;
  totalRequested: number;
  totalDeleted: number;
  totalNotFound: number;
  /** The requested ids that did not exist, when the service said (an earlier revision does not). */
  notFoundChunkIds?: string[] | undefined;
  raw: unknown;
}

const TOTAL_KEYS = ["totalRequested", "totalDeleted", "totalNotFound"] as const;

export function normalizeDeleteTotals(raw: unknown): DeleteTotals {
  if (!isRecord(raw)) throw new UnexpectedResponseError("expected the delete-chunks result (a JSON object)", raw);
  const data = anyCase(raw, "Data", isRecord);
  if (data === undefined) throw new UnexpectedResponseError("delete-chunks result has no Data object", raw);

  const totals = {} as Record<(typeof TOTAL_KEYS)[number], number>;
  for (const key of TOTAL_KEYS) {
    const count = nonNegativeCount(data[key]);
    if (count === undefined) throw new UnexpectedResponseError(`delete-chunks result has no Data.${key} count (a non-negative integer)`, raw);
    totals[key] = count;
  }
  const ids = data.notFoundChunkIds;
  const notFoundChunkIds = Array.isArray(ids) && ids.every((id) => typeof id === "string") ? [...ids] : undefined;
  return { ...definedOnly({ status: text(anyCase(raw, "status", isText)), notFoundChunkIds }), ...totals, raw };
}

/** The totals of several batches as one: counts summed, ids joined only when every batch listed them. */
export function sumDeleteTotals(batches: DeleteTotals[]): DeleteTotals {
  const sum = (key: (typeof TOTAL_KEYS)[number]) => batches.reduce((n, t) => n + t[key], 0);
  const everyListed = batches.every((t) => t.notFoundChunkIds !== undefined);
  const last = batches[batches.length - 1];
  return {
    ...definedOnly({ status: last?.status, notFoundChunkIds: everyListed ? batches.flatMap((t) => t.notFoundChunkIds ?? []) : undefined }),
    totalRequested: sum("totalRequested"),
    totalDeleted: sum("totalDeleted"),
    totalNotFound: sum("totalNotFound"),
    raw: batches.map((t) => t.raw),
  };
}

function isText(value: unknown): value is string {
  return text(value) !== undefined;
}

/**
 * The value under `name` in any letter case; the document's own spelling wins, then the
 * all-lower-case one, then any other, so a body carrying two spellings reads predictably.
 */
function anyCase<T>(record: JsonRecord, name: string, accept: (value: unknown) => value is T): T | undefined {
  const lower = name.toLowerCase();
  const keys = [name, lower, ...Object.keys(record).filter((key) => key.toLowerCase() === lower)];
  for (const key of keys) {
    const value = record[key];
    if (Object.hasOwn(record, key) && accept(value)) return value;
  }
  return undefined;
}
