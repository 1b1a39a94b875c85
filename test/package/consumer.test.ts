// A new user's first run: the packed tarball installed into a fresh project, a program written
// against its typings and wrappers type-checked (with lines that must stay type errors), then run
// against the Prism mock: a real model import of a small file and a connections listing.
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrism } from "../../scripts/lib/prism.mjs";
import { runProcess as run } from "../../scripts/lib/process-run.mjs";
import { CONSUMER_TS, CONSUMER_TSCONFIG } from "./consumer-program.js";
import ts from "typescript";
import { installPackedPackage, type InstalledPackage } from "./installed-package.js";

const LONG = 240_000;
const MODEL_BYTES = 2 * 1024 * 1024 + 123; // three chunks of 1 MiB
const DIRECTIVE = /^(\s*)\/\/ @ts-expect-error\b.*$/;
// What the compiler says for each directive of CONSUMER_TS, in order.
const EXPECTED_ERRORS = [/"Profanity"/, /api_version|your_resource_name|deployment_id/, /"\/api\/public\/unknown"/];

let installed: InstalledPackage;
let prism: { url: string; stop(): Promise<void>; output(): string };

beforeAll(async () => {
  [installed, prism] = await Promise.all([installPackedPackage(), startPrism({ readyTimeoutMs: 120_000 })]);
  writeFileSync(join(installed.project, "consumer.ts"), CONSUMER_TS);
}, LONG);
afterAll(async () => {
  await prism?.stop();
  if (installed) rmSync(installed.scratch, { recursive: true, force: true });
});

// One compiler run for both checks, in this process: the consumer program (which must compile
// clean and is emitted for the run below) and its copy with the directives blanked (which must
// fail exactly where they stood). Checking the package's declarations (skipLibCheck off) is most
// of the cost, and a shared program pays it once.
interface Compiled {
  consumer: string[];
  blanked: Array<{ line: number; message: string }>;
}

function compile(project: string): Compiled {
  const lines = CONSUMER_TS.split("\n");
  writeFileSync(join(project, "blanked.ts"), lines.map((line) => line.replace(DIRECTIVE, "$1//")).join("\n"));
  const { options, errors } = ts.convertCompilerOptionsFromJson(CONSUMER_TSCONFIG.compilerOptions, project);
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, formatHost(project)));
  const program = ts.createProgram({ rootNames: [join(project, "consumer.ts"), join(project, "blanked.ts")], options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const of = (name: string) => diagnostics.filter((d) => d.file?.fileName === join(project, name) || (d.file === undefined && name === "consumer.ts"));
  const consumer = of("consumer.ts").map((d) => ts.formatDiagnostic(d, formatHost(project)));
  if (consumer.length === 0) program.emit(program.getSourceFile(join(project, "consumer.ts")));
  const blanked = of("blanked.ts").map((d) => ({
    line: d.file!.getLineAndCharacterOfPosition(d.start!).line + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  }));
  return { consumer, blanked };
}

function formatHost(project: string): ts.FormatDiagnosticsHost {
  return { getCanonicalFileName: (f) => f, getCurrentDirectory: () => project, getNewLine: () => "\n" };
}

describe("the packed package in a fresh project", () => {
  let compiled: Compiled;
  beforeAll(() => {
    compiled = compile(installed.project);
  }, LONG);

  it("type-checks and compiles the consumer program under strict settings, the package's declarations included", () => {
    expect(compiled.consumer).toEqual([]);
  });

  it("keeps each @ts-expect-error line an error, for the reason it names", () => {
    // Each line after a directive, and only those, must fail to compile, with the error its comment expects.
    const expected = CONSUMER_TS.split("\n").flatMap((line, i) => (DIRECTIVE.test(line) ? [i + 2] : []));
    expect(expected).toHaveLength(EXPECTED_ERRORS.length);
    expect(compiled.blanked.map((e) => e.line)).toEqual(expected);
    compiled.blanked.forEach((error, i) => {
      expect(error.message).toMatch(EXPECTED_ERRORS[i]!);
    });
  });

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
    // The middleware sees every request: the session, each chunk (a chunk may be sent again, as
    // the client retries one whose connection dropped, which a busy machine can make happen),
    // the completion and the listing.
    const chunkPosts = (printed.seen as string[]).slice(1, -2);
    expect(printed.seen.slice(0, 1).concat(printed.seen.slice(-2))).toEqual(["POST /api/public/files/session/start", "POST /api/public/files/session/{sessionId}/complete", "GET /api/public/connections"]);
    expect(new Set(chunkPosts)).toEqual(new Set(["POST /api/public/files/session/{sessionId}"]));
    expect(chunkPosts.length).toBeGreaterThanOrEqual(3);
    expect(printed).toMatchObject({
      specVersion: "0.3.0",
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
