// Documentation samples as code: every ```ts block of a markdown file, written out as a module
// with the package's names pointed at the sources, type-checked, and run as written in a process
// of its own. A sample that imports vitest is a test file and runs under vitest; any other runs
// as a bundle of it and the sources it imports (one esbuild build for all of them, so the
// sources are compiled once, not once per process), or with tsx when it starts a mock or an MCP
// server, whose code finds its files beside its own module. Each run has a time bound and must end by itself: a hung wait or a timer left behind
// fails it, as it would keep a reader's script from exiting.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";
import { runBounded, type BoundedRun } from "./bounded-run.js";

export interface Sample {
  /** The markdown file, relative to the repository (README.md, docs/guides/jobs.md). */
  source: string;
  /** 1-based among the file's ts blocks. */
  index: number;
  /** Line in the markdown of the block's first line of code (1-based). */
  line: number;
  code: string;
}

export interface WrittenSample extends Sample {
  /** The module written for it. */
  file: string;
  /** Whether it is a vitest test file (imports vitest). */
  isTest: boolean;
  /** The bundle that runs it with plain node, once bundleSamples made one. */
  bundle?: string;
}

// Entries whose code reads files next to its own module (the packaged spec, Prism's helpers,
// package.json): a bundle would move it away from them.
const NEEDS_SOURCES = /@platform\/management-client\/(mock|mcp)["']/;

/**
 * Bundles every sample that can run as a bundle into `dir`, in one build (shared code in shared
 * chunks), and notes the bundle on it. Packages stay imports, found in the repo's node_modules.
 */
export async function bundleSamples(samples: WrittenSample[], dir: string): Promise<void> {
  const bundled = samples.filter((s) => !s.isTest && !NEEDS_SOURCES.test(s.code));
  if (bundled.length === 0) return;
  const { build } = await import("esbuild");
  const entryPoints = Object.fromEntries(bundled.map((s) => [relative(dirname(s.file), s.file).replace(/\.ts$/, ""), s.file]));
  await build({
    entryPoints,
    outdir: dir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    outExtension: { ".js": ".mjs" },
    logLevel: "error",
    absWorkingDir: REPO_ROOT,
  });
  for (const sample of bundled) sample.bundle = join(dir, `${relative(dirname(sample.file), sample.file).replace(/\.ts$/, "")}.mjs`);
}

/** The package's public names, mapped to the sources. Longest first, so a subpath is never taken for the root. */
export const ENTRY_POINTS: Record<string, string> = {
  "@platform/management-client/node": "src/node.ts",
  "@platform/management-client/mock": "src/mock/start-mock.ts",
  "@platform/management-client/mcp": "src/mcp.ts",
  "@platform/management-client": "src/index.ts",
};
const PACKAGE_SPECIFIER = /(["'])(@platform\/management-client(?:\/[^"']*)?)\1/g;

/** Every ```ts block of a markdown text, with the line it starts on. */
export function extractSamples(source: string, markdown: string): Sample[] {
  const samples: Sample[] = [];
  let open: { line: number; body: string[] } | undefined;
  markdown.split("\n").forEach((text, i) => {
    if (open === undefined) {
      if (/^```ts\s*$/.test(text)) open = { line: i + 2, body: [] };
      return;
    }
    if (/^```\s*$/.test(text)) {
      samples.push({ source, index: samples.length + 1, line: open.line, code: `${open.body.join("\n")}\n` });
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  if (open) throw new Error(`${source}: a \`\`\`ts block opened on line ${open.line - 1} is never closed`);
  return samples;
}

/** The sample's code with the package's names rewritten to the sources, as seen from `dir`. */
export function pointAtSources(sample: Sample, dir: string): string {
  return sample.code.replace(PACKAGE_SPECIFIER, (_whole, quote: string, specifier: string) => {
    const target = ENTRY_POINTS[specifier];
    if (!target) throw new Error(`${sample.source} sample ${sample.index}: ${specifier} is not an entry of the package (${Object.keys(ENTRY_POINTS).join(", ")})`);
    const path = relative(dir, resolve(REPO_ROOT, target)).replace(/\.ts$/, ".js");
    return `${quote}${path.startsWith(".") ? path : `./${path}`}${quote}`;
  });
}

/**
 * Writes each sample into `dir`: a test file as `<stem>-<n>.test.ts`, any other as `<stem>-<n>.ts`,
 * or as `<stem>.ts` when `numbered` is false (samples that import each other by name).
 */
export function writeSamples(samples: Sample[], dir: string, stem: (sample: Sample) => string, { numbered = true } = {}): WrittenSample[] {
  mkdirSync(dir, { recursive: true });
  return samples.map((sample) => {
    const isTest = /from\s+["']vitest["']/.test(sample.code);
    const file = join(dir, `${stem(sample)}${numbered ? `-${sample.index}` : ""}${isTest ? ".test" : ""}.ts`);
    writeFileSync(file, pointAtSources(sample, dir));
    return { ...sample, file, isTest };
  });
}

/** tsc's `path(line,col): error …` lines, pointed back at the markdown and its line. */
export function inMarkdownTerms(output: string, samples: WrittenSample[]): string {
  const byFile = new Map(samples.map((s) => [relative(REPO_ROOT, s.file), s]));
  return output.replace(/^(\S+?\.ts)\((\d+),(\d+)\)/gm, (whole, path: string, line: string, column: string) => {
    const sample = byFile.get(path) ?? byFile.get(relative(REPO_ROOT, resolve(REPO_ROOT, path)));
    return sample ? `${sample.source}:${sample.line + Number(line) - 1}:${column} (sample ${sample.index})` : whole;
  });
}

/** A sample's run: its exit, its output and whether the bound ended it. */
export type SampleRun = BoundedRun;

const TSX = fileURLToPath(import.meta.resolve("tsx"));
const VITEST = resolve(REPO_ROOT, "node_modules/vitest/vitest.mjs");
const VITEST_CONFIG = resolve(REPO_ROOT, "test/support/samples.vitest.config.ts");

/**
 * Runs a written sample to its end, in `cwd` (default: a scratch directory the caller made),
 * with `env` added to this process's environment. After `timeoutMs` its whole process group is
 * killed (a sample may start Prism) and the run reports timedOut.
 */
export function runSample(sample: WrittenSample, options: { env?: Record<string, string>; cwd: string; timeoutMs: number }): Promise<SampleRun> {
  const args = sample.isTest
    ? [VITEST, "run", "--config", VITEST_CONFIG, "--root", REPO_ROOT, relative(REPO_ROOT, sample.file)]
    : sample.bundle
      ? [sample.bundle]
      : ["--import", TSX, sample.file];
  return runBounded(process.execPath, args, {
    cwd: sample.isTest ? REPO_ROOT : options.cwd,
    ...(options.env ? { env: options.env } : {}),
    timeoutMs: options.timeoutMs,
  });
}

/** A failure message for a run that did not end well: what a reader would have seen. */
export function describeRun(sample: WrittenSample, run: SampleRun, timeoutMs: number): string {
  const where = `${sample.source}:${sample.line} (sample ${sample.index})`;
  const why = run.timedOut ? `did not end within ${timeoutMs / 1000} s (a wait that never ends, or a timer or server left running)` : `exited with ${run.signal ?? run.code}`;
  return `${where} ${why}\n--- stdout\n${run.stdout.slice(-2000)}\n--- stderr\n${run.stderr.slice(-4000)}`;
}
