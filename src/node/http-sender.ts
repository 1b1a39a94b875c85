// The Node entry's sender: node:http(s) over keep-alive agents. A call costs about half of what
// it costs through fetch, whose Request, Headers and Response objects weigh more than a small
// JSON round trip on loopback; and a Blob body (a file chunk) goes to the socket piece by piece
// as it is read, with backpressure, so a chunk is never held whole.
import { once } from "node:events";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isBodySource, NULL_BODY_STATUS, type BodySource, type HeaderReader, type Incoming, type Sender } from "../wrappers/http/sender.js";

export function httpSender(): Sender {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return async (outgoing, signal) => {
    signal.throwIfAborted();
    const url = new URL(outgoing.url);
    const secure = url.protocol === "https:";
    const { body } = outgoing;
    const headers: Record<string, string> = { ...outgoing.headers };
    if (body !== undefined) {
      headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body instanceof Blob || isBodySource(body) ? body.size : body.byteLength);
      if (body instanceof Blob && body.type && headers["content-type"] === undefined) headers["content-type"] = body.type;
    }
    return new Promise<Incoming>((resolve, reject) => {
      const send = secure ? httpsRequest : httpRequest;
      const req = send(url, { method: outgoing.method, headers, agent: secure ? agents.https : agents.http, signal }, (res) => {
        const pieces: Buffer[] = [];
        res.on("data", (piece: Buffer) => pieces.push(piece));
        res.on("error", reject);
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const empty = NULL_BODY_STATUS.has(status) || outgoing.method === "HEAD";
          resolve({ status, statusText: res.statusMessage ?? "", headers: headerReader(res), body: empty ? null : Buffer.concat(pieces) });
        });
        // A body cut short ends in "close" without "end": the attempt failed, it did not succeed.
        res.on("close", () => {
          if (!res.complete) reject(Object.assign(new Error("the connection closed before the response body ended"), { code: "ECONNRESET" }));
        });
      });
      req.on("error", reject);
      if (body === undefined) req.end();
      else if (typeof body === "string") req.end(body);
      else if (body instanceof Blob) streamPieces(blobPieces(body), req).catch((error: unknown) => req.destroy(error as Error));
      else if (isBodySource(body)) streamPieces(body.open(), req).catch((error: unknown) => req.destroy(error as Error));
      else req.end(body);
    });
  };
}

async function* blobPieces(blob: Blob): AsyncIterable<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

async function streamPieces(pieces: AsyncIterable<Uint8Array>, req: ReturnType<typeof httpRequest>): Promise<void> {
  for await (const piece of pieces) if (!req.write(piece)) await once(req, "drain");
  req.end();
}

export type { BodySource };

function headerReader(res: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = res.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    forEach(callback) {
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) callback(Array.isArray(value) ? value.join(", ") : value, name);
    },
  };
}
