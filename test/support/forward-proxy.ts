// A forward proxy on 127.0.0.1 for the tests, as a corporate proxy behaves: an absolute-form
// request (`GET http://host/path`) is forwarded, a CONNECT opens a tunnel, and with `credentials`
// set anything without the matching Proxy-Authorization gets 407. It records what it was asked,
// so a test can tell that a request went through it (or did not).
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { connect, type AddressInfo, type Socket } from "node:net";

export interface ProxyVisit {
  method: string;
  /** `http://host:port/path` for a forwarded request, `host:port` for a CONNECT. */
  target: string;
  proxyAuthorization: string | undefined;
}

export interface ForwardProxy {
  url: string;
  visits: ProxyVisit[];
  /** Connections accepted from clients. */
  connections: number;
  close(): Promise<void>;
}

export interface ForwardProxyOptions {
  /** Serve the proxy itself over TLS (an https: proxy). */
  tls?: { cert: string; key: string };
  /** `user:password` the proxy demands (Basic). */
  credentials?: string;
}

export async function startForwardProxy(options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const visits: ProxyVisit[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials === undefined ? undefined : `Basic ${Buffer.from(options.credentials).toString("base64")}`;
  const allowed = (req: IncomingMessage) => expected === undefined || req.headers["proxy-authorization"] === expected;
  const record = (req: IncomingMessage) => visits.push({ method: req.method ?? "", target: req.url ?? "", proxyAuthorization: req.headers["proxy-authorization"] });

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    record(req);
    if (!allowed(req)) return res.writeHead(407, { "proxy-authenticate": 'Basic realm="test"', "content-length": "0" }).end();
    const target = new URL(req.url ?? "");
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };

  const server: Server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, forward) : createHttpServer(forward);
  const onSocket = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  let connections = 0;
  server.on(options.tls ? "secureConnection" : "connection", (socket: Socket) => {
    connections++;
    onSocket(socket);
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
    record(req);
    if (!allowed(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm="test"\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const [host, port] = splitHostPort(req.url ?? "");
    const upstream = connect(port, host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    onSocket(upstream);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? "https" : "http"}://127.0.0.1:${port}`,
    visits,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function splitHostPort(authority: string): [string, number] {
  const at = authority.lastIndexOf(":");
  return [authority.slice(0, at).replace(/^\[|\]$/g, ""), Number(authority.slice(at + 1))];
}
