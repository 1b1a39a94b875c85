// How many chunk ids one deleteChunksById request carries by default, in a module of its own: the
// command line's help quotes it without loading the chunk resource (./chunks.ts).

/** Ids per request unless the caller says (the service's limit is not documented). */
export const DEFAULT_DELETE_BATCH = 100;
