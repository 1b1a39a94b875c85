// A forwarding proxy that holds one chosen chunk upload and never passes it on, so a test can
// kill the command line at a known point: every chunk before it has reached the mock, that one
// and every later one have not.
import { request as forward } from "node:http";
import { startLocalServer } from "../../support/local-server.js";

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
  const server = await startLocalServer();
  server.handler = (req, res) => {
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
  };
  return { url: server.url, held, stop: () => server.close() };
}
