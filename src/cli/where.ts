// The chunk filter tree as flags: every `--where KEY=VALUE` joins the current group (all must
// match), and `--or` starts a new group (any group may match). Commander reports options in the
// order they were typed through its option events, which is what keeps the groups apart. The
// tree the groups describe is built when the command runs (./filter-tree.ts).
import type { Command } from "commander";
import { chunkFilterRules } from "../generated/chunk-filter-rules.js";
import { UsageError } from "./exit-codes.js";

/** Adds --where and --or to a command, collecting the groups in the order typed. */
export function withWhere(command: Command): { command: Command; groups: () => [string, string][][] } {
  // The group the next --where joins: always the last of `groups`.
  let current: [string, string][] = [];
  const groups = [current];
  command
    // The spec's keys, as the client's CHUNK_FILTER_KEYS holds them, read from the generated rules
    // so that the help loads none of the client's filter checks.
    .option("--where <KEY=VALUE>", `a condition on a chunk field (${chunkFilterRules.leaf.fields.key.enum.join(", ")}); repeat for all of them`)
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
