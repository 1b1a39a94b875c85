// The chunk fields a filter condition may compare, in a module of their own: the command line's
// --where help names them without loading the filter checks (./filters.ts).
import { chunkFilterRules } from "../../generated/chunk-filter-rules.js";
import type { components } from "../../generated/platform.js";

/** The chunk fields a condition may compare, as the spec enumerates them. */
export const CHUNK_FILTER_KEYS: readonly components["schemas"]["ChunkFilterLeaf"]["key"][] = Object.freeze([...chunkFilterRules.leaf.fields.key.enum]);
