// The README's samples are files a reader can save and run: each ```ts block names its file on
// its first line (`// client.ts`), the others import `./client.js`. Here they are written out as
// those files, type-checked together under strict settings, and each is run as written, in a
// process of its own, against a fresh stateful mock that knows the models and tools they name.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStatefulMock } from "../src/mock/stateful/server.js";
import { REPO_ROOT } from "../scripts/lib/spec.mjs";
import { TSC } from "./support/checker.js";
import { bundleSamples, describeRun, extractSamples, inMarkdownTerms, runSample, writeSamples, type Sample, type WrittenSample } from "./support/samples.js";

const README = "README.md";
const OUT_DIR = resolve(REPO_ROOT, "test/.readme");
const RUN_BOUND_MS = 30_000;
const CREDENTIALS = { PLATFORM_API_KEY: "readme-api-key-7f3c", PLATFORM_JWT: "eyJreadme.payload.signature" };
// Secrets the samples themselves hold: provider keys and a custom connection's header.
const SAMPLE_SECRETS = ["sk-provider-key", "sk-rotated-key", "internal-token"];

const FILE_NAME = /^\/\/ (\w+)\.ts\n/;
const fileName = (sample: Sample): string => {
  const name = FILE_NAME.exec(sample.code)?.[1];
  if (name === undefined) throw new Error(`${sample.source}:${sample.line}: a README sample starts with its file name, as "// name.ts"`);
  return name;
};

const samples = extractSamples(README, readFileSync(resolve(REPO_ROOT, README), "utf8"));
let written: WrittenSample[] = [];
let scratch: string;

beforeAll(async () => {
  rmSync(OUT_DIR, { recursive: true, force: true });
  written = writeSamples(samples, OUT_DIR, fileName, { numbered: false });
  await bundleSamples(written, join(OUT_DIR, "bundled"));
  scratch = mkdtempSync(join(tmpdir(), "readme-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("README samples", () => {
  it("are the files the README walks through, in its order", () => {
    expect(samples.map(fileName)).toEqual(["client", "connections", "chunks", "jobs", "import", "tools", "errors", "mock"]);
  });

  it("type-check together under strict settings, exactOptionalPropertyTypes included", () => {
    const tsc = TSC;
    const args = ["--ignoreConfig", "--noEmit", "--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--lib", "es2022,dom,dom.iterable", "--types", "node", "--skipLibCheck", ...written.map((w) => w.file)];
    const run = spawnSync(process.execPath, [tsc, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(inMarkdownTerms(run.stdout + run.stderr, written)).toBe("");
    expect(run.status).toBe(0);
  }, 90_000);

  // client.ts only builds the client; the others run, each against a mock of its own.
  describe.each(samples.map(fileName).filter((name) => name !== "client"))("%s.ts", (name) => {
    let output = "";
    let mock: { url: string; stop(): Promise<void> };
    beforeAll(async () => {
      mock = await startStatefulMock({ existing: "examples", jobs: { polls: 1 } });
      const sample = written.find((w) => fileName(w) === name)!;
      const cwd = mkdtempSync(join(scratch, `${name}-`));
      const run = await runSample(sample, { cwd, timeoutMs: RUN_BOUND_MS, env: { PLATFORM_BASE_URL: mock.url, ...CREDENTIALS } });
      output = `${run.stdout}\n${run.stderr}`;
      expect(run.code, describeRun(sample, run, RUN_BOUND_MS)).toBe(0);
    }, RUN_BOUND_MS + 10_000);
    afterAll(async () => mock?.stop());

    it("prints no credential and no secret of its own", () => {
      for (const secret of [...Object.values(CREDENTIALS), ...SAMPLE_SECRETS]) expect(output).not.toContain(secret);
    });

    it("prints what the README says it prints", () => {
      expect(output).toMatch(EXPECTED_OUTPUT[name]!);
    });
  });
});

// One line each sample's comments promise, so a run that ends early but quietly still fails.
const EXPECTED_OUTPUT: Record<string, RegExp> = {
  connections: /^cn-\S+ \d+ \[/m,
  chunks: /^\d+ \d+ \[.*'chk-5f2a9c3e'.*\]$/m,
  jobs: /^SUCCESS SUCCESS SUCCESS$/m,
  import: /^4\/4 chunks$[\s\S]*^cm-\S+ SUCCESS$[\s\S]*^https?:\/\//m,
  tools: /^SUCCESS https?:\/\/\S+$[\s\S]*^SUCCESS$/m,
  errors: /deployModel: hyperParameters\.temperature must be <= 2[\s\S]*^404 getConnection$/m,
  mock: /^JobFailedError \d+$/m,
};
