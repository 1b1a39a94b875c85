// SHA-256 over bytes that arrive in pieces, on any runtime: the mock hashes each uploaded part as
// it streams through and never holds it. Where the runtime has Node's crypto module (Node, Deno,
// Bun) it is looked up at run time, so no `node:` import sits on the path a browser bundle
// follows; elsewhere (a browser page, a worker) the same digest comes from the code below.
// Web Crypto has no incremental digest, so it cannot stand in.
import { nodeBuiltin } from "./node-builtin.js";

export interface Sha256 {
  update(bytes: Uint8Array): void;
  /** Lowercase hex; the hasher is spent afterwards. */
  digest(): string;
}

interface NodeCrypto {
  createHash(algorithm: "sha256"): { update(bytes: Uint8Array): unknown; digest(encoding: "hex"): string };
}

const native = nodeBuiltin<NodeCrypto>("node:crypto");

/** A fresh hasher: the runtime's own when it has one, else the portable one. */
export function createSha256(): Sha256 {
  if (!native) return new PortableSha256();
  const hash = native.createHash("sha256");
  return { update: (bytes) => void hash.update(bytes), digest: () => hash.digest("hex") };
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

// The state, the message schedule and the input are read as big-endian 32-bit words through
// DataViews: a word's offset is always in range, and a DataView says so (it throws otherwise)
// where an indexed read would be `number | undefined`.
const word = (i: number): number => i * 4;

/** FIPS 180-4 SHA-256, fed in pieces of any size. */
export class PortableSha256 implements Sha256 {
  private readonly state = wordsOf([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  private readonly block = new Uint8Array(64);
  private readonly blockView = viewOf(this.block);
  private readonly words = new DataView(new ArrayBuffer(64 * 4));
  private filled = 0;
  private length = 0;

  update(bytes: Uint8Array): void {
    this.length += bytes.length;
    let at = 0;
    if (this.filled > 0) {
      const take = Math.min(64 - this.filled, bytes.length);
      this.block.set(bytes.subarray(0, take), this.filled);
      this.filled += take;
      at = take;
      if (this.filled < 64) return;
      this.compress(this.blockView, 0);
      this.filled = 0;
    }
    const input = viewOf(bytes);
    for (; at + 64 <= bytes.length; at += 64) this.compress(input, at);
    if (at < bytes.length) {
      this.block.set(bytes.subarray(at), 0);
      this.filled = bytes.length - at;
    }
  }

  digest(): string {
    const bits = this.length * 8;
    const tail = new Uint8Array(this.filled < 56 ? 64 : 128);
    tail.set(this.block.subarray(0, this.filled));
    tail[this.filled] = 0x80;
    const view = new DataView(tail.buffer);
    view.setUint32(tail.length - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(tail.length - 4, bits >>> 0);
    for (let at = 0; at < tail.length; at += 64) this.compress(view, at);
    let hex = "";
    for (let i = 0; i < 8; i++) hex += this.state.getUint32(word(i)).toString(16).padStart(8, "0");
    return hex;
  }

  private compress(bytes: DataView, at: number): void {
    const w = this.words;
    for (let i = 0; i < 16; i++) w.setUint32(word(i), bytes.getUint32(at + word(i)));
    for (let i = 16; i < 64; i++) {
      const x = w.getUint32(word(i - 15));
      const y = w.getUint32(word(i - 2));
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w.setUint32(word(i), (w.getUint32(word(i - 16)) + s0 + w.getUint32(word(i - 7)) + s1) | 0);
    }
    const s = this.state;
    let a = s.getUint32(word(0)), b = s.getUint32(word(1)), c = s.getUint32(word(2)), d = s.getUint32(word(3));
    let e = s.getUint32(word(4)), f = s.getUint32(word(5)), g = s.getUint32(word(6)), h = s.getUint32(word(7));
    for (const [i, k] of K.entries()) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + k + w.getUint32(word(i))) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    for (const [i, added] of [a, b, c, d, e, f, g, h].entries()) s.setUint32(word(i), (s.getUint32(word(i)) + added) | 0);
  }
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function wordsOf(values: readonly number[]): DataView {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  for (const [i, value] of values.entries()) view.setUint32(word(i), value);
  return view;
}
