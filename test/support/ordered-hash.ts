// The sha256 of an upload's chunks in number order, whatever order they arrive in: a chunk that
// arrives early is parked until its predecessors are in, then hashed and let go. Shared by the
// fault server of the tests and the sink of the benchmarks.
import { createHash } from "node:crypto";

export class OrderedHash {
  /** Chunks hashed so far are 0 … next-1. */
  next = 0;
  /** Bytes hashed so far (a prefix of the file). */
  bytes = 0;
  private readonly hash = createHash("sha256");
  private readonly parked = new Map<number, Buffer>();
  private digest: string | undefined;

  /** Takes chunk `chunkNumber` once: the caller keeps repeated copies out. */
  add(chunkNumber: number, data: Buffer): void {
    this.parked.set(chunkNumber, data);
    for (let piece = this.parked.get(this.next); piece !== undefined; piece = this.parked.get(this.next)) {
      this.hash.update(piece);
      this.bytes += piece.length;
      this.parked.delete(this.next);
      this.next++;
    }
  }

  /** The hex sha256 of chunks 0 … total-1 joined; undefined until they are all in. */
  sha256(total: number): string | undefined {
    if (this.next !== total) return undefined;
    this.digest ??= this.hash.digest("hex");
    return this.digest;
  }
}
