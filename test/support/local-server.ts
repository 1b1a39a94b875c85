// A node:http(s) server on 127.0.0.1 whose handler a test swaps, counting the connections it
// accepts (keep-alive tests) and destroying them all on close.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, type ServerOptions as HttpsOptions } from "node:https";
import type { AddressInfo, Socket } from "node:net";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LocalServer {
  url: string;
  port: number;
  handler: Handler;
  /** Connections accepted since the last reset. */
  connections: number;
  close(): Promise<void>;
}

export async function startLocalServer(tls?: HttpsOptions): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const state: LocalServer = {
    url: "",
    port: 0,
    handler: (_req, res) => res.end(),
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => state.handler(req, res);
  const server: Server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  server.on(tls ? "secureConnection" : "connection", (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // A TLS handshake that fails never becomes a secureConnection; its socket still needs closing.
  if (tls) server.on("tlsClientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `${tls ? "https" : "http"}://127.0.0.1:${state.port}`;
  return state;
}

/** The whole request body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of req) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}
