// The strictest check of a ReaderPromise (src/node/body-source.ts): a source that overwrites
// each piece the moment the reader's promise lets go of it, sent to a server that reads slowly.
// If the sender's socket still held any of those bytes, the server's hash would not match.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { BodySource, ReaderPromise } from "../../src/node/body-source.js";

// Reading in small steps with pauses keeps the client's socket full: its writes are partial and
// queue, the case where reusing a buffer too early would corrupt what is still to be sent.
export function slowHashingHandler(req: IncomingMessage, res: ServerResponse): void {
  const hash = createHash("sha256");
  req.on("data", (piece: Buffer) => {
    hash.update(piece);
    req.pause();
    setTimeout(() => req.resume(), 1);
  });
  req.on("end", () => res.end(hash.digest("hex")));
}

/**
 * `bytes` in pieces of uneven sizes (1 B to 96 KiB), each a copy; whenever the reader asks for
 * more, every piece its promise lets go of is overwritten at once: the most eager reuse the
 * promise allows. Without a promise nothing is overwritten.
 */
export function scribbling(bytes: Buffer): BodySource {
  return {
    size: bytes.length,
    async *open(reader?: ReaderPromise) {
      const given: Array<{ piece: Uint8Array; upTo: number }> = [];
      let at = 0;
      for (let i = 0; at < bytes.length; i++) {
        while (reader && given.length && at - given[0]!.upTo >= reader.heldBytes) given.shift()!.piece.fill(0xee);
        const size = Math.min(bytes.length - at, 1 + ((i * 40_503) % (96 * 1024)));
        const piece = Uint8Array.from(bytes.subarray(at, at + size));
        at += size;
        given.push({ piece, upTo: at });
        yield piece;
      }
    },
  };
}

