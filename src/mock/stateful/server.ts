// The stateful mock over HTTP: one node:http server in the caller's process, a thin adapter over
// the web-standard core (./core.ts), as Hono's Node server is over app.fetch. Each incoming
// request becomes the part of a Fetch API Request the core reads (./http/incoming.ts), its body
// streamed from the socket as the core reads it (an upload of any size is never held), and the
// core's answer is written back; a reset-connection fault tears the socket down. None of it
// loads Prism.
//
// No Request, Headers or Response is built on this path (a dripped answer aside): the first of
// them loads Node's fetch implementation, some 1.8 MiB of heap that lifted the mock's old
// generation past V8's 8 MiB threshold for incremental marking. Past it, a long upload's socket
// buffers were promoted and waited for mark-compacts, and the young generation grew: peak RSS
// through a 1 GiB import 105-117 MiB against 89-98 for 64 MiB (1.12-1.19x). Without them, and
// with the multipart reader taking the socket's pieces directly: 94-96 against 84-92 (medians
// 1.05x and 1.08x in two benchmark runs), as before the core was web-standard (94 against 91).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createMockState, MockCore, type MockState, type MockStateSummary } from "./core.js";
import { type IncomingRequest, mapHeaders } from "./http/incoming.js";
import { toIncoming, toResponse, type Reply } from "./http/send.js";
import { resolveOptions, type ExistingEntities, type ResolvedOptions, type StatefulMockOptions } from "./options.js";
import type { FaultRule } from "./scenarios/faults.js";
import type { LoggedRequest } from "./scenarios/request-log.js";
import type { JobTiming } from "./state/jobs.js";

export type { StatefulMockOptions, FaultRule, LoggedRequest, JobTiming, ExistingEntities, MockStateSummary };

/** Where the server listens: the options' port and host, checked. */
export interface ListenAddress {
  port: number;
  host: string;
}

export class StatefulMock extends MockCore {
  /** This process: the stateful mock runs inside it. */
  readonly pid = process.pid;
  url = "";
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    shared: MockState | ResolvedOptions,
    private readonly address: ListenAddress = shared as ResolvedOptions,
  ) {
    super("log" in shared ? shared : createMockState(shared));
    this.server = createServer((request, response) => void this.serveSocket(request, response));
    this.server.keepAliveTimeout = 5_000;
    // A connection idle this long is closed: one that never sends a request would otherwise stay
    // open for the mock's life. Long enough for a drip fault's slowest gaps.
    this.server.setTimeout(IDLE_MS, (socket) => socket.destroy());
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<this> {
    const { port, host } = this.address;
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "EADDRINUSE" ? portInUse(port, host) : error));
      this.server.listen(port, host, () => resolve());
    });
    const bound = (this.server.address() as AddressInfo).port;
    this.url = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`;
    return this;
  }

  /** Closes the server and every open connection; resolves once nothing listens. */
  async stop(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private async serveSocket(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const method = incoming.method ?? "GET";
    // The methods a Request may not carry (CONNECT, TRACE, TRACK) still reach the router, which refuses them.
    const carried = FORBIDDEN_METHODS.has(method.toUpperCase()) ? "GET" : method;
    const reply = await this.reply(toRequest(incoming, carried, this.url), { target: incoming.url ?? "/", method });
    if (reply === "reset") {
      incoming.socket.destroy();
      outgoing.destroy();
      return;
    }
    if (reply.dripMs) await writeResponse(toResponse(reply), outgoing);
    else writeReply(reply, method, outgoing);
  }
}

const IDLE_MS = 120_000;
const BODYLESS = new Set(["GET", "HEAD"]);
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Whether the request line's headers announce a body (a length above 0, or chunks). */
function announcesBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers["content-length"];
  return length !== undefined ? Number(length) > 0 : incoming.headers["transfer-encoding"] !== undefined;
}

/**
 * The incoming request as the core reads it. Its body is pulled from the socket piece by piece
 * as the core reads it, with the socket's own back-pressure: a body the core stops reading (a
 * refused upload) is not read further, and its answer closes the connection. `pieces` is the
 * same body without a stream around each piece, for the multipart reader. A GET or HEAD carries
 * no body, as in a Request; Node discards one after the answer, as it would anyway.
 */
function toRequest(incoming: IncomingMessage, method: string, base: string): IncomingRequest {
  // Names in lower case, a repeated one's values joined with ", ", as Headers keeps them.
  const headers = new Map<string, string>();
  // rawHeaders is name, value, name, value...: each item after a name is that name's value.
  let name: string | undefined;
  for (const item of incoming.rawHeaders) {
    if (name === undefined) name = item.toLowerCase();
    else {
      const earlier = headers.get(name);
      headers.set(name, earlier === undefined ? item : `${earlier}, ${item}`);
      name = undefined;
    }
  }
  const lookup = mapHeaders(headers);
  const url = `${base}/`;
  if (BODYLESS.has(method.toUpperCase()) || !announcesBody(incoming)) return { method, url, headers: lookup, body: null, bodyUsed: false };
  const iterator = incoming.iterator({ destroyOnReturn: false });
  // Either view read at all is the body used, as a Request's is once its stream is read.
  let used = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        used = true;
        const { done, value } = await iterator.next();
        if (done) return controller.close();
        const piece = value as Buffer;
        controller.enqueue(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength));
      },
    },
    { highWaterMark: 0 },
  );
  const pieces: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      used = true;
      return iterator as AsyncIterator<Uint8Array>;
    },
  };
  return {
    method,
    url,
    headers: lookup,
    body,
    pieces,
    get bodyUsed() {
      return used;
    },
  };
}

/** Writes the core's answer as handle() would make it a Response: the same status, headers and bytes. */
function writeReply(reply: Reply, method: string, outgoing: ServerResponse): void {
  if (outgoing.destroyed) return;
  const answer = toIncoming(reply, method);
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(answer.status, headers);
  outgoing.end(answer.body ?? undefined);
}

/** Writes the core's Response: status and headers at once, then the body as it comes (a dripped one over its time). */
async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  if (outgoing.destroyed) return void response.body?.cancel();
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void outgoing.end();
  const reader = response.body.getReader();
  // The client gone: the rest of the body (a drip's timer) is stopped.
  const onClose = () => void reader.cancel().catch(() => {});
  outgoing.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!outgoing.destroyed) outgoing.write(value);
    }
    outgoing.end();
  } catch {
    outgoing.destroy();
  } finally {
    outgoing.off("close", onClose);
  }
}

/** The error a taken port gives: one sentence, with the code and port for a caller that names its own setting. */
function portInUse(port: number, host: string): Error {
  return Object.assign(new Error(`port ${port} on ${host} is in use`), { code: "EADDRINUSE", port, host });
}

/** Starts a stateful mock in this process; resolves once it listens. */
export async function startStatefulMock(options: StatefulMockOptions = {}): Promise<StatefulMock> {
  return new StatefulMock(resolveOptions(options)).listen();
}
