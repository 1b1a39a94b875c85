// The guides in docs/guides are code as much as prose: every ```ts block is a complete module,
// written under test/.guides with the package's names pointed at the sources (test/support/
// samples.ts), type-checked together in one strict tsc run, and then run as written, each in a
// process of its own against a fresh stateful mock, from a scratch directory, with a time bound.
// A sample that drifts from the API, throws, hangs or leaves a timer behind fails here, named by
// its guide and line; so does one that prints a credential.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { TSC } from "../support/checker.js";
import { startMock } from "../../src/mock/start-mock.js";
import { describeRun, extractSamples, inMarkdownTerms, runSample, writeSamples, type Sample, type SampleRun, type WrittenSample, bundleSamples } from "../support/samples.js";

const GUIDES_DIR = resolve(REPO_ROOT, "docs/guides");
// Generated files; test/ is in tsconfig's include, but tsc skips dot-directories there.
const OUT_DIR = resolve(REPO_ROOT, "test/.guides");

// The guides issue 6 asks for, and connections (the discrepancy table is generated, one level up).
const REQUIRED_GUIDES = [
  "authentication.md",
  "connections.md",
  "jobs.md",
  "model-import.md",
  "chunks.md",
  "tools.md",
  "guardrails.md",
  "attachments.md",
  "errors-and-retries.md",
  "testing-with-the-mock.md",
  "response-drift.md",
];
const INDEX = "README.md";
// Guides with shell samples only: test/cli/documented-commands.test.ts checks the command-line
// guide's, test/spec/spec-diff/guide.test.ts the spec review guide's.
const SHELL_GUIDES = ["command-line.md", "spec-review.md"];
const INDEX_LINKS = [...REQUIRED_GUIDES, ...SHELL_GUIDES, "../discrepancies.md", "../security-review.md"];

// What the samples read from the environment, as docs/guides/README.md tells a reader to set it.
// Long enough for the client to mask them, and distinctive enough to find in any output.
const API_KEY = "guides-api-key-5c1d7e";
const JWT = "guides.jwt.9a4f2b";
const RUN_TIMEOUT_MS = 30_000;
// Two cores: two samples at a time, each a tsx (or vitest) process beside this one.
const CONCURRENCY = 2;
// Jobs end at their first poll: a sample that waits shows the whole flow without spending the
// default schedule's first second on each job. The MCP guide's sample shows a job still running
// when its call answers, so there a job takes one poll more.
const JOB_TIMING: Record<string, { polls: number }> = { "docs/guides/agents-and-mcp.md": { polls: 1 } };

