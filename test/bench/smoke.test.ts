// The benchmarks' smoke mode in CI: `node bench/run.mjs --quick` runs every benchmark on small
// sizes and must exit 0, which it does only when the sink's hash matched on every import and the
// import's peak memory (a path source, and stream sources through both entries) did not grow
// with the file size. The speed targets are not judged here
// (timed assertions flake on shared CI machines); `npm run bench` reports them.
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { evaluate, growsWithFileSize } from "../../bench/lib/verdicts.mjs";
import { runBounded } from "../support/bounded-run.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RESULTS_MD = resolve(ROOT, "bench/results.md");

function mtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

// The orchestrator bounds every child itself, generously: a busy machine makes the run slow,
// never wrong. Speed is judged by a full `npm run bench`, not here; the bound is the test's own.
const runQuick = () => runBounded(process.execPath, [resolve(ROOT, "bench/run.mjs"), "--quick"], { cwd: ROOT, timeoutMs: 590_000 });

const MiB = 1024 * 1024;
const importRun = (variant: string, peakRssMiB: number | null, hashOk = true, fileSize = 256 * MiB) => ({
  variant,
  fileSize,
  mibPerSecond: 100,
  peakRssMiB,
  hashOk,
  problems: hashOk ? [] : ["sink sha256 abc is not the file's def"],
});

