// Loads ../long-running.ts: the waiter, the upload engine and the batched delete.
export const loadLongRunning = () => import("../long-running.js");
