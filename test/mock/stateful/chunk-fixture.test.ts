// Seed chunks from the user's fixture: a JSON array or JSONL file, each chunk needing a chk- id;
// a bad fixture is refused with the file, the line or index, and the rule.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/kernel/errors.js";
import { createStatefulMock } from "../../../src/mock/start-mock.js";
import { loadChunkFixture } from "../../../src/mock/stateful/state/chunks.js";
import { startStatefulMock } from "../../../src/mock/stateful/server.js";
import { issuesOf } from "../../support/validation-issues.js";
import { call, withMock } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "chunk-fixture-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("chunk fixtures", () => {
  it("reads JSONL and JSON files, _id following chunkId", () => {
    const jsonl = write("a.jsonl", '{"chunkId":"chk-1","chunkText":"one"}\n\n{"_id":"chk-2","chunkText":"two"}\n');
    expect(loadChunkFixture(jsonl)).toEqual([
      { chunkId: "chk-1", _id: "chk-1", chunkText: "one" },
      { chunkId: "chk-2", _id: "chk-2", chunkText: "two" },
    ]);
    expect(loadChunkFixture(write("a.json", '[{"chunkId":"chk-3"}]'))).toEqual([{ chunkId: "chk-3", _id: "chk-3" }]);
  });

  it("refuses a bad line or id, naming where and why", () => {
    expect(() => loadChunkFixture(write("bad.jsonl", '{"chunkId":"chk-1"}\n{nope}\n'))).toThrow(/bad\.jsonl: line 2 is not JSON/);
    expect(() => loadChunkFixture([{ chunkId: "1" }])).toThrow(/chunks\[0\]: chunkId must be a string starting with chk-/);
    expect(() => loadChunkFixture([42])).toThrow(/chunks\[0\] is not an object/);
  });

  it("names every bad chunk and line in one ValidationError, the client's convention", () => {
    expect(issuesOf(() => loadChunkFixture([{ chunkId: "chk-ok" }, null, { _id: "x" }]))).toEqual([
      ["chunks[1]", "type"],
      ["chunks[2].chunkId", "pattern"],
    ]);
    const path = write("two-bad.jsonl", '{nope}\n{"chunkId":"chk-1"}\n[\n');
    expect(issuesOf(() => loadChunkFixture(path))).toEqual([
      [`${path}: line 1`, "json"],
      [`${path}: line 3`, "json"],
    ]);
    expect(issuesOf(() => loadChunkFixture(write("bad.json", "[{")))).toEqual([[join(dir, "bad.json"), "json"]]);
    // A JavaScript caller's null is refused by name, not read as a list.
    expect(issuesOf(() => loadChunkFixture(null as never))).toEqual([["chunks", "type"]]);
  });

  it("seedChunks refuses bad chunks with a ValidationError and keeps the chunks it had", async () => {
    await withMock({ chunks: [{ chunkId: "chk-kept" }] }, async (mock) => {
      expect(() => mock.seedChunks([{ chunkId: "chk-new" }, { chunkId: 7 }])).toThrow(ValidationError);
      expect(() => mock.seedChunks(null as never)).toThrow(/chunks must be a file path or an array of chunks/);
      const page = (await call(mock, "POST", "/api/public/bot/app/chunk/list", {})).body;
      expect(page.chunks.map((c: { chunkId: string }) => c.chunkId)).toEqual(["chk-kept"]);
    });
  });

  it("a bad chunk is an issue of the mock's options, beside the others", () => {
    expect(issuesOf(() => createStatefulMock({ chunks: [{ chunkId: "nope" }], seed: -1 }))).toEqual([
      ["chunks[0].chunkId", "pattern"],
      ["seed", "range"],
    ]);
  });

  it("seeds the mock from a fixture path, and refuses a bad one before listening", async () => {
    const path = write("seed.jsonl", '{"chunkId":"chk-a","sourceName":"x.pdf"}\n{"chunkId":"chk-b","sourceName":"y.pdf"}\n');
    await withMock({ chunks: path }, async (mock) => {
      const page = (await call(mock, "POST", "/api/public/bot/app/chunk/list", {})).body;
      expect(page.chunks.map((c: { chunkId: string }) => c.chunkId)).toEqual(["chk-a", "chk-b"]);
    });
    await expect(startStatefulMock({ chunks: join(dir, "missing.json") })).rejects.toThrow(/ENOENT/);
    await expect(startStatefulMock({ chunkPageSize: 0 })).rejects.toThrow(/chunkPageSize must be an integer from 1/);
    await expect(startStatefulMock({ nope: 1 } as never)).rejects.toThrow("startMock: nope is not an option (the options are stateful, port, host, seed, jobs, chunks, chunkPageSize, sessionTtlMs, apiKey, jwt, faults, logLimit, existing, corsOrigins)");
  });
});
