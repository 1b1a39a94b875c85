// The one on-disk format of an import's state that the command line and the MCP server share:
// whole files only, the job kept beside the state, failures named, and one holder at a time.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LatestStateWriter, lockStateFile, modelFileOf, readSavedImport, SavedImportError, stateFileFor, writeSavedImport, writeSavedImportAsync } from "../../src/node/saved-import.js";
import type { ImportState } from "../../src/wrappers/uploads/import-state.js";

const dir = mkdtempSync(join(tmpdir(), "saved-import-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const STATE = { version: 2, sessionId: "3f2b0c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", fileName: "m.tar", uploadedChunks: [0, 1] } as unknown as ImportState;
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as SavedImportError;
  }
  throw new Error("it did not fail");
};

describe("saved imports", () => {
  it("names the state file after the model file, and back", () => {
    expect(stateFileFor("/models/m.tar")).toBe("/models/m.tar.import-state.json");
    expect(modelFileOf("/models/m.tar.import-state.json")).toBe("/models/m.tar");
    expect(modelFileOf("/models/other.json")).toBeUndefined();
  });

  it("writes whole files, sync and async, and reads back the state and the job", async () => {
    const file = join(dir, "a.import-state.json");
    writeSavedImport(file, { state: STATE });
    expect(readSavedImport(file)).toEqual({ state: STATE });
    await writeSavedImportAsync(file, { state: STATE, job: { dockStatusId: "ds-1", status: "IN_PROGRESS" } });
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ sessionId: STATE.sessionId, job: { dockStatusId: "ds-1" } });
    expect(readSavedImport(file)).toEqual({ state: STATE, job: { dockStatusId: "ds-1", status: "IN_PROGRESS" } });
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });

  it("writes the latest of many states saved at once, reports a failed write and tries again with the next state", async () => {
    const folder = join(dir, "later");
    const file = join(folder, "c.import-state.json");
    const failures: SavedImportError[] = [];
    const writer = new LatestStateWriter(file, (error) => failures.push(error));
    writer.save({ ...STATE, uploadedChunks: [0] });
    await writer.settled();
    expect(failures.map((error) => [error instanceof SavedImportError, error.reason, error.code])).toEqual([[true, "io", "ENOENT"]]);
    mkdirSync(folder);
    for (let n = 1; n <= 5; n++) writer.save({ ...STATE, uploadedChunks: Array.from({ length: n }, (_, i) => i) });
    await writer.settled();
    expect(readSavedImport(file).state.uploadedChunks).toEqual([0, 1, 2, 3, 4]);
    expect(failures).toHaveLength(1);
  });

  it("names what is wrong with a file that is missing, not JSON or not an object", () => {
    expect(failure(() => readSavedImport(join(dir, "missing.json")))).toMatchObject({ reason: "io", code: "ENOENT" });
    writeFileSync(join(dir, "text.json"), "not json");
    expect(failure(() => readSavedImport(join(dir, "text.json")))).toMatchObject({ reason: "notJson" });
    writeFileSync(join(dir, "list.json"), "[1]");
    expect(failure(() => readSavedImport(join(dir, "list.json")))).toMatchObject({ reason: "notObject" });
    expect(failure(() => writeSavedImport(join(dir, "no-such-folder", "s.json"), { state: STATE }))).toMatchObject({ reason: "io", code: "ENOENT" });
  });

  it("lets one holder lock a state file, names it to the next, and takes over a dead holder's lock", () => {
    const file = join(dir, "b.import-state.json");
    const lock = lockStateFile(file);
    const refused = failure(() => lockStateFile(file));
    expect(refused).toBeInstanceOf(SavedImportError);
    expect(refused).toMatchObject({ reason: "locked", holder: { pid: process.pid, host: hostname() } });
    lock.release();
    expect(existsSync(`${file}.lock`)).toBe(false);
    // A holder that no longer runs: a process id far above any in use here.
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 2 ** 30, host: hostname(), since: "2026-01-01T00:00:00.000Z" }));
    const taken = lockStateFile(file);
    expect(JSON.parse(readFileSync(`${file}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    taken.release();
  });
});
