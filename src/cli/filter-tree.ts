// The filter tree that the --where/--or groups (./where.ts) describe, built when the command runs.
import { and, CHUNK_FILTER_KEYS, eq, or, type ChunkFilterKey, type ChunkFilterNode } from "../wrappers/listing/filters.js";
import { UsageError } from "./exit-codes.js";

/** The filter tree the groups describe, or undefined when no --where was given. */
export function filterTree(groups: [string, string][][]): ChunkFilterNode | undefined {
  const filled = groups.filter((g) => g.length > 0);
  if (filled.length === 0) {
    if (groups.length > 1) throw new UsageError("--or must be followed by at least one --where");
    return undefined;
  }
  if (groups.at(-1)?.length === 0) throw new UsageError("--or must be followed by at least one --where");
  // Each group is non-empty (checked above), as and() and or() require.
  type Some<T> = [T, ...T[]];
  const leaves = filled.map(
    (group) =>
      group.map(([key, value]) => {
        if (!(CHUNK_FILTER_KEYS as readonly string[]).includes(key)) throw new UsageError(`--where ${key}: not a chunk field (known: ${CHUNK_FILTER_KEYS.join(", ")})`);
        return eq(key as ChunkFilterKey, value);
      }) as Some<ChunkFilterNode>,
  );
  const [first] = leaves;
  return leaves.length === 1 && first !== undefined ? and(...first) : or(...(leaves.map((group) => and(...group)) as Some<ChunkFilterNode>));
}
