// The benchmarks' local server (node:http on 127.0.0.1), run as its own process so that its
// CPU and memory never count against the client being measured. It answers:
//
//   import sink    start session, numbered multipart chunks, complete. Each chunk is parsed
//                  out of its multipart body and hashed in chunk-number order (a chunk that
//                  arrives early is parked until its predecessors are in), so the sha256 of a
//                  session is the sha256 of the file the client read. --latency-ms delays every
//                  chunk answer after the chunk was taken.
//   getConnection  one fixed connection record (x-api-key required); --call-latency-ms delays
//                  each answer, as a real service's own work would.
//   listChunks     --pages pages of --page-size chunks, cursor after cursor (auth required).
//   /__bench/session/<id>   the session's digest, byte and chunk counts, most chunks in flight.
//   /__bench/cpu            this process's CPU time so far (user + system, seconds).
//
// Usage: node server.mjs [--latency-ms=N] [--call-latency-ms=N] [--pages=N] [--page-size=N]. Prints "LISTEN <url>"
// once listening, and exits when its stdin closes, so it never outlives the process that
// started it.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { parseMultipart } from "../../test/support/multipart.js";
import { OrderedHash } from "../../test/support/ordered-hash.js";

const { values } = parseArgs({
  options: {
    "latency-ms": { type: "string", default: "0" },
    "call-latency-ms": { type: "string", default: "0" },
    pages: { type: "string", default: "0" },
    "page-size": { type: "string", default: "100" },
  },
});
const latencyMs = Number(values["latency-ms"]);
const callLatencyMs = Number(values["call-latency-ms"]);
const pageCount = Number(values.pages);
const pageSize = Number(values["page-size"]);

interface Session {
  id: string;
  totalChunks: number;
  fileSize: number;
  reassembly: OrderedHash;
  seen: Set<number>;
  duplicates: number;
  bad: string[];
  inFlight: number;
  maxInFlight: number;
}

const sessions = new Map<string, Session>();

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    let length = 0;
    req.on("data", (piece: Buffer) => {
      pieces.push(piece);
      length += piece.length;
    });
    req.on("end", () => resolve(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, length)));
    req.on("error", reject);
  });
}


