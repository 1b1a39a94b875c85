// The heap reproduction of issue 35: `calls` getConnection calls on the Node entry, each with
// its own AbortSignal.any([app.signal, AbortSignal.timeout(…)]) as a server would make per
// request, against a local server in this process; then the same calls with native fetch and the
// same signals, as the baseline. Prints the heap each left behind once collected, as JSON.
// Run with node --expose-gc --import tsx; argv[2] is the number of calls (default 40,000).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPlatformClient } from "../../../src/node.js";

const calls = Number(process.argv[2] ?? 40_000);
const CONNECTION_ID = "cn-7d2f9c1e-4b3a-4f6d-8e2a-1c9b5d7e3f10";
const record = JSON.stringify({ connectionId: CONNECTION_ID, connectionName: "bench", provider: "PROVIDER_ONE", status: "ACTIVE", fields: { API_KEY: "sk-****1234" } });
const gc = (globalThis as { gc?: () => void }).gc!;

const server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(record));
await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const app = new AbortController();
// Long enough never to fire during the run: the signals must be let go of because the calls
// ended, not because their timeouts did.
const perCall = () => AbortSignal.any([app.signal, AbortSignal.timeout(600_000)]);

async function retainedBy(run: (signal: AbortSignal) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await run(perCall());
  gc();
  const before = process.memoryUsage().heapUsed;
  const lanes = 8;
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    for (let i = lane; i < calls; i += lanes) await run(perCall());
  }));
  gc();
  await new Promise((settled) => setImmediate(settled));
  gc();
  return process.memoryUsage().heapUsed - before;
}

const client = createPlatformClient({ baseUrl: url, apiKey: "sk-retention-0123456789" });
const clientBytes = await retainedBy((signal) => client.connections.get(CONNECTION_ID, { signal }));
const fetchBytes = await retainedBy(async (signal) => (await fetch(`${url}/api/public/connections/${CONNECTION_ID}`, { signal })).json());
console.log(JSON.stringify({ calls, clientBytes, fetchBytes }));
server.close();
server.closeAllConnections();
process.exit(0);
