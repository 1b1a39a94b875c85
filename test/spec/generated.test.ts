// The generated files are committed; these tests make sure they are what the spec
// produces today and that the staleness check really catches drift.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile, copyFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, outputs, renderAll } from "../../scripts/generate.mjs";
import { MARKDOWN_HEADER, codeHeader } from "../../scripts/lib/generated-header.mjs";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { operations, type OperationId } from "../../src/generated/operations.js";

const GENERATE = fileURLToPath(new URL("../../scripts/generate.mjs", import.meta.url));
const generatedFiles: string[] = outputs.map((output: { file: string }) => output.file);

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((done) => {
    const options = { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: "1", ...env }, timeout: 60_000 };
    execFile(process.execPath, args, options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      done({ code, output: `${stdout}${stderr}` });
    });
  });
}

describe("check mode", () => {
  let copy: string;
  let rendered: Array<{ file: string; text: string }>;

  // Staleness is exercised on a copy of the generated files, never on the repo's own, and in
  // this process (scripts/generate.mjs's generate()); one run of the script itself checks the
  // exit codes a developer and CI see.
  beforeAll(async () => {
    rendered = await renderAll();
    copy = await mkdtemp(join(tmpdir(), "generated-check-"));
    for (const file of generatedFiles) {
      await mkdir(dirname(join(copy, file)), { recursive: true });
      await copyFile(join(REPO_ROOT, file), join(copy, file));
    }
  });
  afterAll(async () => {
    await rm(copy, { recursive: true, force: true });
  });

  it("passes on the committed files", async () => {
    expect((await generate({ root: REPO_ROOT, check: true, rendered })).stale).toEqual([]);
  });

  it.each(generatedFiles)("finds %s stale when it is altered, without rewriting it", async (file) => {
    const target = join(copy, file);
    const original = await readFile(target, "utf8");
    const altered = `${original}\n// hand edit\n`;
    await writeFile(target, altered);
    try {
      expect((await generate({ root: copy, check: true, rendered })).stale).toEqual([file]);
      expect(await readFile(target, "utf8")).toBe(altered);
    } finally {
      await writeFile(target, original);
    }
  });

  it("finds a missing generated file stale", async () => {
    const [file] = generatedFiles;
    const target = join(copy, file!);
    const original = await readFile(target, "utf8");
    await rm(target);
    try {
      expect((await generate({ root: copy, check: true, rendered })).stale).toEqual([file]);
    } finally {
      await writeFile(target, original);
    }
  });

  it("generates into an empty output root exactly what is committed", async () => {
    const fresh = await mkdtemp(join(tmpdir(), "generated-fresh-"));
    try {
      expect((await generate({ root: fresh, rendered })).stale).toEqual(generatedFiles);
      for (const file of generatedFiles) {
        expect(await readFile(join(fresh, file), "utf8"), file).toBe(await readFile(join(REPO_ROOT, file), "utf8"));
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it("npm run check:generated exits 0 when fresh and 1 naming the file when stale", async () => {
    const fresh = await run([GENERATE, "--check"], { PLATFORM_OUTPUT_ROOT: copy });
    expect(fresh.output).toContain("up to date");
    expect(fresh.code).toBe(0);
    const [file] = generatedFiles;
    const target = join(copy, file!);
    const original = await readFile(target, "utf8");
    await writeFile(target, `${original}// hand edit\n`);
    try {
      const stale = await run([GENERATE, "--check"], { PLATFORM_OUTPUT_ROOT: copy });
      expect(stale.code).toBe(1);
      expect(stale.output).toContain(`stale: ${file}`);
    } finally {
      await writeFile(target, original);
    }
    // Two runs of the generator as processes: about 5 s of CPU each, far longer in wall time beside
    // two CPU-bound processes on two cores.
  }, 180_000);
});

// The operations of the interface document and the public reference, written out by hand from
// those documents (method, path, credential header, body media types, and whether the client may
// repeat the call), so the generated table is checked against the documents, not against the
// generator's own reading of the spec.
const JSON_BODY = { required: true, mediaTypes: ["application/json"] };
const MULTIPART = { required: true, mediaTypes: ["multipart/form-data"] };
const EXPECTED_OPERATIONS: Record<string, { method: string; path: string; header: "x-api-key" | "auth"; requestBody: unknown; retrySafe: boolean }> = {
  listConnections: { method: "get", path: "/api/public/connections", header: "x-api-key", requestBody: null, retrySafe: true },
  createConnection: { method: "post", path: "/api/public/connections", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  getConnection: { method: "get", path: "/api/public/connections/{connectionId}", header: "x-api-key", requestBody: null, retrySafe: true },
  replaceConnection: { method: "put", path: "/api/public/connections/{connectionId}", header: "x-api-key", requestBody: JSON_BODY, retrySafe: true },
  updateConnection: { method: "patch", path: "/api/public/connections/{connectionId}", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  listChunks: { method: "post", path: "/api/public/bot/{botId}/chunk/list", header: "auth", requestBody: JSON_BODY, retrySafe: true },
  updateChunk: { method: "post", path: "/api/public/bot/{botId}/chunk/{chunkId}", header: "auth", requestBody: JSON_BODY, retrySafe: false },
  deleteChunksById: { method: "post", path: "/api/public/bot/{botId}/search/deleteChunksById", header: "auth", requestBody: JSON_BODY, retrySafe: false },
  startImportSession: { method: "post", path: "/api/public/files/session/start", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  uploadImportChunk: { method: "post", path: "/api/public/files/session/{sessionId}", header: "x-api-key", requestBody: MULTIPART, retrySafe: true },
  completeImportSession: { method: "post", path: "/api/public/files/session/{sessionId}/complete", header: "x-api-key", requestBody: null, retrySafe: false },
  deployModel: { method: "post", path: "/api/public/models/{modelId}/deploy", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  undeployModel: { method: "post", path: "/api/public/models/{modelId}/undeploy", header: "x-api-key", requestBody: null, retrySafe: true },
  exportModel: { method: "post", path: "/api/public/models/{modelId}/export", header: "x-api-key", requestBody: null, retrySafe: false },
  importTool: { method: "post", path: "/api/public/tools/import", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  importIntoTool: { method: "post", path: "/api/public/tools/{toolId}/import", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  exportTool: { method: "post", path: "/api/public/tools/{toolId}/export", header: "x-api-key", requestBody: null, retrySafe: false },
  deployTool: { method: "post", path: "/api/public/tools/{toolId}/deploy", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  undeployTool: { method: "post", path: "/api/public/tools/{toolId}/undeploy", header: "x-api-key", requestBody: null, retrySafe: true },
  deployGuardrail: { method: "post", path: "/api/public/guardrails/deploy", header: "x-api-key", requestBody: JSON_BODY, retrySafe: false },
  undeployGuardrail: { method: "post", path: "/api/public/guardrails/undeploy", header: "x-api-key", requestBody: JSON_BODY, retrySafe: true },
  uploadAttachment: { method: "post", path: "/api/v2/apps/{appId}/environments/{envName}/attachments/upload", header: "x-api-key", requestBody: MULTIPART, retrySafe: false },
  deleteAttachment: {
    method: "delete",
    path: "/api/v2/apps/{appId}/environments/{envName}/attachments/{fileId}",
    header: "x-api-key",
    requestBody: { required: false, mediaTypes: ["multipart/form-data", "application/json"] },
    retrySafe: false,
  },
  getDockStatus: { method: "get", path: "/api/public/dock-status/{dockStatusId}", header: "x-api-key", requestBody: null, retrySafe: true },
  uploadFile: { method: "post", path: "/api/public/files", header: "x-api-key", requestBody: MULTIPART, retrySafe: false },
};

describe("operations table", () => {
  it("holds exactly the operations of the documents, in the spec's order", () => {
    expect(Object.keys(operations).sort()).toEqual(Object.keys(EXPECTED_OPERATIONS).sort());
  });

  it.each(Object.entries(EXPECTED_OPERATIONS))("%s: method, path, credential header, body and retry safety", (id, expected) => {
    const { method, path, header, requestBody, retrySafe } = operations[id as OperationId];
    expect({ method, path, header, requestBody, retrySafe }).toEqual(expected);
  });
});

describe("types file", () => {
  it("starts with the generated-file header", async () => {
    const types = await readFile(join(REPO_ROOT, "src/generated/platform.ts"), "utf8");
    expect(types.startsWith(`${codeHeader().join("\n")}\n\n`)).toBe(true);
    expect(types).toContain("export interface paths");
  });

  it("is one of the outputs that all start with the one header of their kind (JSON has none)", async () => {
    const rendered = await renderAll();
    for (const { file, text } of rendered) {
      const header = file.endsWith(".md")
        ? MARKDOWN_HEADER
        : file.endsWith(".json")
          ? "{"
          : codeHeader(file.includes("drift-report-validator") ? "openapi/drift-report.schema.json" : undefined).join("\n");
      expect(text.startsWith(header), file).toBe(true);
    }
    expect(rendered.map((r) => r.file)).toEqual(outputs.map((o) => o.file));
    expect(new Set(rendered.map((r) => r.file)).size).toBe(rendered.length);
  });

  it("types binary fields as Blob and keeps extensions out of the paths", async () => {
    const types = await readFile(join(REPO_ROOT, "src/generated/platform.ts"), "utf8");
    expect(types).toMatch(/file: Blob \| Uint8Array;/);
    expect(types).not.toMatch(/^ {4}"x-/m);
  });
});
