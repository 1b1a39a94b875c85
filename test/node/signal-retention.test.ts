// A call lets go of the caller's signal when it ends. A program that makes a signal per call,
// AbortSignal.any([app.signal, AbortSignal.timeout(…)]), must not keep one per call alive: Node
// holds such a signal as long as it has abort listeners, and the client's listener stayed. Measured
// on the heap, in a child process with gc exposed (./support/signal-retention.ts, which also runs
// the full 40,000 calls by hand: 71.6 MB retained before the fix, 6.8 MB after, against
// 5.4 MB for native fetch with the same signals).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const TSX = fileURLToPath(import.meta.resolve("tsx"));
const SCRIPT = fileURLToPath(new URL("./support/signal-retention.ts", import.meta.url));
const CALLS = 8_000;

describe("the caller's per-call signals", () => {
  it("are not retained once the calls end", () => {
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", TSX, SCRIPT, String(CALLS)], { encoding: "utf8", timeout: 120_000 });
    const { clientBytes } = JSON.parse(out) as { clientBytes: number; fetchBytes: number };
    // A retained signal with its listener and timer is about 1.8 KB; what a call leaves besides
    // (the pool's, the JIT's) is a few hundred bytes at most.
    expect(clientBytes / CALLS).toBeLessThan(800);
    // The child's own bound, and more: about 20 s on a quiet machine, past the suite's 60 s on a busy one.
  }, 150_000);
});
