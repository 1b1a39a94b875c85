// The guides in docs/guides are code as much as prose: every ```ts block is a complete module,
// written under test/.guides with the package's names pointed at the sources, and all of them
// are type-checked together in one strict tsc run. A sample that drifts from the API fails here,
// its diagnostics mapped back to the guide's own lines.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/spec.mjs";

const GUIDES_DIR = resolve(REPO_ROOT, "docs/guides");
// Generated files; test/ is in tsconfig's include, but tsc skips dot-directories there.
const OUT_DIR = resolve(REPO_ROOT, "test/.guides");

// The guides issue 6 asks for (the discrepancy table is generated, one level up).
const REQUIRED_GUIDES = [
  "authentication.md",
  "jobs.md",
  "model-import.md",
  "chunks.md",
  "tools.md",
  "guardrails.md",
  "attachments.md",
  "errors-and-retries.md",
  "testing-with-the-mock.md",
];
const INDEX = "README.md";
const INDEX_LINKS = [...REQUIRED_GUIDES, "../discrepancies.md", "../security-review.md"];

// The package's public names, mapped to the sources relative to OUT_DIR. Longest first, so a
// subpath is never taken for the root name.
const ENTRY_POINTS: Record<string, string> = {
  "@platform/management-client/node": "../../src/node.js",
  "@platform/management-client/mock": "../../src/mock/start-mock.js",
  "@platform/management-client": "../../src/index.js",
};
const PACKAGE_SPECIFIER = /(["'])(@platform\/management-client(?:\/[^"']*)?)\1/g;

interface Sample {
  guide: string;
  index: number;
  /** Line in the guide of the sample's first line of code (1-based). */
  line: number;
  code: string;
  file: string;
}

/** Every ```ts block of a guide, with the line it starts on. */
function extractSamples(guide: string, markdown: string): Omit<Sample, "file">[] {
  const samples: Omit<Sample, "file">[] = [];
  const lines = markdown.split("\n");
  let open: { line: number; body: string[] } | undefined;
  lines.forEach((text, i) => {
    if (open === undefined) {
      if (/^```ts\s*$/.test(text)) open = { line: i + 2, body: [] };
      return;
    }
    if (/^```\s*$/.test(text)) {
      samples.push({ guide, index: samples.length + 1, line: open.line, code: open.body.join("\n") + "\n" });
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  if (open) throw new Error(`${guide}: a \`\`\`ts block opened on line ${open.line - 1} is never closed`);
  return samples;
}

/** The sample with the package's names rewritten to the sources; unknown subpaths are refused. */
function pointAtSources(sample: Omit<Sample, "file">): string {
  return sample.code.replace(PACKAGE_SPECIFIER, (whole, quote: string, specifier: string) => {
    const target = ENTRY_POINTS[specifier];
    if (!target) throw new Error(`${sample.guide} sample ${sample.index}: ${specifier} is not an entry the guides may use (${Object.keys(ENTRY_POINTS).join(", ")})`);
    return `${quote}${target}${quote}`;
  });
}

const guideFiles = existsSync(GUIDES_DIR) ? readdirSync(GUIDES_DIR).filter((name) => name.endsWith(".md")).sort() : [];
const samples: Sample[] = guideFiles.flatMap((guide) =>
  extractSamples(guide, readFileSync(join(GUIDES_DIR, guide), "utf8")).map((sample) => ({
    ...sample,
    file: join(OUT_DIR, `${guide.replace(/\.md$/, "")}-${sample.index}.ts`),
  })),
);

/** tsc's `path(line,col): error …` lines, pointed back at the guide and its line. */
function inGuideTerms(output: string): string {
  const byFile = new Map(samples.map((s) => [relative(REPO_ROOT, s.file), s]));
  return output.replace(/^(\S+?\.ts)\((\d+),(\d+)\)/gm, (whole, path: string, line: string, column: string) => {
    const sample = byFile.get(path) ?? byFile.get(relative(REPO_ROOT, resolve(REPO_ROOT, path)));
    if (!sample) return whole;
    return `docs/guides/${sample.guide}:${sample.line + Number(line) - 1}:${column} (sample ${sample.index})`;
  });
}

let tsc: { status: number | null; output: string } | undefined;

beforeAll(() => {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  for (const sample of samples) writeFileSync(sample.file, pointAtSources(sample));
  if (samples.length === 0) return;
  const args = [
    "--noEmit",
    "--strict",
    "--noUncheckedIndexedAccess",
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
  const run = spawnSync(process.execPath, [resolve(REPO_ROOT, "node_modules/typescript/bin/tsc"), ...args], { cwd: REPO_ROOT, encoding: "utf8" });
  if (run.error) throw run.error;
  tsc = { status: run.status, output: `${run.stdout}${run.stderr}` };
}, 180_000);

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

  it.each(guideFiles.filter((g) => g !== INDEX))("%s has at least one ts sample, each importing the package", (guide) => {
    const own = samples.filter((s) => s.guide === guide);
    expect(own.length, `docs/guides/${guide} has no \`\`\`ts sample`).toBeGreaterThan(0);
    for (const sample of own) {
      // An import makes the block a module (its declarations stay its own, top-level await works)
      // and is what the sample is for: showing the package's public API.
      expect(sample.code, `docs/guides/${guide}:${sample.line} (sample ${sample.index}) imports nothing from the package`).toMatch(
        /from\s+["']@platform\/management-client(\/(node|mock))?["']/,
      );
    }
  });

  it("type-checks every sample in one strict tsc run with no diagnostics", () => {
    expect(samples.length).toBeGreaterThan(0);
    expect(tsc, "tsc did not run").toBeDefined();
    expect(inGuideTerms(tsc!.output)).toBe("");
    expect(tsc!.status).toBe(0);
  });
});
