// The generated files are committed; these tests make sure they are what the spec
// produces today and that the staleness check really catches drift.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile, copyFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TS_HEADER, outputs } from "../../scripts/generate.mjs";
import { REPO_ROOT, listOperations, loadSpec } from "../../scripts/lib/spec.mjs";
import { operations, type OperationId } from "../../src/generated/operations.js";

const GENERATE = fileURLToPath(new URL("../../scripts/generate.mjs", import.meta.url));
const TSC = join(REPO_ROOT, "node_modules/typescript/bin/tsc");
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

  // Staleness is exercised on a copy of the generated files, never on the repo's own.
  beforeAll(async () => {
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
    const { code, output } = await run([GENERATE, "--check"], { PLATFORM_OUTPUT_ROOT: REPO_ROOT });
    expect(output).toContain("up to date");
    expect(code).toBe(0);
  }, 60_000);

  it("passes on an unaltered copy", async () => {
    const { code } = await run([GENERATE, "--check"], { PLATFORM_OUTPUT_ROOT: copy });
    expect(code).toBe(0);
  }, 60_000);

  it.each(generatedFiles)("fails and names %s when it is altered, without rewriting it", async (file) => {
    const target = join(copy, file);
    const original = await readFile(target, "utf8");
    const altered = `${original}\n// hand edit\n`;
    await writeFile(target, altered);
    try {
      const { code, output } = await run([GENERATE, "--check"], { PLATFORM_OUTPUT_ROOT: copy });
      expect(code).toBe(1);
      expect(output).toContain(`stale: ${file}`);
      for (const other of generatedFiles.filter((f) => f !== file)) expect(output).not.toContain(other);
      expect(await readFile(target, "utf8")).toBe(altered);
    } finally {
      await writeFile(target, original);
    }
  }, 60_000);

  it("fails when a generated file is missing", async () => {
    const [file] = generatedFiles;
    const target = join(copy, file!);
    const original = await readFile(target, "utf8");
    await rm(target);
    try {
      const { code, output } = await run([GENERATE, "--check"], { PLATFORM_OUTPUT_ROOT: copy });
      expect(code).toBe(1);
      expect(output).toContain(`stale: ${file}`);
    } finally {
      await writeFile(target, original);
    }
  }, 60_000);

  it("generates into an empty output root exactly what is committed", async () => {
    const fresh = await mkdtemp(join(tmpdir(), "generated-fresh-"));
    try {
      const { code, output } = await run([GENERATE], { PLATFORM_OUTPUT_ROOT: fresh });
      expect(code, output).toBe(0);
      for (const file of generatedFiles) {
        expect(await readFile(join(fresh, file), "utf8"), file).toBe(await readFile(join(REPO_ROOT, file), "utf8"));
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("operations table", () => {
  const spec = loadSpec();
  const specOperations = listOperations(spec);
  const schemes: Record<string, { name?: string }> = spec.components?.securitySchemes ?? {};

  it("has one entry per spec operation and nothing else", () => {
    expect(Object.keys(operations).sort()).toEqual(specOperations.map((op) => op.operationId).sort());
  });

  it.each(specOperations.map((op) => [op.operationId, op] as const))("%s matches the spec", (id, op) => {
    const entry = operations[id as OperationId];
    expect(entry.method).toBe(op.method);
    expect(entry.path).toBe(op.path);
    expect([entry.security]).toEqual(op.security);
    expect(entry.header).toBe(schemes[entry.security]?.name);
    expect(entry.requestBody).toEqual(op.requestBody ? { required: op.requestBody.required, mediaTypes: op.requestBody.mediaTypes } : null);
  });

  // The interface document fixes which header each kind of credential travels in.
  it("sends the API key in x-api-key and the JWT in auth", () => {
    const headerBySecurity = Object.fromEntries(Object.values(operations).map((op) => [op.security, op.header]));
    expect(headerBySecurity).toEqual({ apiKey: "x-api-key", jwtAuth: "auth" });
  });
});

describe("types file", () => {
  it("starts with the generated-file header", async () => {
    const types = await readFile(join(REPO_ROOT, "src/generated/platform.ts"), "utf8");
    expect(types.startsWith(TS_HEADER)).toBe(true);
    expect(types).toContain("export interface paths");
  });

  it("types binary fields as Blob and keeps extensions out of the paths", async () => {
    const types = await readFile(join(REPO_ROOT, "src/generated/platform.ts"), "utf8");
    expect(types).toMatch(/file: Blob \| Uint8Array;/);
    expect(types).not.toMatch(/^ {4}"x-/m);
  });

  it("compiles under strict settings", async () => {
    const files = ["src/generated/platform.ts", "src/generated/operations.ts"];
    const flags = ["--noEmit", "--strict", "--noUncheckedIndexedAccess", "--skipLibCheck", "--target", "ES2022"];
    const modules = ["--module", "NodeNext", "--moduleResolution", "NodeNext", "--lib", "ES2022,DOM", "--types", "node"];
    const { code, output } = await run([TSC, ...flags, ...modules, ...files]);
    expect(output).toBe("");
    expect(code).toBe(0);
  }, 60_000);
});