describe("bench --quick", () => {
  it(
    "runs every benchmark on small sizes, the sink's hashes match and memory does not grow with the file size",
    async () => {
      const before = mtime(RESULTS_MD);
      const { code, stdout, stderr } = await runQuick();
      expect(stdout + stderr, "the run's output").not.toMatch(/GATE FAILED|ERROR:/);
      expect(code, `bench --quick exited with ${code}\n${stdout}\n${stderr}`).toBe(0);
      // One table, with every benchmark in it.
      const titles = [
        "1. Import",
        "2. Memory: peak RSS",
        "2. Memory, stream source: the Node entry",
        "2. Memory, stream source: the portable entry",
        "3. Latency hiding",
        "4. Per-call overhead",
        "4. Per-call overhead: against the limit",
        '4. Per-call overhead: validateResponses "warn"',
        "5. Pagination",
        "6. Waiter",
        "7. Stateful mock",
        "8. Command line: platform models import",
        "8. Command line: peak RSS",
        "8. Command line: the progress bar",
        "8. Command line: platform chunks list -o jsonl",
        "8. Command line: peak RSS of a listing",
        "8. Command line: platform --help",
        "8. Command line: platform completion bash",
        "10. MCP server: 100 tools/call",
        "10. MCP server: import_model",
        "10. MCP server: peak RSS",
        "9. Size",
        "10. Spec diff: the spec against its previous release",
      ];
      for (const title of titles) {
        expect(stdout).toContain(`| ${title}`);
      }
      expect(stdout).toMatch(/\| 1\. Import: sink sha256 of the chunks in order \| runs whose hash matched \| (\d+)\/\1 \|/);
      // Only a full run rewrites the recorded results.
      expect(mtime(RESULTS_MD)).toBe(before);
    },
    // Far above the run's usual 20 to 50 s: only a hung child should reach it.
    600_000,
  );

  it("fails the run on a hash mismatch in any import", () => {
    const verdicts = evaluate(
      { import: [importRun("client", 100), importRun("fetch", 90, false)], memory: [importRun("client", 100, true, 64 * MiB)], latency: [], errors: [] },
      { selected: ["import", "memory"], curl: false, bigSize: 256 * MiB, smallSize: 64 * MiB },
    );
    expect(verdicts.gateFailures).toEqual([expect.stringContaining("fetch import: sink sha256 abc is not the file's def")]);
    expect(verdicts.import.hashOk).toBe(false);
  });

  it("fails the run when the import's peak RSS grows with the file size", () => {
    const sizes = { bigSize: 256 * MiB, smallSize: 64 * MiB };
    const memoryOf = (big: number[], small: number[]) =>
      evaluate(
        {
          import: big.map((peak) => importRun("client", peak, true, 256 * MiB)),
          memory: small.map((peak) => importRun("client", peak, true, 64 * MiB)),
          latency: [],
          errors: [],
        },
        { selected: ["memory"], curl: false, ...sizes },
      );
    // A client that holds the file: +192 MiB for +192 MiB of file.
    const holdsFile = memoryOf([300, 310, 305], [110, 115, 113]);
    expect(holdsFile.gateFailures).toEqual([expect.stringMatching(/^memory grows with file size: median peak RSS 305 MiB for 256 MiB vs 113 MiB for 64 MiB/)]);
    // A client that holds a quarter of it.
    expect(memoryOf([165], [113]).gateFailures).toHaveLength(1);
    // Flat, and garbage-collection noise of a few MiB either way: no failure.
    expect(memoryOf([120, 125], [118, 121]).gateFailures).toEqual([]);
    expect(memoryOf([130], [113]).gateFailures).toEqual([]);
    expect(memoryOf([100], [120]).gateFailures).toEqual([]);
    expect(growsWithFileSize(230, 200, 1024, 256)).toBe(false);
    expect(growsWithFileSize(330, 200, 1024, 256)).toBe(true);
  });

  it("fails the run when a stream source's peak RSS grows with the file size, through either entry", () => {
    const sizes = { bigSize: 1024 * MiB, smallSize: 256 * MiB };
    const stream = (variant: string, peak: number, fileSize: number) => importRun(variant, peak, true, fileSize);
    const verdicts = evaluate(
      {
        import: [],
        memory: [],
        streams: [
          stream("client-stream", 160, 1024 * MiB),
          stream("client-stream", 158, 256 * MiB),
          stream("portable-stream", 1010, 1024 * MiB),
          stream("portable-stream", 300, 256 * MiB),
        ],
        latency: [],
        errors: [],
      },
      { selected: ["streams"], curl: false, ...sizes },
    );
    expect(verdicts.gateFailures).toEqual([expect.stringMatching(/^portable-stream memory grows with file size: median peak RSS 1,010 MiB for 1,024 MiB vs 300 MiB/)]);
    expect(verdicts.streams["client-stream"].flat).toBe(true);
  });

  it("judges the import against curl, throughput and the sender's CPU per GiB", () => {
    const run = (variant: string, mibPerSecond: number, cpuSeconds: number) => ({ ...importRun(variant, 100), mibPerSecond, cpuSeconds });
    const verdicts = evaluate(
      { import: [run("client", 700, 0.2), run("curl", 760, 0.1), run("fetch", 330, 0.8)], memory: [], latency: [], errors: [] },
      { selected: ["import"], curl: true, bigSize: 256 * MiB, smallSize: 64 * MiB },
    );
    expect(verdicts.import.ratio).toBeCloseTo(700 / 760);
    expect(verdicts.import.met).toBe(true);
    expect(verdicts.import.cpuRatio).toBeCloseTo(2);
    expect(verdicts.import.cpuMet).toBe(true);
    const slower = evaluate(
      { import: [run("client", 600, 0.25), run("curl", 760, 0.1)], memory: [], latency: [], errors: [] },
      { selected: ["import"], curl: true, bigSize: 256 * MiB, smallSize: 64 * MiB },
    );
    expect(slower.missed).toEqual([expect.stringMatching(/^import throughput 600 MiB\/s = 0\.79× of curl/), expect.stringMatching(/2\.50× curl's, target ≤ 2×$/)]);
  });

  it("judges the spec diff of the whole spec against its previous release by its time from spawn to exit", () => {
    const sizes = { bigSize: 1024 * MiB, smallSize: 256 * MiB };
    const pair = (processMs: number[]) => ({ label: "the spec against its previous release", changes: 0, level: "none", processMs, inProcessMs: [150] });
    const fast = evaluate(
      { import: [], memory: [], latency: [], errors: [], specdiff: { pairs: [pair([900, 1000, 1100])] } },
      { selected: ["specdiff"], curl: true, ...sizes },
    );
    expect(fast.specdiff).toEqual({ ms: 1000, met: true });
    const slow = evaluate(
      { import: [], memory: [], latency: [], errors: [], specdiff: { pairs: [pair([2500, 2100, 1900])] } },
      { selected: ["specdiff"], curl: true, ...sizes },
    );
    expect(slow.missed).toEqual(["spec diff 2,100 ms from spawn to exit, target < 2,000 ms"]);
    const none = evaluate({ import: [], memory: [], latency: [], errors: [], specdiff: { pairs: [] } }, { selected: ["specdiff"], curl: true, ...sizes });
    expect(none.gateFailures).toEqual(["spec diff: no pair of specs was measured"]);
  });

  it("judges the command line against the library, its memory, the bar's cost, its listing and its start-up", () => {
    const listing = {
      chunks: 100_000,
      smallChunks: 10_000,
      pairChunks: 1_000_000,
      pairSmallChunks: 100_000,
      cliRate: [180_000, 200_000],
      libraryRate: [190_000, 210_000],
      // At Node's defaults, for the record: V8's warm-up, not the listing (1.19×).
      cliPeakRssMiB: [116, 116],
      cliSmallPeakRssMiB: [97, 98],
      libraryPeakRssMiB: [75],
      // Judged: the pairs, both past V8's warm-up.
      cliPairPeakRssMiB: [71, 70],
      cliSmallPairPeakRssMiB: [69, 70],
      cliHeapAfterGcMiB: [12.2, 12.1],
      cliSmallHeapAfterGcMiB: [11.9, 12],
    };
    const cli = {
      fileSize: 1024 * MiB,
      // Pairs with cliMiBps, index for index: the second pair met a busier moment.
      libraryMiBps: [400, 250, 500],
      cliCpuS: [2.3, 2.4, 2.2],
      libraryCpuS: [2.2, 2.3, 2.2],
      inProcessMiBps: [450, 460],
      // The plain run pays no `script`: the bar is judged against --progress none under `script`.
      cliMiBps: [300, 440, 460],
      cliBarMiBps: [385, 370],
      cliPtyMiBps: [380, 390],
      cliBarCpuS: [2.1, 2.2],
      cliPtyCpuS: [2.0, 2.1],
      cliPeakRssMiB: [110, 120],
      cliBarPeakRssMiB: [118, 121],
      startupMs: [110, 120, 130],
      completionStartupMs: [100, 105],
      bundledStartupMs: [90, 95],
      bundledCompletionStartupMs: [92],
      nodeStartupMs: [40, 45],
      listing,
      hashOk: true,
      problems: [],
    };
    const sizes = { bigSize: 1024 * MiB, smallSize: 256 * MiB };
    const good = evaluate({ import: [], memory: [], latency: [], errors: [], cli }, { selected: ["cli"], curl: true, ...sizes });
    expect(good.cli).toMatchObject({
      met: true,
      peak: 121,
      peakMet: true,
      barMet: true,
      startup: 120,
      startupMet: true,
      completionStartup: 102.5,
      completionStartupMet: true,
      listMet: true,
      listFlat: true,
    });
    // The median of the pairs' ratios (0.75, 1.76, 0.92), not the ratio of the medians (440 / 400).
    expect(good.cli.ratio).toBeCloseTo(460 / 500);
    // The median of the pairs' ratios (bar over --progress none run beside it), not a ratio of medians.
    expect(good.cli.barRatio).toBeCloseTo((385 / 380 + 370 / 390) / 2);
    expect(good.cli.listRatio).toBeCloseTo(190_000 / 200_000);
    expect(good.cli.listGrowth).toBeCloseTo((71 / 69 + 70 / 70) / 2);
    expect(good.missed).toEqual([]);
    const bad = evaluate(
      {
        import: [],
        memory: [],
        latency: [],
        errors: [],
        cli: {
          ...cli,
          cliMiBps: [300],
          libraryMiBps: [410],
          cliBarMiBps: [200],
          cliPtyMiBps: [300],
          cliPeakRssMiB: [250],
          // The target is the installed command line's: a fast bundle does not meet it.
          startupMs: [400],
          completionStartupMs: [250],
          bundledStartupMs: [100],
          bundledCompletionStartupMs: [100],
          listing: { ...listing, cliRate: [150_000], cliPairPeakRssMiB: [90], cliSmallPairPeakRssMiB: [69] },
          hashOk: false,
          problems: ["cli: sink sha256 x is not the file's"],
        },
      },
      { selected: ["cli"], curl: true, ...sizes },
    );
    expect(bad.missed).toEqual([
      expect.stringMatching(/^platform models import 300 MiB\/s = 0\.73× the library's/),
      expect.stringMatching(/peak RSS 250 MiB, target < 200 MiB$/),
      expect.stringMatching(/^the progress bar costs: 0\.67×/),
      expect.stringMatching(/^platform --help starts in 400 ms/),
      expect.stringMatching(/^platform chunks list -o jsonl 150,000 chunks\/s = 0\.75× the library's/),
      expect.stringMatching(/^platform chunks list peak RSS 1\.30× from 100000 to 1000000 chunks/),
      expect.stringMatching(/^platform completion bash starts in 250 ms/),
    ]);
    expect(bad.gateFailures).toEqual(["command line import: cli: sink sha256 x is not the file's"]);
  });

  it("judges both mocks in the summary as in the table: the stateful mock's rate and flat memory, the in-process mock's ratios, creation and memory", () => {
    const sizes = { bigSize: 1024 * MiB, smallSize: 256 * MiB };
    const empty = { import: [], memory: [], latency: [], errors: [] };
    const mockImport = (size: number, peakRssMiB: number, digestsMatch = true) => ({
      size,
      baselineRssMiB: 47,
      peakRssMiB,
      peakRssRuns: [peakRssMiB],
      seconds: 5,
      digestsMatch,
    });
    const mock = {
      requestsPerSecond: [1500, 1600, 1400],
      requests: 90_000,
      errors: 0,
      pinned: true,
      import: [mockImport(1024 * MiB, 104), mockImport(64 * MiB, 99)],
    };
    const good = evaluate({ ...empty, mock }, { selected: ["mock"], curl: true, ...sizes });
    expect(good.mock).toMatchObject({ requests: 1500, requestsMet: true, flat: true });
    expect(good.missed).toEqual([]);
    const bad = evaluate(
      { ...empty, mock: { ...mock, requestsPerSecond: [900], errors: 2, import: [mockImport(1024 * MiB, 116, false), mockImport(64 * MiB, 99)] } },
      { selected: ["mock"], curl: true, ...sizes },
    );
    expect(bad.missed).toEqual([
      "the stateful mock answers 900 requests/s with 2 errors, target ≥ 1,000/s and none",
      "the stateful mock's peak RSS grows 1.17× from the small import to the big one, target ≤ 1.1×",
    ]);
    expect(bad.gateFailures).toEqual(["the stateful mock's chunk digests did not match the sender's"]);

    const figures = (inProcess: number, http: number, bare: number) => ({ inProcess: [inProcess], http: [http], bare: [bare], responses: [bare / 1.4] });
    const inImport = (size: number, peakRssMiB: number) => ({ size, peakRssMiB, peakRssRuns: [peakRssMiB], baselineRssMiB: 60, seconds: 1, chunks: 7 });
    const inprocess = {
      callsPerSecond: figures(12_000, 2_000, 7_000),
      cpuUsPerCall: figures(80, 500, 50),
      creationMs: { median: 0.2, p90: 0.4 },
      heapMiB: { before: 20, after: 20.5 },
      import: [inImport(50 * MiB, 170), inImport(100 * MiB, 180)],
    };
    const fine = evaluate({ ...empty, inprocess }, { selected: ["inprocess"], curl: true, ...sizes });
    expect(fine.inprocess).toMatchObject({ vsHttpMet: true, vsBareMet: true, createMet: true, heapFlat: true, flat: true });
    expect(fine.missed).toEqual([]);
    const worse = evaluate(
      {
        ...empty,
        inprocess: {
          ...inprocess,
          callsPerSecond: figures(4_000, 2_000, 7_000),
          creationMs: { median: 3, p90: 5 },
          heapMiB: { before: 20, after: 30 },
          import: [inImport(50 * MiB, 150), inImport(100 * MiB, 180)],
        },
      },
      { selected: ["inprocess"], curl: true, ...sizes },
    );
    expect(worse.missed).toEqual([
      "the in-process mock 2.0× the HTTP mock's calls/s, target ≥ 5×",
      "the in-process mock 1.75× slower than a bare handler, target within 1.5×",
      "createStatefulMock() 3.000 ms, target ≤ 1 ms",
      "the in-process mock's heap grows 1.500× over dropped instances, target ≤ 1.1×",
      "the in-process mock's peak RSS grows 1.20× from the small import to the big one, target ≤ 1.1×",
    ]);
  });
});
