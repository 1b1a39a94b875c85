// Between Prism and the environment when the validating proxy records drift: every answer of the
// environment passes through here as it came (its own status and body) before Prism sees it, and
// is handed to `onAnswer` to be checked against the spec. Prism then validates it as before (and
// turns it into a 500 when it breaks the spec), which would hide the status and the types the
// environment really sent. Bodies stream through untouched; a copy is kept only of the answers
// `wants` asks for, up to a bound, so downloads and large answers cost nothing extra.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { endToEnd, listenLocally, pipeRequest } from "./pass-through.mjs";

// The largest answer body checked; a larger one is passed on unchecked and reported as such.
const MAX_CHECKED_BYTES = 8 * 1024 * 1024;

// What a body's content-encoding needs to become text again (the bytes passed on stay as they came).
/**
 * @param {Buffer} bytes
 * @param {string | undefined} encoding
 */
function decoded(bytes, encoding) {
  switch ((encoding ?? "identity").toLowerCase()) {
    case "identity":
      return bytes;
    case "gzip":
    case "x-gzip":
      return gunzipSync(bytes, { maxOutputLength: MAX_CHECKED_BYTES });
    case "deflate":
      return inflateSync(bytes, { maxOutputLength: MAX_CHECKED_BYTES });
    case "br":
      return brotliDecompressSync(bytes, { maxOutputLength: MAX_CHECKED_BYTES });
    default:
      throw new Error(`content-encoding ${encoding} is not one the proxy reads`);
  }
}

/**
 * Listens on 127.0.0.1 (a free port) and forwards everything to `upstream` (an origin).
 * `wants(method, path)` says whether an answer is to be checked; `onAnswer({ method, path, status,
 * body })` then gets its status and body text (null when the status has none), or `skipped` with
 * the reason it could not be read.
 * @param {{ upstream: string, wants: (method: string, path: string) => boolean, onAnswer: (answer: { method: string, path: string, status: number,
 *   body?: string | null, skipped?: string }) => void, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startAnswerTap({ upstream, wants, onAnswer, log = console.log }) {
  const origin = new URL(upstream);
  const send = origin.protocol === "https:" ? httpsRequest : httpRequest;
  return listenLocally((req, res) => {
    const method = req.method ?? "GET";
    const path = String((req.url ?? "/").split("?")[0]);
    const headers = { ...endToEnd(req.headers), host: origin.host };
    const forward = send(new URL(req.url ?? "/", origin), { method, headers }, (answer) => {
      answer.on("error", () => res.destroy());
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
      if (!wants(method, path)) return;
      const status = answer.statusCode ?? 0;
      /** @type {Buffer[]} */
      const pieces = [];
      let size = 0;
      answer.on("data", (chunk) => {
        size += chunk.length;
        if (size <= MAX_CHECKED_BYTES) pieces.push(chunk);
      });
      answer.on("end", () => {
        if (method === "HEAD" || [101, 204, 205, 304].includes(status)) return onAnswer({ method, path, status, body: null });
        if (size > MAX_CHECKED_BYTES) return onAnswer({ method, path, status, skipped: `a body over ${MAX_CHECKED_BYTES} bytes` });
        let body;
        try {
          body = decoded(Buffer.concat(pieces), answer.headers["content-encoding"]).toString("utf8");
        } catch (error) {
          return onAnswer({ method, path, status, skipped: /** @type {Error} */ (error).message });
        }
        onAnswer({ method, path, status, body });
      });
    });
    pipeRequest(req, res, forward, (error) => log(`[proxy] ${method} ${path}: the environment is unreachable: ${error.message}`));
  });
}
