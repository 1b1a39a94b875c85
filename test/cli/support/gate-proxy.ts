// A forwarding proxy that holds one chosen chunk upload and never passes it on, so a test can
// kill the command line at a known point: every chunk before it has reached the mock, that one
// and every later one have not.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const CHUNK_UPLOAD = /^\/api\/public\/files\/session\/(?!start$)[^/]+$/;

export interface GateProxy {
  url: string;
  /** Resolves when the held upload has arrived. */
  held: Promise<void>;
  stop(): Promise<void>;
}

export async function startGateProxy(target: string, holdUpload: number): Promise<GateProxy> {
  const upstream = new URL(target);
  let uploads = 0;
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "POST" && CHUNK_UPLOAD.test(req.url ?? "")) {
      uploads += 1;
      if (uploads === holdUpload) {
        // Swallow the body and answer nothing: the request stays in flight until its client dies.
        req.resume();
        arrived();
        return;
      }
    }
    const out = forward({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