// The client's aliases kept for one minor version; the guides teach what replaces them.
const DEPRECATED_CALL = /(?<!models)\.(importModel|resumeImport|uploadFile|waitForJob)\s*\(/;
// A declared value is undefined when the sample runs: samples make or fetch what they use.
const DECLARATION = /^\s*declare\s+(const|let|var|function)\b/m;

/** Provider secrets a sample hands the service (connection keys, custom headers, passphrases). */
function secretsIn(code: string): string[] {
  return [...code.matchAll(/\b(?:API_KEY|value|passphrase)\s*:\s*"([^"]{6,})"/g)].map((m) => m[1]!);
}

const guideFiles = existsSync(GUIDES_DIR) ? readdirSync(GUIDES_DIR).filter((name) => name.endsWith(".md")).sort() : [];
const extracted: Sample[] = guideFiles.flatMap((guide) => extractSamples(`docs/guides/${guide}`, readFileSync(join(GUIDES_DIR, guide), "utf8")));
const stem = (sample: Sample) => sample.source.replace(/^docs\/guides\//, "").replace(/\.md$/, "");
const where = (sample: Sample) => `${sample.source}:${sample.line} (sample ${sample.index})`;

let samples: WrittenSample[] = [];
let tsc: { status: number | null; output: string } | undefined;

beforeAll(async () => {
  rmSync(OUT_DIR, { recursive: true, force: true });
  samples = writeSamples(extracted, OUT_DIR, stem);
  if (samples.length === 0) return;
  await bundleSamples(samples, join(OUT_DIR, "bundled"));
  const args = [
    // The files named here, with these options, not the project's tsconfig.
    "--ignoreConfig",
    "--noEmit",
    "--strict",
    "--noUncheckedIndexedAccess",
    // The strictest setting users turn on: the declarations must take what the samples pass.
    "--exactOptionalPropertyTypes",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2022",
    "--lib",
    "es2022,dom,dom.iterable",
    "--types",
    "node",
    "--skipLibCheck",
    ...samples.map((s) => relative(REPO_ROOT, s.file)),
  ];
  const run = spawnSync(process.execPath, [TSC, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
  if (run.error) throw run.error;
  tsc = { status: run.status, output: `${run.stdout}${run.stderr}` };
}, 180_000);

/** At most `limit` of the functions given to it run at once; the others wait their turn. */
function limiter(limit: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((go) => queue.push(go));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}
const slot = limiter(CONCURRENCY);

/** Runs one sample as a reader would: a fresh stateful mock, the environment set, an empty directory. */
async function runAsWritten(sample: WrittenSample): Promise<SampleRun> {
  const cwd = mkdtempSync(join(tmpdir(), `guide-${stem(sample)}-${sample.index}-`));
  // A test file starts the mocks it needs itself.
  const mock = sample.isTest ? undefined : await startMock({ stateful: true, existing: "examples", jobs: JOB_TIMING[sample.source] ?? { polls: 0 } });
  try {
    const env = { PLATFORM_BASE_URL: mock?.url ?? "", PLATFORM_API_KEY: API_KEY, PLATFORM_JWT: JWT };
    return await runSample(sample, { env, cwd, timeoutMs: RUN_TIMEOUT_MS });
  } finally {
    await mock?.stop();
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe("docs/guides", () => {
  it.each(REQUIRED_GUIDES)("has the guide %s", (guide) => {
    expect(existsSync(join(GUIDES_DIR, guide)), `docs/guides/${guide} is missing`).toBe(true);
  });

  it("has an index linking every guide, the discrepancy table and the security review", () => {
    const index = readFileSync(join(GUIDES_DIR, INDEX), "utf8");
    for (const target of INDEX_LINKS) expect(index, `docs/guides/${INDEX} does not link ${target}`).toContain(`](${target})`);
    for (const target of ["../discrepancies.md", "../security-review.md"]) {
      expect(existsSync(resolve(GUIDES_DIR, target)), `${target} (linked from the index) does not exist`).toBe(true);
    }
  });

  it.each(guideFiles.filter((g) => g !== INDEX && !SHELL_GUIDES.includes(g)))("%s has at least one ts sample, each a module of the current API", (guide) => {
    const own = extracted.filter((s) => s.source === `docs/guides/${guide}`);
    expect(own.length, `docs/guides/${guide} has no \`\`\`ts sample`).toBeGreaterThan(0);
    for (const sample of own) {
      // An import makes the block a module (its declarations stay its own, top-level await works)
      // and is what the sample is for: showing the package's public API.
      expect(sample.code, `${where(sample)} imports nothing from the package`).toMatch(/from\s+["']@platform\/management-client(\/(node|mock))?["']/);
      expect(sample.code, `${where(sample)} calls a deprecated alias`).not.toMatch(DEPRECATED_CALL);
      expect(sample.code, `${where(sample)} declares a value it needs when it runs`).not.toMatch(DECLARATION);
    }
  });

  // Its test files run below as written, from the guide's text, like every other sample.
  it("testing-with-the-mock.md leads with an in-process test, then one behind MSW, then one over HTTP", () => {
    const kind = (code: string) => {
      if (!/from\s+["']vitest["']/.test(code)) return "not a test file";
      if (/from\s+["']msw["']/.test(code) && /mock\.handle\(request\)/.test(code)) return "MSW";
      if (/\bcreateStatefulMock\(/.test(code) && /fetch:\s*mock\.fetch\b/.test(code) && !/\bstartMock\(|\.listen\(/.test(code)) return "in-process";
      if (/\bstartMock\(\{\s*stateful:\s*true\b/.test(code)) return "HTTP";
      return "another test";
    };
    const own = extracted.filter((s) => s.source === "docs/guides/testing-with-the-mock.md");
    expect(own.slice(0, 3).map((s) => kind(s.code))).toEqual(["in-process", "MSW", "HTTP"]);
  });

  it("type-checks every sample in one strict tsc run with no diagnostics", () => {
    expect(samples.length).toBeGreaterThan(0);
    expect(tsc, "tsc did not run").toBeDefined();
    expect(inMarkdownTerms(tsc!.output, samples)).toBe("");
    expect(tsc!.status).toBe(0);
  });

  // Queued behind the slots, so the bound of each test covers its wait for one.
  it.concurrent.each(extracted.map((sample) => [where(sample), sample] as const))(
    "%s runs as written to its end, printing no secret",
    async (_name, { source, index }) => {
      const sample = samples.find((s) => s.source === source && s.index === index)!;
      const run = await slot(() => runAsWritten(sample));
      expect(run.code, describeRun(sample, run, RUN_TIMEOUT_MS)).toBe(0);
      const printed = run.stdout + run.stderr;
      for (const secret of [API_KEY, JWT, ...secretsIn(sample.code)]) {
        expect(printed.includes(secret), `${where(sample)} printed the secret ${secret.slice(0, 4)}…`).toBe(false);
      }
    },
    300_000,
  );
});
