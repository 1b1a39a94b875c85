// The `./mock` entry where there is no Node (the "browser" condition: a web app's bundle, a
// worker): the in-process stateful mock alone, with nothing on its path that needs a Node
// module. Node, Deno and Bun get ./start-mock.ts, which has the same createStatefulMock, whose
// listen() can open a socket, and startMock.
import { buildStatefulMock, type InProcessMock, type InProcessMockOptions } from "./stateful/in-process.js";

export type { InProcessMock, InProcessMockOptions, ListenOptions } from "./stateful/in-process.js";
export type { FaultRule, FaultKind } from "./stateful/scenarios/faults.js";
export type { CorsOrigins } from "./stateful/http/cors.js";
export type { ExistingEntities, JobTiming, LoggedRequest, MockStateSummary } from "./stateful/server.js";

/**
 * The stateful mock in this process: no port, no socket. Give its `fetch` and `url` to the
 * client; its scenario methods are the HTTP mock's. Here listen() is refused: a page has no server socket.
 */
export function createStatefulMock(options?: InProcessMockOptions): InProcessMock {
  return buildStatefulMock(options, async () => {
    throw new Error("listen() needs a runtime with Node's HTTP server (Node, Deno, Bun); in this one, use the mock's fetch or handle()");
  });
}
