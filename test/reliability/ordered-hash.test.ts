// The sink's hash (test/support/ordered-hash.ts) is what the fault and benchmark runs trust to
// say a file arrived intact, so it is checked on its own: any arrival order, one answer.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OrderedHash } from "../support/ordered-hash.js";

describe("OrderedHash", () => {
  it("hashes the chunks in number order, whatever order they arrive in", () => {
    const chunksAndOrder = fc
      .array(fc.uint8Array({ maxLength: 64 }), { minLength: 1, maxLength: 12 })
      .chain((chunks) => fc.tuple(fc.constant(chunks), fc.shuffledSubarray(chunks.map((_, i) => i), { minLength: chunks.length })));
    fc.assert(
      fc.property(chunksAndOrder, ([chunks, order]) => {
        const hash = new OrderedHash();
        for (const [seen, n] of order.entries()) {
          // Nothing to report until the last chunk is in.
          expect(hash.sha256(chunks.length)).toBeUndefined();
          hash.add(n, Buffer.from(chunks[n]!));
          expect(hash.bytes).toBeLessThanOrEqual(chunks.reduce((sum, c) => sum + c.length, 0));
          if (seen < order.length - 1) expect(hash.next).toBeLessThan(chunks.length);
        }
        const whole = createHash("sha256").update(Buffer.concat(chunks.map((c) => Buffer.from(c)))).digest("hex");
        expect(hash.sha256(chunks.length)).toBe(whole);
        expect(hash.bytes).toBe(chunks.reduce((sum, c) => sum + c.length, 0));
      }),
    );
  });

  it("reports no hash while a chunk is missing", () => {
    const hash = new OrderedHash();
    hash.add(0, Buffer.from("a"));
    hash.add(2, Buffer.from("c"));
    expect(hash.sha256(3)).toBeUndefined();
    expect(hash.next).toBe(1);
  });
});
