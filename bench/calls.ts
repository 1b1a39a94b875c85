// Per-call overhead: `calls` sequential getConnection calls over one keep-alive loopback
// connection, through the full client (credential per operation, request validation, retry
// layer and per-attempt timeout on) against a plain fetch loop that sends the same request
// (same headers) and parses the same JSON. The client is the Node entry's, as a Node program
// gets it; the portable entry (over fetch, as in a browser) is measured beside it for the
// record. All run in this process, warmed up, rotating which goes first in each repetition,
// against a server in another process.
import { createPlatformClient as createPortableClient } from "../src/index.js";
import { createPlatformClient } from "../src/node.js";
import { API_KEY, options, runMain, startServer } from "./lib/child.js";

export interface CallsOptions {
  calls: number;
  repetitions: number;
  warmup: number;
}

export interface CallsResult {
  calls: number;
  /** Microseconds per call, one figure per repetition. */
  clientUs: number[];
  /** The portable entry, over the global fetch. */
  portableUs: number[];
  fetchUs: number[];
}

const CONNECTION_ID = "cn-00000000-0000-4000-8000-000000000001";

runMain(async (): Promise<CallsResult> => {
  const o = options<CallsOptions>();
  const server = await startServer();
  try {
    const client = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY });
    const portable = createPortableClient({ baseUrl: server.url, apiKey: API_KEY });
    const url = `${server.url}/api/public/connections/${CONNECTION_ID}`;
    // The headers the client sends: its credential and its User-Agent.
    const headers = { "x-api-key": API_KEY, "user-agent": "platform-management-client" };
    let sink = 0;

    const viaClient = async (n: number) => {
      for (let i = 0; i < n; i++) sink += (await client.connections.get(CONNECTION_ID)).connectionName.length;
    };
    const viaPortable = async (n: number) => {
      for (let i = 0; i < n; i++) sink += (await portable.connections.get(CONNECTION_ID)).connectionName.length;
    };
    const viaFetch = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error(`getConnection answered ${res.status}`);
        sink += ((await res.json()) as { connectionName: string }).connectionName.length;
      }
    };
    const time = async (run: (n: number) => Promise<void>) => {
      const started = performance.now();
      await run(o.calls);
      return ((performance.now() - started) * 1000) / o.calls;
    };

    const runs = [viaClient, viaPortable, viaFetch];
    const us: number[][] = runs.map(() => []);
    for (const run of runs) await run(o.warmup);
    for (let rep = 0; rep < o.repetitions; rep++) {
      for (let i = 0; i < runs.length; i++) {
        const which = (i + rep) % runs.length;
        us[which]!.push(await time(runs[which]!));
      }
    }
    if (sink === 0) throw new Error("no call returned a connection");
    return { calls: o.calls, clientUs: us[0]!, portableUs: us[1]!, fetchUs: us[2]! };
  } finally {
    await server.close();
  }
});
