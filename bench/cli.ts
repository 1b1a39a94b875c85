// The command line against the library, in one run, on the same file and local sink:
// `platform models import FILE` as a process, beside the library's models.import in a script of
// its own (bench/lib/library-import.ts), process against process, both timed from spawn to exit
// and run back to back in pairs (each pair sharing the load of its moment), with the CPU time of
// each; the library called in this already-warm process is reported too. Then the same command with its
// progress bar drawn on a pseudo-terminal (`script` gives it one), to see what drawing costs,
// against the command with no display on the same pseudo-terminal: `script` and the shell it
// starts cost time of their own, which the plain run does not pay and the bar must not be charged.
// Then a long listing: `platform chunks list APP -o jsonl` over every page of the local server
// (100,000 chunks in 1,000 pages in a full run) against the library walking the same listing in a
// script of its own (bench/lib/library-list.ts), both printing the same JSON Lines into a pipe
// this process drains; and the command's peak RSS for the whole listing against a tenth of it
// (--limit), which must be flat: judged in pairs of listings long enough to end past V8's
// warm-up (see rssPair), beside the heap left after gc() at exit. Last, how long `platform --help` and `platform completion bash`
// take to start as installed (dist/cli/'s split bundle, its dependencies imported from
// node_modules), beside the same commands bundled whole, commander included, and node starting
// an empty module (the floor under all). Peak RSS is each process's own, read from getrusage as
// it exits.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createPlatformClient } from "../src/node.js";
import { API_KEY, exitFigures, JWT, MiB, options, runMain, sinkProblem, startServer, runCommand as run, writeExitProbe } from "./lib/child.js";

/**
 * Runs `a` and `b` back to back, `a` first on an even turn and `b` first on an odd one, and gives
 * both results only when both ran: each pair shares the machine's load of its moment, and a
 * verdict on the pairs' ratios is steady where one on two separate series' medians is not.
 */
async function runPair<A, B>(turn: number, a: () => Promise<A | undefined>, b: () => Promise<B | undefined>): Promise<[A, B] | undefined> {
  let first: A | undefined;
  let second: B | undefined;
  if (turn % 2 === 0) {
    first = await a();
    second = await b();
  } else {
    second = await b();
    first = await a();
  }
  return first === undefined || second === undefined ? undefined : [first, second];
}

export interface CliBenchOptions {
  file: string;
  fileSize: number;
  sha256: string;
  chunkSize: number;
  concurrency: number;
  repetitions: number;
  startupRuns: number;
  /** The bundled command line (platform.mjs beside this bundle). */
  cli: string;
  /** The command line as installed: dist/cli/main.js, the split bundle scripts/build.mjs ships. */
  installedCli: string;
  /** The bundled library script (library-import.mjs beside this bundle). */
  libraryScript: string;
  /** The bundled listing script (library-list.mjs beside this bundle). */
  listScript: string;
  /** The listing: pages of pageSize chunks; smallLimit chunks for the flat-memory comparison. */
  listing: { pages: number; pageSize: number; smallLimit: number; repetitions: number; rssPair: { pages: number; smallLimit: number } };
}

export interface ListingResult {
  chunks: number;
  /** Chunks per second from spawn to exit. */
  cliRate: number[];
  libraryRate: number[];
  /** At Node's defaults, for the record: the whole listing and the same stopped after smallLimit chunks (--limit). */
  cliPeakRssMiB: number[];
  cliSmallPeakRssMiB: number[];
  libraryPeakRssMiB: number[];
  /** The memory pairs' listing (rssPair.pages of pageSize) and its shorter run (--limit). */
  pairChunks: number;
  pairSmallChunks: number;
  /** Those two run in pairs (index for index): what the verdict reads. */
  cliPairPeakRssMiB: number[];
  cliSmallPairPeakRssMiB: number[];
  /** Heap used after gc() as the process exits (what the listing still holds), whole and stopped, at Node's defaults. */
  cliHeapAfterGcMiB: number[];
  cliSmallHeapAfterGcMiB: number[];
  smallChunks: number;
}

