/** Calls `onGone` once when this process's parent (or the grandparent behind a shell parent) has exited. Returns a function that stops watching. */
export declare function watchAncestors(onGone: () => void): () => void;
