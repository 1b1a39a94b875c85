// Model import over real HTTP to a local server: the bytes the server reassembles are the file's
// (sha256), chunks are numbered from 0, concurrency holds on the wire, and a failed import
// resumes to the same file.
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildNodePlatformClient as createPlatformClient } from "../../../src/node/node-client.js";
import { ImportError, SessionExpiredError, type ImportState } from "../../../src/index.js";
import { startImportServer, type ImportServer } from "../../support/import-server.js";
import { rejectedValidationError } from "../../support/validation-issues.js";

const KEY = "key-0123456789abcdef";
let server: ImportServer | undefined;
afterEach(async () => server?.close());

function fileOf(bytes: number): { path: string; sha256: string } {
  const data = randomBytes(bytes);
  const path = join(mkdtempSync(join(tmpdir(), "import-")), "model.tar");
  writeFileSync(path, data);
  return { path, sha256: createHash("sha256").update(data).digest("hex") };
}

const fast = { sleep: async () => {}, random: () => 0 };

describe("importModel over HTTP", () => {
  it("uploads a file path in numbered chunks and the server's reassembly has the file's sha256", async () => {
    // Each chunk is held 30 ms at the server, so uploads overlap and the bound is visible.
    server = await startImportServer({ fault: () => ({ delayMs: 30 }) });
    const file = fileOf(5 * 1024 * 1024 + 123);
    const client = createPlatformClient({ baseUrl: server.url, apiKey: KEY }, fast);
    const progress: number[] = [];
    const result = await client.models.import({
      source: file.path,
      chunkSize: 1024 * 1024,
      concurrency: 3,
      onProgress: (p) => progress.push(p.bytesUploaded),
      wait: { minDelayMs: 1, maxDelayMs: 2 },
    });
    expect(server.started[0]).toEqual({ fileContext: "model", totalChunks: 6, fileExtension: "tar", fileName: "model.tar", fileSize: 5 * 1024 * 1024 + 123 });
    expect([...server.chunks.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(server.sha256()).toBe(file.sha256);
    expect(server.inFlight.max).toBeLessThanOrEqual(3);
    expect(server.inFlight.max).toBe(3);
    expect(progress.at(-1)).toBe(5 * 1024 * 1024 + 123);
    expect(result).toMatchObject({ modelId: "cm-imported", job: { dockStatusId: "ds-import", status: "SUCCESS" } });
  });

  it("stops with an ImportError naming the failed chunk, then resumeImport sends only what is missing", async () => {
    const failing = new Set([3]);
    server = await startImportServer({ fault: (_, attempt) => (attempt === 3 && failing.has(3) ? { status: 400 } : undefined) });
    const file = fileOf(4 * 256 * 1024);
    const client = createPlatformClient({ baseUrl: server.url, apiKey: KEY }, fast);
    const error = await client.models.import({ source: file.path, chunkSize: 256 * 1024, concurrency: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error.failedChunks).toEqual([2]);
    const state = JSON.parse(JSON.stringify(error.state)) as ImportState;
    expect(state.uploadedChunks.sort()).toEqual([0, 1, 3].filter((n) => server!.chunks.has(n)));
    failing.clear();
    const before = server.receipts.length;
    const resumed = await client.models.resumeImport(state, { source: file.path });
    const resent = server.receipts.slice(before).sort();
    expect(resent).toEqual([0, 1, 2, 3].filter((n) => !state.uploadedChunks.includes(n)));
    expect(server.sha256()).toBe(file.sha256);
    expect(resumed.job.dockStatusId).toBe("ds-import");
  });

  it("refuses to resume with another file of the same size (a path), sending nothing", async () => {
    server = await startImportServer({ fault: (_, attempt) => (attempt === 3 ? { status: 400 } : undefined) });
    const first = fileOf(4 * 256 * 1024);
    const client = createPlatformClient({ baseUrl: server.url, apiKey: KEY }, fast);
    const error = await client.models.import({ source: first.path, chunkSize: 256 * 1024, concurrency: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    const state = JSON.parse(JSON.stringify(error.state)) as ImportState;
    expect(state.source).toMatchObject({ name: "model.tar", size: 4 * 256 * 1024, lastModified: expect.any(Number) });
    const second = fileOf(4 * 256 * 1024);
    const before = server.receipts.length;
    const refused = await rejectedValidationError(() => client.models.resumeImport(state, { source: second.path }));
    expect(refused.issues[0]).toMatchObject({ rule: "sameSource" });
    expect(server.receipts.length).toBe(before);
  });

  it("refuses to upload into a session that is about to expire", async () => {
    server = await startImportServer({ expiresInMs: 5_000 });
    const file = fileOf(1024);
    const client = createPlatformClient({ baseUrl: server.url, apiKey: KEY }, fast);
    await expect(client.models.import({ source: file.path })).rejects.toBeInstanceOf(SessionExpiredError);
    expect(server.receipts).toEqual([]);
  });

  it("uploadFile sends a small file in one request and a large one through a bulkImport session", async () => {
    server = await startImportServer();
    const client = createPlatformClient({ baseUrl: server.url, apiKey: KEY }, fast);
    const small = await client.files.upload({ source: new Blob(["tool data"]), fileName: "tool.json" });
    expect(small.fileId).toBe("file-single");
    expect(server.started).toEqual([]);
    const big = new Blob([randomBytes(25_000_000)]);
    const large = await client.files.upload({ source: big, fileName: "flow.json", chunkSize: 8 * 1024 * 1024 });
    expect(large.fileId).toBe("file-from-session");
    expect(server.started[0]).toMatchObject({ fileContext: "bulkImport", totalChunks: 3, fileExtension: "json" });
  });
});

describe("file paths without an extension", () => {
  it("take the extension from the fileName the caller gives", async () => {
    server = await startImportServer();
    const data = randomBytes(2048);
    const path = join(mkdtempSync(join(tmpdir(), "import-")), "model-weights");
    writeFileSync(path, data);
    const client = createPlatformClient({ baseUrl: server.url, apiKey: KEY }, fast);
    await client.models.import({ source: path, fileName: "model.bin" });
    expect(server.started[0]).toMatchObject({ fileName: "model.bin", fileExtension: "bin" });
    expect(server.sha256()).toBe(createHash("sha256").update(data).digest("hex"));
  });
});