export interface CliBenchResult {
  fileSize: number;
  /** models.import in a script of its own, a process per run, each beside a run of the command (cliMiBps, index for index: a pair). */
  libraryMiBps: number[];
  /** CPU seconds (user + system) of the command and of the library's script, per run of each pair. */
  cliCpuS: number[];
  libraryCpuS: number[];
  /** models.import called again and again in this warm process (no start-up, pooled connections). */
  inProcessMiBps: number[];
  cliMiBps: number[];
  cliBarMiBps: number[];
  /** --progress none under the same `script` as the bar: the bar's baseline, run beside it (index for index, a pair). */
  cliPtyMiBps: number[];
  /** CPU seconds (user + system) of the platform process, per run: with the bar, and without on the pseudo-terminal. */
  cliBarCpuS: number[];
  cliPtyCpuS: number[];
  cliPeakRssMiB: number[];
  cliBarPeakRssMiB: number[];
  /** Starts of the installed command line (installedCli), which the target is about. */
  startupMs: number[];
  completionStartupMs: number[];
  /** The same starts of the command line bundled whole (commander included), for the record. */
  bundledStartupMs: number[];
  bundledCompletionStartupMs: number[];
  /** node on an empty module: the floor under every start, measured between the command's starts. */
  nodeStartupMs: number[];
  listing: ListingResult;
  hashOk: boolean;
  problems: string[];
}


/** Runs a command whose stdout is JSON Lines, counting the lines as they pass (never holding them). */
function runCounting(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; lines: number; err: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let lines = 0;
    let err = "";
    child.stdout.on("data", (part: Buffer) => {
      for (let at = part.indexOf(10); at !== -1; at = part.indexOf(10, at + 1)) lines++;
    });
    child.stderr.setEncoding("utf8").on("data", (t: string) => (err += t));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, lines, err, seconds: (performance.now() - started) / 1000 }));
  });
}

const LIST_APP = "bot-bench";
// Pairs of runs (bar, no bar) per repetition: the bar's row judges a ratio of a few percent,
// where one pair swings more than that on a busy machine.
const BAR_PAIRS = 2;
// Pairs of runs (the command, the library's script) per repetition, for the same reason: judged
// as two medians of separate series, the load's drift between them decided the verdict.
const IMPORT_PAIRS = 2;
// The listing's memory pairs are listings long enough to end past V8's warm-up (rssPair: a full
// run lists 1,000,000 against 100,000), at Node's defaults. Over a process's first second V8
// doubles its young generation up to 16 MiB of new space (reached at 470-820 ms in each listing
// sampled) and its optimizing compilers' zones take up to 40 MiB of malloc'd memory, whatever the
// process does: a 10,000-chunk listing (0.2 s of listing on a quiet machine) ends part-way
// through, and peaked at 101 MiB in one full run and 115 in the one before, against 116 for
// 100,000, while the heap after gc() was flat (11.9, 12.1, 12.2 MiB at 10k, 50k, 100k chunks).

const HEAP = "PLATFORM_BENCH_HEAP_AFTER_GC_BYTES ";

// Loaded after the exit probe (its peak is read first): the heap still used once garbage is
// collected as the process exits, what a listing holds on to. gc() is exposed only then: a process
// started with --expose-gc peaked lower at 10,000 chunks (86-96 MiB against 102), so the probe
// runs in the listings at Node's defaults, not in the pairs the verdict reads.
function writeHeapProbe(dir: string): string {
  const file = join(dir, "heap-probe.mjs");
  writeFileSync(
    file,
    `import v8 from "node:v8";\nimport vm from "node:vm";\nprocess.on("exit", () => { v8.setFlagsFromString("--expose-gc"); const gc = vm.runInNewContext("gc"); gc(); gc(); process.stderr.write(${JSON.stringify(HEAP)} + process.memoryUsage().heapUsed + "\\n"); });\n`,
  );
  return file;
}

const heapAfterGcMiB = (text: string) => Number(new RegExp(`${HEAP}(\\d+)`).exec(text)?.[1]) / MiB;

