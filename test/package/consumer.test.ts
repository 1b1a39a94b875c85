// A new user's first run: the packed tarball installed into a fresh project, a program written
// against its typings and wrappers type-checked (with lines that must stay type errors), then run
// against the Prism mock: a real model import of a small file and a connections listing.
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrism } from "../../scripts/lib/prism.mjs";
import { run } from "../../scripts/lib/pack.mjs";
import { CONSUMER_TS, CONSUMER_TSCONFIG } from "./consumer-program.js";
import { installPackedPackage, tsc, type InstalledPackage } from "./installed-package.js";

const LONG = 240_000;
const MODEL_BYTES = 2 * 1024 * 1024 + 123; // three chunks of 1 MiB
const DIRECTIVE = /^(\s*)\/\/ @ts-expect-error\b.*$/;
// What the compiler says for each directive of CONSUMER_TS, in order.
const EXPECTED_ERRORS = [/"Profanity"/, /api_version|your_resource_name|deployment_id/, /"\/api\/public\/unknown"/];

let installed: InstalledPackage;
let prism: { url: string; stop(): Promise<void>; output(): string };

beforeAll(async () => {
  [installed, prism] = await Promise.all([installPackedPackage(), startPrism()]);
  writeFileSync(join(installed.project, "consumer.ts"), CONSUMER_TS);
  writeFileSync(join(installed.project, "tsconfig.json"), JSON.stringify(CONSUMER_TSCONFIG, null, 2));
}, LONG);
afterAll(async () => {
  await prism?.stop();
  if (installed) rmSync(installed.scratch, { recursive: true, force: true });
});

describe("the packed package in a fresh project", () => {
  it("type-checks and compiles the consumer program under strict settings", async () => {
    const result = await tsc(installed.project, ["-p", "tsconfig.json"]);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  }, LONG);

  it("keeps each @ts-expect-error line an error, for the reason it names", async () => {
    // The same program with the directives blanked (line numbers unchanged): each line after a
    // directive, and only those, must fail to compile, with the error its comment expects.
    const lines = CONSUMER_TS.split("\n");
    const expected = lines.flatMap((line, i) => (DIRECTIVE.test(line) ? [i + 2] : []));
    expect(expected).toHaveLength(EXPECTED_ERRORS.length);
    writeFileSync(join(installed.project, "blanked.ts"), lines.map((line) => line.replace(DIRECTIVE, "$1//")).join("\n"));
    writeFileSync(join(installed.project, "tsconfig.blanked.json"), JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { noEmit: true }, files: ["blanked.ts"] }));
    const result = await tsc(installed.project, ["-p", "tsconfig.blanked.json", "--pretty", "false"]);
    // One block per error: its first line, then the indented lines that explain it.
    const errors = [...result.stdout.matchAll(/^blanked\.ts\((\d+),\d+\): error (TS\d+): (.*(?:\n .*)*)/gm)].map((m) => ({ line: Number(m[1]), code: m[2], message: m[3] }));
    expect(errors.map((e) => e.line)).toEqual(expected);
    errors.forEach((error, i) => expect(error.message, result.stdout).toMatch(EXPECTED_ERRORS[i]!));
  }, LONG);

  it("exports each spec document by its documented name", () => {
    const resolve = createRequire(join(installed.project, "package.json")).resolve;
    const read = (entry: string) => JSON.parse(readFileSync(resolve(`@platform/management-client/${entry}`), "utf8"));
    expect(read("openapi.json").openapi).toBe("3.1.0");
    expect(read("openapi-3.0.json").openapi).toBe("3.0.3");
    expect(resolve("@platform/management-client/openapi.yaml")).toMatch(/openapi\/platform\.yaml$/);
  });

  it("runs against the mock: imports a model in chunks and lists connections", async () => {
    const modelFile = join(installed.project, "model.tar");
    writeFileSync(modelFile, Buffer.alloc(MODEL_BYTES, 7));
    const result = await run(process.execPath, ["out/consumer.js"], { cwd: installed.project, env: { ...process.env, MOCK_URL: prism.url, MODEL_FILE: modelFile } });
    expect(result.code, `${result.stderr}\nPrism:\n${prism.output()}`).toBe(0);
    const printed = JSON.parse(result.stdout.trim().split("\n").pop()!);
    expect(printed).toMatchObject({
      specVersion: "0.3.0",
      seen: [
        "POST /api/public/files/session/start",
        "POST /api/public/files/session/{sessionId}",
        "POST /api/public/files/session/{sessionId}",
        "POST /api/public/files/session/{sessionId}",
        "POST /api/public/files/session/{sessionId}/complete",
        "GET /api/public/connections",
      ],
      totalChunks: 3,
      uploadedChunks: [0, 1, 2],
      progress: expect.arrayContaining(["3/3"]),
      connectionsPath: "/api/public/connections",
    });
    expect(printed.modelId).toEqual(expect.any(String));
    expect(printed.jobStatus).toEqual(expect.any(String));
    expect(printed.connections).toBeGreaterThan(0);
    expect(printed.refused).toMatch(/name must be equal to one of the allowed values|name/);
  }, LONG);
});
