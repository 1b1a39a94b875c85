// What the validating proxy's two pass-throughs (the violation log in front of Prism, the answer
// tap behind it) share: which headers cross a hop, how a request's body follows the client and
// how each listens on 127.0.0.1.
import { createServer } from "node:http";

const HOST = "127.0.0.1";
// Connection-level headers describe one hop, so they are not passed on (RFC 9110, 7.6.1);
// Node sets its own framing on each side.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

/**
 * The headers of one hop without the hop-by-hop ones.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @returns {import("node:http").OutgoingHttpHeaders}
 */
export function endToEnd(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * Streams the client's request into `forward`; an unreachable next hop is a 502 with one log
 * line, and a client that goes away mid-call abandons the forwarded call too.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {import("node:http").ClientRequest} forward
 * @param {(error: Error) => void} onUnreachable
 */
export function pipeRequest(req, res, forward, onUnreachable) {
  let clientGone = false;
  forward.on("error", (error) => {
    if (clientGone) return; // abandoned below: nobody to answer
    onUnreachable(error);
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end();
  });
  req.on("error", () => forward.destroy());
  res.on("close", () => {
    if (res.writableFinished) return;
    clientGone = true;
    forward.destroy();
  });
  req.pipe(forward);
}

/**
 * Serves `handler` on 127.0.0.1:`port` (0: any free port).
 * @param {import("node:http").RequestListener} handler
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function listenLocally(handler, port = 0) {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => {
      const { port: bound } = /** @type {import("node:net").AddressInfo} */ (server.address());
      const close = () =>
        new Promise((done) => {
          server.close(() => done(undefined));
          // Keep-alive connections would otherwise hold close() open until they time out.
          server.closeAllConnections();
        });
      resolve({ url: `http://${HOST}:${bound}`, close });
    });
  });
}
