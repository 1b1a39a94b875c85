// The portable SHA-256 the mock hashes uploads with where the runtime has no Node crypto (a
// browser page, a worker): the same digest as Node's, however the bytes are split.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PortableSha256 } from "../../../src/mock/stateful/portable/sha256.js";

const nodeDigest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function portableDigest(bytes: Uint8Array, pieceSizes: number[]): string {
  const hash = new PortableSha256();
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = pieceSizes[i % pieceSizes.length]!;
    hash.update(bytes.subarray(at, at + size));
    at += size;
  }
  return hash.digest();
}

describe("the portable SHA-256", () => {
  it("gives the known digests of the empty input and of abc", () => {
    expect(new PortableSha256().digest()).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const abc = new PortableSha256();
    abc.update(new TextEncoder().encode("abc"));
    expect(abc.digest()).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("matches Node's digest at every length around the block and padding edges, however split", () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) % 256);
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 300]) {
      const input = bytes.subarray(0, length);
      for (const split of [[length], [1], [7, 13], [64], [63, 1, 65]]) expect(portableDigest(input, split), `${length} bytes split ${split}`).toBe(nodeDigest(input));
    }
  });

  it("matches Node's digest over a megabyte in uneven pieces", () => {
    const bytes = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 7919) % 251);
    expect(portableDigest(bytes, [10_000, 65_536, 3])).toBe(nodeDigest(bytes));
  });
});