function accept(session: Session, chunkNumber: number, data: Buffer): void {
  if (!Number.isInteger(chunkNumber) || chunkNumber < 0 || chunkNumber >= session.totalChunks) {
    session.bad.push(`chunk number ${chunkNumber} out of range`);
    return;
  }
  if (session.seen.has(chunkNumber)) {
    session.duplicates++;
    return;
  }
  session.seen.add(chunkNumber);
  session.reassembly.add(chunkNumber, data);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Holds this (single-threaded) server for `ms`, as a service computing its answer would. Not a
 * timer: a 1 ms setTimeout fires anywhere from about 1 to 2 ms later, on millisecond boundaries,
 * which would quantise the round trip and hide or inflate a client's microseconds.
 */
function work(ms: number): void {
  const until = process.hrtime.bigint() + BigInt(Math.round(ms * 1e6));
  while (process.hrtime.bigint() < until);
}

// Pages of listChunks, rendered once: the benchmark measures the client, not this server.
function chunkRecord(n: number) {
  const id = `chk-${n.toString(16).padStart(8, "0")}`;
  return {
    _id: id,
    chunkId: id,
    chunkTitle: `Section ${n}`,
    chunkText: `Chunk ${n}: ${"lorem ipsum dolor sit amet ".repeat(8)}`,
    chunkType: "text",
    chunkMeta: { lang: "en", order: n },
    sourceType: "file",
    sourceName: `manual-${n % 50}.pdf`,
    sourceId: `fs-${n % 50}`,
    pageNumber: String((n % 300) + 1),
    recordTitle: `Manual ${n % 50}`,
    docId: `fc-${n % 500}`,
    searchIndexId: "sidx-0001",
    createdOn: "2025-01-01T00:00:00.000Z",
  };
}
const pages: Buffer[] = [];
for (let p = 0; p < pageCount; p++) {
  const chunks = Array.from({ length: pageSize }, (_, i) => chunkRecord(p * pageSize + i));
  const last = p === pageCount - 1;
  pages.push(
    Buffer.from(
      JSON.stringify({ count: chunks.length, chunks, hasMore: !last, nextCursor: last ? null : `cur-${p + 1}`, prevCursor: p === 0 ? null : `cur-${p - 1}` }),
    ),
  );
}

const CONNECTION = Buffer.from(
  JSON.stringify({
    connectionId: "cn-00000000-0000-4000-8000-000000000001",
    connectionName: "bench",
    provider: "PROVIDER_ONE",
    model: "model-1",
    status: "ACTIVE",
    createdOn: "2025-01-01T00:00:00.000Z",
    modifiedOn: "2025-01-01T00:00:00.000Z",
    fields: { API_KEY: "sk-****abcd" },
  }),
);

function raw(res: ServerResponse, body: Buffer): void {
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? "/";
  const method = req.method ?? "GET";
  // The id a route's pattern captures, when the request is that route's method and path.
  const idIn = (want: string, pattern: RegExp): string | undefined => (method === want ? pattern.exec(url)?.[1] : undefined);

  if (method === "GET" && /^\/api\/public\/connections\/[^/?]+$/.test(url)) {
    if (!req.headers["x-api-key"]) return json(res, 401, { message: "x-api-key is required" });
    if (callLatencyMs > 0) work(callLatencyMs);
    return raw(res, CONNECTION);
  }
  if (method === "POST" && /^\/api\/public\/bot\/[^/]+\/chunk\/list$/.test(url)) {
    const text = (await readBody(req)).toString("utf8");
    if (!req.headers.auth) return json(res, 401, { message: "auth is required" });
    const cursor = text ? (JSON.parse(text) as { nextCursor?: string }).nextCursor : undefined;
    const index = cursor === undefined ? 0 : Number(/^cur-(\d+)$/.exec(cursor)?.[1] ?? NaN);
    const page = pages[index];
    if (!page) return json(res, 400, { message: `unknown cursor ${cursor}` });
    return raw(res, page);
  }
  if (method === "POST" && url === "/api/public/files/session/start") {
    const start = JSON.parse((await readBody(req)).toString("utf8")) as { totalChunks: number; fileSize: number };
    if (!req.headers["x-api-key"]) return json(res, 401, { message: "x-api-key is required" });
    const id = randomUUID();
    sessions.set(id, {
      id,
      totalChunks: Number(start.totalChunks),
      fileSize: Number(start.fileSize),
      reassembly: new OrderedHash(),
      seen: new Set(),
      duplicates: 0,
      bad: [],
      inFlight: 0,
      maxInFlight: 0,
    });
    return json(res, 200, { sessionId: id, expirationDate: new Date(Date.now() + 3_600_000).toISOString(), modelId: `cm-${id}` });
  }
  const completed = idIn("POST", /^\/api\/public\/files\/session\/([^/]+)\/complete$/);
  if (completed !== undefined) {
    await readBody(req);
    const session = sessions.get(completed);
    if (!session) return json(res, 404, { message: "no such session" });
    const { next } = session.reassembly;
    if (next !== session.totalChunks) return json(res, 409, { message: `${session.totalChunks - next} chunks missing` });
    return json(res, 200, { "dock-statusId": `ds-${session.id}`, modelId: `cm-${session.id}`, jobType: "MODELS", action: "IMPORT", status: "SUCCESS" });
  }
  const chunkFor = idIn("POST", /^\/api\/public\/files\/session\/([^/]+)$/);
  if (chunkFor !== undefined) {
    const session = sessions.get(chunkFor);
    if (!session) {
      await readBody(req);
      return json(res, 404, { message: "no such session" });
    }
    session.inFlight++;
    session.maxInFlight = Math.max(session.maxInFlight, session.inFlight);
    try {
      const body = await readBody(req);
      if (!req.headers["x-api-key"]) return json(res, 401, { message: "x-api-key is required" });
      const parts = parseMultipart(body, String(req.headers["content-type"] ?? ""));
      const file = parts.get("file")?.data;
      const chunkNumber = Number(parts.get("chunkNumber")?.data.toString("utf8"));
      if (!file || !Number.isInteger(chunkNumber)) {
        session.bad.push("a chunk request without file or chunkNumber");
        return json(res, 400, { message: "file and chunkNumber are required" });
      }
      accept(session, chunkNumber, file);
      if (latencyMs > 0) await delay(latencyMs);
      return json(res, 200, { chunkNumber, sessionId: session.id });
    } finally {
      session.inFlight--;
    }
  }
  if (method === "GET" && url === "/__bench/cpu") {
    const { user, system } = process.cpuUsage();
    return json(res, 200, { seconds: (user + system) / 1e6 });
  }
  const inspected = idIn("GET", /^\/__bench\/session\/([^/]+)$/);
  if (inspected !== undefined) {
    const session = sessions.get(inspected);
    if (!session) return json(res, 404, { message: "no such session" });
    return json(res, 200, {
      sha256: session.reassembly.sha256(session.totalChunks) ?? null,
      bytes: session.reassembly.bytes,
      fileSize: session.fileSize,
      chunks: session.seen.size,
      totalChunks: session.totalChunks,
      duplicates: session.duplicates,
      bad: session.bad,
      maxInFlight: session.maxInFlight,
    });
  }
  await readBody(req);
  json(res, 404, { message: `no route ${method} ${url}` });
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (!res.headersSent) json(res, 500, { message: String(error) });
    else res.destroy();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`LISTEN http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});

// The parent holds our stdin: when it goes (normally or not), so do we.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
