// The bounds a server's --max-wait / maxWaitSeconds may take, in a module of their own: the
// command line's help quotes the default without loading the server's time bound (./bound.ts).

/** The server's default bound: under the SDK client's 60 s request timeout, the shortest common one. */
export const DEFAULT_MAX_WAIT_SECONDS = 50;
/** The longest bound a server may be given: an hour. */
export const MAX_WAIT_SECONDS_LIMIT = 3600;