async function measureListing(o: CliBenchOptions, peak: string, problems: string[]): Promise<ListingResult> {
  const { pages, pageSize, smallLimit, repetitions } = o.listing;
  const heap = writeHeapProbe(dirname(peak));
  const chunks = pages * pageSize;
  const server = await startServer([`--pages=${pages}`, `--page-size=${pageSize}`]);
  const pairServer = await startServer([`--pages=${o.listing.rssPair.pages}`, `--page-size=${pageSize}`]);
  const result: ListingResult = {
    chunks,
    cliRate: [],
    libraryRate: [],
    cliPeakRssMiB: [],
    cliSmallPeakRssMiB: [],
    libraryPeakRssMiB: [],
    pairChunks: o.listing.rssPair.pages * pageSize,
    pairSmallChunks: o.listing.rssPair.smallLimit,
    cliPairPeakRssMiB: [],
    cliSmallPairPeakRssMiB: [],
    cliHeapAfterGcMiB: [],
    cliSmallHeapAfterGcMiB: [],
    smallChunks: smallLimit,
  };
  const env = { PLATFORM_BASE_URL: server.url, PLATFORM_JWT: JWT };
  const peakOf = (err: string) => exitFigures(err).peakMiB;
  const listArgs = (limit: number | undefined) => [o.cli, "chunks", "list", LIST_APP, "-o", "jsonl", ...(limit === undefined ? [] : ["--limit", String(limit)])];
  const list = async (variant: string, args: string[], expected: number, url = server.url) => {
    const ran = await runCounting(process.execPath, args, { ...env, PLATFORM_BASE_URL: url });
    if (ran.code === 0 && ran.lines === expected) return ran;
    problems.push(`${variant} listing exited with ${ran.code} after ${ran.lines} of ${expected} lines: ${ran.err.slice(-300)}`);
    return undefined;
  };
  try {
    for (let rep = 0; rep < repetitions; rep++) {
      const order = ["cli", "library", "cli-small", "rss-pair"].map((_, i, all) => all[(i + rep) % all.length]!);
      for (const variant of order) {
        if (variant === "rss-pair") {
          // The long listing and a tenth of it as a pair: the verdict is the median of the pairs' ratios.
          const listing = (which: "whole" | "tenth", limit: number | undefined, expected: number) => async () =>
            (await list(`cli-${which} (memory pair)`, ["--import", peak, ...listArgs(limit)], expected, pairServer.url))?.err;
          const pair = await runPair(rep, listing("whole", undefined, result.pairChunks), listing("tenth", result.pairSmallChunks, result.pairSmallChunks));
          if (!pair) continue;
          const [whole, tenth] = pair;
          result.cliPairPeakRssMiB.push(peakOf(whole));
          result.cliSmallPairPeakRssMiB.push(peakOf(tenth));
          continue;
        }
        const args =
          variant === "library"
            ? ["--import", peak, o.listScript, LIST_APP]
            : ["--import", peak, "--import", heap, ...listArgs(variant === "cli-small" ? smallLimit : undefined)];
        const ran = await list(variant, args, variant === "cli-small" ? smallLimit : chunks);
        if (!ran) continue;
        if (variant === "cli-small") {
          result.cliSmallPeakRssMiB.push(peakOf(ran.err));
          result.cliSmallHeapAfterGcMiB.push(heapAfterGcMiB(ran.err));
        } else if (variant === "cli") {
          result.cliRate.push(chunks / ran.seconds);
          result.cliPeakRssMiB.push(peakOf(ran.err));
          result.cliHeapAfterGcMiB.push(heapAfterGcMiB(ran.err));
        } else {
          result.libraryRate.push(chunks / ran.seconds);
          result.libraryPeakRssMiB.push(peakOf(ran.err));
        }
      }
    }
    return result;
  } finally {
    await server.close();
    await pairServer.close();
  }
}

