// Writing an answer: JSON with its length, or the same bytes dripped over a given time when a
// "slow body" fault is on, so a client's body timeout can be exercised.
import type { ServerResponse } from "node:http";

export interface Outgoing {
  status: number;
  headers?: Record<string, string> | undefined;
  bytes: Buffer;
}

export function toOutgoing(status: number, body: unknown, headers: Record<string, string> = {}): Outgoing {
  const bytes = Buffer.from(JSON.stringify(body));
  return { status, headers: { "content-type": "application/json", ...headers }, bytes };
}

const DRIP_PIECES = 20;

export function send(response: ServerResponse, outgoing: Outgoing, dripMs = 0): void {
  response.writeHead(outgoing.status, { ...outgoing.headers, "content-length": String(outgoing.bytes.length) });
  if (dripMs <= 0 || outgoing.bytes.length === 0) {
    response.end(outgoing.bytes);
    return;
  }
  // Headers at once, then the body in pieces spread evenly over dripMs (timers never fire early,
  // so the body takes at least dripMs).
  const pieces = Math.min(DRIP_PIECES, outgoing.bytes.length);
  const pieceSize = Math.ceil(outgoing.bytes.length / pieces);
  let offset = 0;
  const timer = setInterval(() => {
    if (response.destroyed) return clearInterval(timer);
    const piece = outgoing.bytes.subarray(offset, offset + pieceSize);
    offset += piece.length;
    if (offset >= outgoing.bytes.length) {
      clearInterval(timer);
      response.end(piece);
    } else {
      response.write(piece);
    }
  }, Math.max(1, Math.ceil(dripMs / Math.ceil(outgoing.bytes.length / pieceSize))));
  response.once("close", () => clearInterval(timer));
}
