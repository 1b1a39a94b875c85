// The chunk filter tree as flags: every `--where KEY=VALUE` joins the current group (all must
// match), and `--or` starts a new group (any group may match). Commander reports options in the
// order they were typed through its option events, which is what keeps the groups apart.
import type { Command } from "commander";
import { and, CHUNK_FILTER_KEYS, eq, or, type ChunkFilterKey, type ChunkFilterNode } from "../wrappers/listing/filters.js";
import { UsageError } from "./exit-codes.js";

/** Adds --where and --or to a command, collecting the groups in the order typed. */
export function withWhere(command: Command): { command: Command; groups: () => [string, string][][] } {
  // The group the next --where joins: always the last of `groups`.
  let current: [string, string][] = [];
  const groups = [current];
  command
    .option("--where <KEY=VALUE>", `a condition on a chunk field (${CHUNK_FILTER_KEYS.join(", ")}); repeat for all of them`)
    .option("--or", "start another group of --where conditions; a chunk matching any group is selected")
    .on("option:where", (pair: string) => {
      const at = pair.indexOf("=");
      if (at <= 0) throw new UsageError(`--where must be KEY=VALUE (got no "=" or an empty KEY)`);
      current.push([pair.slice(0, at), pair.slice(at + 1)]);
    })
    .on("option:or", () => {
      if (current.length === 0) throw new UsageError("--or must follow at least one --where");
      current = [];
      groups.push(current);
    });
  return { command, groups: () => groups };
}

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
