// A read-only file server for the built docs on localhost. Only files under the root are served
// (after resolving symlinks), no listings, GET and HEAD only; only regular files (a FIFO or a
// device under the root is not served), a request it cannot parse gets 400, and idle
// connections are closed.
import { realpath, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, resolve, sep } from "node:path";
import { openRegularFile } from "../../src/node/regular-file.js";
import { portInUse } from "./serve.mjs";

// How long a connection may sit idle, and a request take to arrive: a local docs server has no
// slow clients to wait for.
const IDLE_MS = 30_000;
const HEADERS_MS = 10_000;

/** @type {Record<string, string>} */
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".json": "application/json",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
};

// What a request path names inside root: { file }, { redirect } for a folder asked without its
// trailing slash (its page's relative links resolve against the folder only with it), or
// undefined. A folder (`/guides/`) serves its index.html, so every page opens from the address
// a reader would type.
/**
 * @param {string} root
 * @param {string} pathname
 * @param {string | undefined} index
 */
async function lookUp(root, pathname, index) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const inside = (/** @type {string} */ path) => path === root || path.startsWith(root + sep);
  try {
    let real = await realpath(decoded === "/" && index ? index : resolve(root, `.${decoded}`));
    if (!inside(real)) return undefined;
    if ((await stat(real)).isDirectory()) {
      // One leading slash: "//name" in a Location header would name another host.
      if (!pathname.endsWith("/")) return { redirect: `/${pathname.replace(/^\/+/, "")}/` };
      real = await realpath(resolve(real, "index.html"));
      if (!inside(real)) return undefined;
    }
    return (await stat(real)).isFile() ? { file: real } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {import("node:http").ServerResponse} response
 * @param {number} status
 * @param {string} text
 */
function send(response, status, text) {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(`${text}\n`);
}

/**
 * Serves `root` on host:port (0 picks one); `/` serves `index` (default: root's index.html), a
 * folder its index.html. Resolves to { url, close() }; a taken port rejects with code EADDRINUSE.
 * `idleMs` bounds how long a connection may sit idle (30 s by default).
 * @param {{ root: string, index?: string, host?: string, port?: number, idleMs?: number }} options
 */
export async function serveDirectory({ root, index, host = "127.0.0.1", port = 0, idleMs = IDLE_MS }) {
  const realRoot = await realpath(root);
  const handle = async (/** @type {import("node:http").IncomingMessage} */ request, /** @type {import("node:http").ServerResponse} */ response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("allow", "GET, HEAD");
      return send(response, 405, "method not allowed");
    }
    // The target is a path: parsed as one, "//host" is not taken for an authority, and a
    // target no URL can hold ("//[") is a bad request, not a crash.
    let url;
    try {
      url = new URL(`http://localhost/${(request.url ?? "").replace(/^\/+/, "")}`);
    } catch {
      return send(response, 400, "bad request target");
    }
    const found = await lookUp(realRoot, url.pathname, index);
    if (!found) return send(response, 404, "not found");
    if (found.redirect) return void response.writeHead(301, { location: `${found.redirect}${url.search}` }).end();
    const { file } = found;
    if (file === undefined) return send(response, 404, "not found");
    // Checked on the handle it is read from: what the path names now, not what stat saw.
    const opened = await openRegularFile(file, { what: "the page" }).catch(() => undefined);
    if (!opened) return send(response, 404, "not found");
    response.writeHead(200, {
      "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
      "content-length": opened.size,
      "x-content-type-options": "nosniff",
    });
    if (request.method === "HEAD") {
      await opened.handle.close();
      return response.end();
    }
    opened.handle.createReadStream().on("error", () => response.destroy()).pipe(response);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, "internal error");
      else response.destroy();
    });
  });
  server.keepAliveTimeout = Math.min(5_000, idleMs);
  server.headersTimeout = Math.min(HEADERS_MS, idleMs);
  server.requestTimeout = idleMs;
  server.setTimeout(idleMs, (socket) => socket.destroy());
  await new Promise((resolveListen, reject) => {
    server.once("error", (/** @type {NodeJS.ErrnoException} */ error) => reject(error.code === "EADDRINUSE" ? portInUse(port, host) : error));
    server.listen(port, host, () => resolveListen(undefined));
  });
  const { port: actualPort } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${actualPort}/`,
    // Idle keep-alive connections would otherwise hold close() open.
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose(undefined));
        server.closeAllConnections();
      }),
  };
}