runMain(async (): Promise<CliBenchResult> => {
  const o = options<CliBenchOptions>();
  const server = await startServer();
  const problems: string[] = [];
  const result: CliBenchResult = {
    fileSize: o.fileSize,
    libraryMiBps: [],
    cliCpuS: [],
    libraryCpuS: [],
    inProcessMiBps: [],
    cliMiBps: [],
    cliBarMiBps: [],
    cliPtyMiBps: [],
    cliBarCpuS: [],
    cliPtyCpuS: [],
    cliPeakRssMiB: [],
    cliBarPeakRssMiB: [],
    startupMs: [],
    completionStartupMs: [],
    bundledStartupMs: [],
    bundledCompletionStartupMs: [],
    nodeStartupMs: [],
    listing: {
      chunks: 0,
      cliRate: [],
      libraryRate: [],
      cliPeakRssMiB: [],
      cliSmallPeakRssMiB: [],
      libraryPeakRssMiB: [],
      pairChunks: 0,
      pairSmallChunks: 0,
      cliPairPeakRssMiB: [],
      cliSmallPairPeakRssMiB: [],
      cliHeapAfterGcMiB: [],
      cliSmallHeapAfterGcMiB: [],
      smallChunks: 0,
    },
    hashOk: true,
    problems,
  };
  // Loaded before the command line's own code: reports its peak RSS as it exits.
  const peak = writeExitProbe(process.cwd());
  const env = { PLATFORM_BASE_URL: server.url, PLATFORM_API_KEY: API_KEY };
  const importArgs = (progress: string) => [
    process.execPath,
    "--import",
    peak,
    o.cli,
    "models",
    "import",
    o.file,
    "--chunk-size",
    String(o.chunkSize),
    "--concurrency",
    String(o.concurrency),
    "--progress",
    progress,
    "--json",
  ];
  const check = async (sessionId: string | undefined, what: string) => {
    const problem = await sinkProblem(server.url, sessionId, o.sha256, what);
    if (problem) {
      result.hashOk = false;
      problems.push(problem);
    }
  };
  const mibps = (seconds: number) => o.fileSize / MiB / seconds;
  // `script` runs the command on a pseudo-terminal, where the bar is drawn as on a screen.
  const onTerminal = (command: string[]) => ["script", "-qfec", command.map((a) => `'${a}'`).join(" "), "/dev/null"];
  const runImport = async (what: string, [command, ...args]: string[]) => {
    const ran = await run(command!, args, env);
    if (ran.code !== 0) {
      problems.push(`${what} exited with ${ran.code}: ${ran.out.slice(-500)}`);
      return undefined;
    }
    await check(/"sessionId": "([^"]+)"/.exec(ran.out)?.[1], what);
    return ran;
  };
  type Import = { seconds: number; out: string };
  /** A pair's figures into the result's series: MiB/s and CPU s of both imports, the peak RSS of the first (the command's). */
  const keepPair = ([a, b]: [Import, Import], rates: [number[], number[]], cpu: [number[], number[]], peakOfFirst: number[]) => {
    rates[0].push(mibps(a.seconds));
    rates[1].push(mibps(b.seconds));
    cpu[0].push(exitFigures(a.out).cpuSeconds);
    cpu[1].push(exitFigures(b.out).cpuSeconds);
    peakOfFirst.push(exitFigures(a.out).peakMiB);
  };
  const libraryImport = async () => {
    const ran = await run(process.execPath, ["--import", peak, o.libraryScript, o.file, String(o.chunkSize), String(o.concurrency)], env);
    if (ran.code !== 0) problems.push(`the library script exited with ${ran.code}: ${ran.out.slice(-500)}`);
    await check(/"sessionId":"([^"]+)"/.exec(ran.out)?.[1], "library script");
    return ran.code === 0 ? ran : undefined;
  };
  try {
    const client = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY });
    for (let rep = 0; rep < o.repetitions; rep++) {
      // Rotated, so drift in the machine's load falls on each alike.
      const order = ["in-process", "import-pairs", "terminal"].map((_, i, all) => all[(i + rep) % all.length]!);
      for (const variant of order) {
        if (variant === "in-process") {
          const started = performance.now();
          const imported = await client.models.import({ source: o.file, chunkSize: o.chunkSize, concurrency: o.concurrency });
          result.inProcessMiBps.push(mibps((performance.now() - started) / 1000));
          await check(imported.sessionId, "in-process");
          continue;
        }
        if (variant === "import-pairs") {
          // The command and the library's script as a pair, IMPORT_PAIRS times: the verdict is the
          // median of the pairs' ratios.
          for (let pair = 0; pair < IMPORT_PAIRS; pair++) {
            const ran = await runPair(rep + pair, () => runImport("cli", importArgs("none")), libraryImport);
            if (!ran) continue;
            keepPair(ran, [result.cliMiBps, result.libraryMiBps], [result.cliCpuS, result.libraryCpuS], result.cliPeakRssMiB);
          }
          continue;
        }
        // The bar and its baseline as a pair, BAR_PAIRS times: the verdict is the median of the pairs' ratios.
        for (let pair = 0; pair < BAR_PAIRS; pair++) {
          const onPty = (progress: "bar" | "none") => () => runImport(`cli-${progress} on a terminal`, onTerminal(importArgs(progress)));
          const ran = await runPair(rep + pair, onPty("bar"), onPty("none"));
          if (!ran) continue;
          keepPair(ran, [result.cliBarMiBps, result.cliPtyMiBps], [result.cliBarCpuS, result.cliPtyCpuS], result.cliBarPeakRssMiB);
        }
      }
    }
    result.listing = await measureListing(o, peak, problems);
    const empty = join(dirname(o.cli), "empty.mjs");
    writeFileSync(empty, "");
    for (let i = 0; i < o.startupRuns; i++) {
      for (const [args, into] of [
        [[o.installedCli, "--help"], result.startupMs],
        [[o.installedCli, "completion", "bash"], result.completionStartupMs],
        [[o.cli, "--help"], result.bundledStartupMs],
        [[o.cli, "completion", "bash"], result.bundledCompletionStartupMs],
        [[empty], result.nodeStartupMs],
      ] as const) {
        const ran = await run(process.execPath, [...args], {});
        if (ran.code !== 0) problems.push(`${args.join(" ")} exited with ${ran.code}`);
        into.push(ran.seconds * 1000);
      }
    }
    return result;
  } finally {
    await server.close();
  }
});
