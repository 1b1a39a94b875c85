// The state `platform models import` saves after each chunk, off the event loop: one write at a
// time, the file ending with the last state saved, and a write that fails stopping the upload at
// the next chunk with a usage error that names the file.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stateSaver } from "../../../src/cli/local-files/import-state-file.js";
import { UsageError } from "../../../src/cli/exit-codes.js";
import type { ImportState } from "../../../src/node.js";
import { readSavedImport } from "../../../src/node/saved-import.js";

const work = mkdtempSync(join(tmpdir(), "platform-state-saver-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const stateWith = (uploadedChunks: number[]) => ({ version: 2, sessionId: "s-1", totalChunks: 10, uploadedChunks }) as unknown as ImportState;

describe("stateSaver", () => {
  it("leaves the last state saved in the file once settled, and no temporary file", async () => {
    const path = join(work, "model.tar.import-state.json");
    const saver = stateSaver(path);
    for (let n = 0; n < 10; n++) saver.save(stateWith(Array.from({ length: n + 1 }, (_, i) => i)));
    await saver.settled();
    expect(readSavedImport(path).state.uploadedChunks).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(readdirSync(work).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("throws the failed write's usage error, naming the file, at the next save", async () => {
    const path = join(work, "gone", "model.tar.import-state.json");
    const saver = stateSaver(path);
    saver.save(stateWith([0]));
    await saver.settled();
    let thrown: unknown;
    try {
      saver.save(stateWith([0, 1]));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toContain(path);
  });
});
