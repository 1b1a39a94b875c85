// Import sessions cost what was uploaded, never what a request claims: completing a session that
// declares a billion chunks looks only at the chunks that arrived.
import { describe, expect, it } from "vitest";
import { completionCheck, type ImportSession } from "../../../src/mock/stateful/state/import-sessions.js";

const session = (totalChunks: number, sizes: Record<number, number>, fileSize: number): ImportSession => ({
  sessionId: "s",
  fileContext: "model",
  fileName: "m.tar",
  fileExtension: "tar",
  fileSize,
  totalChunks,
  isAdapter: false,
  modelId: "cm-1",
  expiresAt: Number.MAX_SAFE_INTEGER,
  chunks: new Map(Object.entries(sizes).map(([n, size]) => [Number(n), { size, sha256: "0".repeat(64) }])),
  completed: false,
});

describe("completionCheck", () => {
  it("names the first missing chunks and how many are missing, whatever totalChunks says", () => {
    const check = completionCheck(session(1e9, { 0: 1, 2: 1 }, 2));
    expect(check).toEqual({ ok: false, reason: "Import is incomplete: chunks 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, … (999999998 in all) of 1000000000 have not been uploaded" });
  });

  it("lists every chunk in order once all are in, and checks the sizes add up", () => {
    expect(completionCheck(session(3, { 2: 3, 0: 1, 1: 2 }, 6))).toEqual({ ok: true, chunks: [1, 2, 3].map((size) => ({ size, sha256: "0".repeat(64) })) });
    expect(completionCheck(session(2, { 0: 1, 1: 2 }, 4))).toEqual({ ok: false, reason: "Import is incomplete: the chunks hold 3 bytes but fileSize is 4" });
  });
});
