// A read-only file server for the built docs on localhost. Only files under the root are served
// (after resolving symlinks), no listings, GET and HEAD only.
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".json": "application/json",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

// The file a request path names, or undefined when it is not a file inside root.
async function fileFor(root, pathname, index) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const candidate = decoded === "/" ? index : resolve(root, `.${decoded}`);
  try {
    const real = await realpath(candidate);
    if (!real.startsWith(root + sep)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

function send(response, status, text) {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(`${text}\n`);
}

/** Serves `root` on host:port (0 picks one); `/` serves `index`. Resolves to { url, close() }. */
export async function serveDirectory({ root, index, host = "127.0.0.1", port = 0 }) {
  const realRoot = await realpath(root);
  const server = createServer(async (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("allow", "GET, HEAD");
      return send(response, 405, "method not allowed");
    }
    const { pathname } = new URL(request.url, "http://localhost");
    const file = await fileFor(realRoot, pathname, index);
    if (!file) return send(response, 404, "not found");
    response.writeHead(200, {
      "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
      "x-content-type-options": "nosniff",
    });
    if (request.method === "HEAD") return response.end();
    createReadStream(file).on("error", () => response.destroy()).pipe(response);
  });
  await new Promise((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolveListen);
  });
  const { port: actualPort } = server.address();
  return {
    url: `http://${host}:${actualPort}/`,
    // Idle keep-alive connections would otherwise hold close() open.
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}
