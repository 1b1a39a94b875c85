// npm run bench [-- --quick] [-- --only=import,calls,...] [-- --strict] [-- --keep] [-- --src=DIR]
//
// Runs the benchmarks of issue 5, each comparing the client with its baseline in the same run,
// and prints one table. A full run (no --quick, no --only, no --src) rewrites bench/results.md.
//
//   --quick   small sizes, one repetition: the CI smoke mode (gates only, no speed judged)
//   --only    a comma-separated subset of: import, memory, streams, latency, calls, pagination, waiter, mock, inprocess, cli, mcp, size
//   --strict  also exit 1 when a speed or memory target is missed
//   --keep    keep the temporary directory (bundles, test files)
//   --src     bundle the benchmarks against another copy of src/ (a proposed fix, say)
//   (--only also takes specdiff: npm run spec:diff on the whole spec, issue 22)
//
// How: every benchmark entry (bench/*.ts) and the local server (bench/lib/server.ts) are
// bundled with esbuild into a temporary directory and run as child processes with
// `node --expose-gc`, one at a time: a fresh process per import run, so each peak RSS is that
// run's alone, and the server always in a process of its own, so it never counts against the
// client. Test files are generated once per run in the same temporary directory, which is
// removed at the end. Every child has a time limit; the servers exit with their parent.
//
// Exit code: 1 when a run failed or timed out, when the sink's hash did not match the file, or
// when the import's peak memory grew with the file size (the gate, in both modes); a missed
// speed target is reported in the table and fails the run only with --strict.
import { spawnSync } from "node:child_process";
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runProcess } from "../scripts/lib/process-run.mjs";
import { CORE_BUDGET_BYTES, measureEntry } from "../scripts/lib/size-budget.mjs";
import { lastReleaseFor, listReleases } from "../scripts/lib/spec-diff/sources.mjs";
import { memberAt } from "../scripts/lib/json-members.mjs";
import { loadSpec } from "../scripts/lib/spec.mjs";
import { fmt, fmtSpread, median, medianPeakRun, MiB, percentile, ratio } from "./lib/stats.mjs";
import { evaluate, TARGETS } from "./lib/verdicts.mjs";

/**
 * What each bundled entry reports, by the entry's name: its own result type, which
 * bench/lib/child.ts's report writes as one JSON line.
 * @typedef {{
 *   import: import("./import.ts").ImportResult, calls: import("./calls.ts").CallsResult, pagination: import("./pagination.ts").PaginationResult,
 *   waiter: import("./waiter.ts").WaiterResult, mock: import("./mock.ts").MockBenchResult, inprocess: import("./in-process.ts").InProcessBenchResult,
 *   "inprocess-import": import("./in-process-import.ts").InProcessImportResult,
 *   cli: import("./cli.ts").CliBenchResult, "spec-diff": import("./spec-diff.ts").SpecDiffBenchResult, mcp: import("./mcp.ts").McpBenchResult,
 * }} ChildResults
 */
/**
 * @template {keyof ChildResults} [E=keyof ChildResults]
 * @typedef {{ result: ChildResults[E], error?: undefined } | { error: string, result?: undefined }} ChildOutcome a child's JSON result, or why it gave none
 */
/** @typedef {{ path: string, size: number, sha256: string, chunkDir: string | undefined }} TestFile */

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(BENCH_DIR, "..");
const RESULT_PREFIX = "BENCH_RESULT ";
const ALL = ["import", "memory", "streams", "latency", "calls", "pagination", "waiter", "mock", "inprocess", "cli", "mcp", "size", "specdiff"];

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    strict: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    src: { type: "string" },
  },
});
const quick = args.quick;
const only = args.only ? args.only.split(",").map((s) => s.trim()) : ALL;
for (const name of only) if (!ALL.includes(name)) fail(`unknown benchmark "${name}"; choose from ${ALL.join(", ")}`);
const selected = (/** @type {string} */ name) => only.includes(name);
const fullRun = !quick && !args.only && !args.src;

// Sizes and repetitions. Quick: small files, fewer repetitions, same checks.
const PLAN = quick
  ? {
      // Quick proves that every benchmark runs and holds the gates (the sink's hash, memory flat
      // with the file size) in well under a minute on a busy machine; it judges no speed, so one
      // run of each is enough: every run's hash is checked, and the memory gate's margins (below)
      // are far wider than one run's garbage-collection noise.
      reps: 1,
      // The memory gate compares peaks across a wide spread of sizes, so garbage-collection
      // noise of a few MiB stays far below what holding the file would add.
      bigSize: 192 * MiB,
      smallSize: 24 * MiB,
      // Quick: the throughput runs use the small file and the memory check adds big-file runs.
      throughputOn: "small",
      // Smaller chunks than the full run's, so the small file is still a dozen chunks and a stream
      // source reaches its plateau (some 16 chunks) well inside it.
      chunkSize: 2 * MiB,
      concurrency: 4,
      latency: { chunks: 8, chunkSize: 64 * 1024, latencyMs: 50 },
      // A stream through the portable entry reaches its plateau (fetch's copies) only after some
      // 100 MiB: below it the peak still climbs, so the small file is past it and the big one
      // three times its size (a source that held the file would add 256 MiB), run once each.
      streams: { reps: 1, bigSize: 384 * MiB, smallSize: 128 * MiB },
      calls: { calls: 300, warmup: 100, latencyCalls: 50, latencyMs: 1 },
      pagination: { pages: 30, pageSize: 100 },
      waiter: { jobs: 20 },
      mock: { seconds: 0.3, warmupSeconds: 0.2, connections: 8, bigSize: 32 * MiB, smallSize: 16 * MiB, chunkSize: 2 * MiB },
      inprocess: { calls: 300, warmup: 100, instances: 200, dropped: 1_000, bigSize: 32 * MiB, smallSize: 16 * MiB, chunkSize: 2 * MiB, importRuns: 1 },
      // The command line (issue 14) on the small file: import against the library, the bar's cost, start-up.
      // and (issue 20) a listing against the library's, its memory against a tenth of it.
      cli: { reps: 1, on: "small", startupRuns: 3, listing: { pages: 20, pageSize: 100, smallLimit: 200, repetitions: 1, rssPair: { pages: 20, smallLimit: 200 } } },
      // The MCP server (issue 19): a tools/call against the client's own call, and an import through the tool.
      mcp: { calls: 100, warmup: 20, reps: 1, importReps: 1, on: "small" },
    }
  : {
      reps: 5,
      bigSize: 1024 * MiB,
      smallSize: 256 * MiB,
      // Full: the throughput runs use the 1 GiB file (and give its peaks); the memory check adds 256 MiB runs.
      throughputOn: "big",
      chunkSize: 8 * MiB,
      concurrency: 4,
      // Small chunks, so the 50 ms dominates: with 8 MiB chunks on loopback the transfer itself
      // is most of each request, and 4x would not be the ideal.
      latency: { chunks: 64, chunkSize: 256 * 1024, latencyMs: 50 },
      streams: { reps: 5, bigSize: 1024 * MiB, smallSize: 256 * MiB },
      calls: { calls: 20_000, warmup: 2_000, latencyCalls: 2_000, latencyMs: 1 },
      pagination: { pages: 1_000, pageSize: 100 },
      waiter: { jobs: 200 },
      // The stateful mock (issue 13): small requests per second on one core, and its RSS through a 1 GiB import.
      mock: { seconds: 5, warmupSeconds: 1, connections: 8, bigSize: 1024 * MiB, smallSize: 64 * MiB, chunkSize: 8 * MiB },
      // The stateful mock in-process (issue 32): calls side by side with the HTTP mock and a bare
      // fetch handler, the cost of an instance, and RSS through a 100 MiB import against a 200 MiB
      // one. A fresh process's peak climbs until the client's upload buffers (4 chunks in flight and
      // one read ahead, 40 MiB of 8 MiB chunks, reused) and the heap's first growth settle, and
      // then stays (two fresh processes each): 118 MiB at 50 MiB, then 138-143, 141-148 and
      // 140-142 at 100, 200 and 400 MiB. So the 100 MiB import is the baseline, and a chunk kept
      // shows at 200 MiB; a 50 MiB baseline measured that settling, not chunks kept (1.22x, every run).
      inprocess: {
        calls: 5_000,
        warmup: 1_000,
        instances: 2_000,
        dropped: 10_000,
        bigSize: 200 * MiB,
        smallSize: 100 * MiB,
        chunkSize: 8 * MiB,
        importRuns: 3,
      },
      // The command line (issue 14): a 1 GiB import against the library, the bar's cost, start-up;
      // (issue 20) 100,000 chunks in 1,000 pages against the library's listing, its memory against 10,000.
      cli: {
        reps: 5,
        on: "big",
        startupRuns: 20,
        listing: {
          pages: 1_000,
          pageSize: 100,
          smallLimit: 10_000,
          repetitions: 5,
          // Flat memory, judged past V8's warm-up (bench/cli.ts): 1,000,000 chunks against 100,000.
          rssPair: { pages: 10_000, smallLimit: 100_000 },
        },
      },
      // The MCP server (issue 19): a tools/call of one read over stdio against the same call made with the client; a 1 GiB import through the tool against
      // models.import.
      mcp: { calls: 2_000, warmup: 200, reps: 5, importReps: 3, on: "big" },
    };

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const t0 = performance.now();
/**
 * @param {string} message
 */
function log(message) {
  process.stderr.write(`bench [${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s]: ${message}\n`);
}

const sizeLabel = (/** @type {number} */ bytes) => (bytes >= 1024 * MiB ? `${bytes / 1024 / MiB} GiB` : `${bytes / MiB} MiB`);

// ---------------------------------------------------------------------------------------------
// Temporary directory, removed however the run ends.

const work = mkdtempSync(join(tmpdir(), "platform-bench-"));
const stopChildren = new AbortController(); // kills the child running now, if any
function cleanup() {
  stopChildren.abort();
  if (!args.keep) rmSync(work, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------
// Environment.

const started = Date.now();
const curlVersion = (() => {
  const which = spawnSync("curl", ["--version"], { encoding: "utf8" });
  return which.status === 0 ? (which.stdout.split("\n")[0] ?? "").split(" ").slice(0, 2).join(" ") : undefined;
})();
/**
 * What NODE_EXTRA_CA_CERTS costs each Node start, when the environment sets it (some CI images
 * do): node then reads and parses that certificate file before any code runs, and every row that
 * starts a process pays it. Medians of 7 starts of an empty module each, in turn, in ms.
 * @returns {{ withIt: number, without: number } | undefined}
 */
function extraCaCertsCost() {
  if (!process.env.NODE_EXTRA_CA_CERTS) return undefined;
  const { NODE_EXTRA_CA_CERTS: _file, ...without } = process.env;
  /** @param {NodeJS.ProcessEnv} env */
  const start = (env) => {
    const began = performance.now();
    spawnSync(process.execPath, ["-e", "0"], { env, stdio: "ignore" });
    return performance.now() - began;
  };
  /** @type {number[]} */ const withIt = [];
  /** @type {number[]} */ const bare = [];
  for (let i = 0; i < 7; i++) {
    withIt.push(start(process.env));
    bare.push(start(without));
  }
  return { withIt: median(withIt), without: median(bare) };
}
const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? "unknown",
  memoryGiB: totalmem() / 1024 ** 3,
  node: process.version,
  date: new Date().toISOString(),
  loadBefore: loadavg(),
  curl: curlVersion ?? "not installed",
  extraCaCerts: extraCaCertsCost(),
};
if (!curlVersion) log("curl is not installed: the curl baseline is skipped (CI: apt-get install -y curl in .ci/run)");
const busy = (machine.loadBefore[0] ?? 0) > machine.cores;
if (busy) log(`the machine is busy (load average ${(machine.loadBefore[0] ?? 0).toFixed(2)} on ${machine.cores} cores): expect noisy figures`);

// ---------------------------------------------------------------------------------------------
// Bundles.

const bundleDir = join(work, "bundle");
{
  const { build } = await import("esbuild");
  /** @type {import("esbuild").BuildOptions} */
  const common = {
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    absWorkingDir: REPO_ROOT,
    nodePaths: [join(REPO_ROOT, "node_modules")],
    // undici is CommonJS and requires Node built-ins; an ESM bundle has no `require` of its own.
    banner: { js: 'import { createRequire as __benchRequire } from "node:module"; const require = __benchRequire(import.meta.url);' },
    plugins: args.src ? [srcOverride(resolve(args.src))] : [],
  };
  await build({
    ...common,
    entryPoints: {
      import: join(BENCH_DIR, "import.ts"),
      calls: join(BENCH_DIR, "calls.ts"),
      pagination: join(BENCH_DIR, "pagination.ts"),
      waiter: join(BENCH_DIR, "waiter.ts"),
      server: join(BENCH_DIR, "lib/server.ts"),
      mock: join(BENCH_DIR, "mock.ts"),
      "mock-server": join(BENCH_DIR, "lib/mock-server.ts"),
      inprocess: join(BENCH_DIR, "in-process.ts"),
      "inprocess-import": join(BENCH_DIR, "in-process-import.ts"),
      cli: join(BENCH_DIR, "cli.ts"),
      mcp: join(BENCH_DIR, "mcp.ts"),
      "library-import": join(BENCH_DIR, "lib/library-import.ts"),
      "spec-diff": join(BENCH_DIR, "spec-diff.ts"),
      "library-list": join(BENCH_DIR, "lib/library-list.ts"),
    },
    outdir: bundleDir,
  });
  // The command line in a folder of its own, split where its source imports lazily: installed,
  // it loads the MCP SDK, the validators and each command's work only when a command needs
  // them, and so does this bundle. As one file it compiled all 3.4 MB on every start.
  await build({ ...common, entryPoints: { platform: join(REPO_ROOT, "src/cli/main.ts") }, outdir: join(bundleDir, "cli"), splitting: true });
}

// The command line as npm installs it, which the start-up target is about: dist/ is tsc's output,
// one ES module per source file, except dist/cli/, which scripts/build.mjs fills with the split
// bundle of scripts/lib/cli-bundle.mjs (its dependencies left as imports); this makes the same
// bundle, with the same function. The rest of dist/ is rebuilt beside it, each source file compiled
// alone (esbuild without bundling, as tsc emits it), with the package.json and node_modules the
// installed package finds.
const installedDir = join(work, "installed");
{
  const { build } = await import("esbuild");
  const { bundleCli } = await import("../scripts/lib/cli-bundle.mjs");
  const src = args.src ? resolve(args.src) : join(REPO_ROOT, "src");
  const sources = readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|js)$/.test(name) && !name.endsWith(".d.ts") && !name.startsWith(`cli${sep}`))
    .map((name) => join(src, name));
  await build({ entryPoints: sources, outbase: src, outdir: join(installedDir, "dist"), platform: "node", format: "esm", target: "node20", logLevel: "warning" });
  await bundleCli({ srcDir: src, outDir: join(installedDir, "dist", "cli") });
  writeFileSync(join(installedDir, "package.json"), readFileSync(join(REPO_ROOT, "package.json")));
  symlinkSync(join(REPO_ROOT, "node_modules"), join(installedDir, "node_modules"), "dir");
}

// Resolves every import that lands in the repo's src/ to the same file under `dir` instead.
/**
 * @param {string} dir
 */
function srcOverride(dir) {
  const src = join(REPO_ROOT, "src");
  return {
    name: "src-override",
    /** @param {import("esbuild").PluginBuild} build */
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (target) => {
        if (target.pluginData === "src-override") return undefined;
        const found = await build.resolve(target.path, {
          kind: target.kind,
          importer: target.importer,
          resolveDir: target.resolveDir,
          pluginData: "src-override",
        });
        if (found.errors.length || !found.path.startsWith(src + sep)) return found.errors.length ? undefined : { path: found.path, external: found.external };
        return { path: join(dir, relative(src, found.path)) };
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Test files: AES-CTR keystream (incompressible, fast to make), hashed as written. For curl the
// same bytes are also cut into chunk files, since curl -F sends whole files.

/**
 * @param {string} name
 * @param {number} size
 * @param {number} piece
 * @param {string} [chunkDir]
 */
function generate(name, size, piece, chunkDir) {
  const path = join(work, name);
  const cipher = createCipheriv("aes-128-ctr", randomBytes(16), randomBytes(16));
  const hash = createHash("sha256");
  const zeros = Buffer.alloc(piece);
  const fd = openSync(path, "w");
  if (chunkDir) mkdirSync(chunkDir, { recursive: true });
  try {
    for (let offset = 0, n = 0; offset < size; offset += piece, n++) {
      const bytes = cipher.update(zeros.subarray(0, Math.min(piece, size - offset)));
      writeSync(fd, bytes);
      hash.update(bytes);
      if (chunkDir) writeFileSync(join(chunkDir, `chunk-${n}`), bytes);
    }
  } finally {
    closeSync(fd);
  }
  return { path, size, sha256: hash.digest("hex"), chunkDir };
}

/** @type {Record<string, ReturnType<typeof generate>>} */
const files = {};
{
  const t = performance.now();
  const chunkDir = (/** @type {string} */ which) => (curlVersion && selected("import") && PLAN.throughputOn === which ? join(work, `chunks-${which}`) : undefined);
  if (selected("import") || selected("memory") || selected("cli") || selected("mcp")) {
    const wants = (/** @type {string} */ which) => (selected("cli") && PLAN.cli.on === which) || (selected("mcp") && PLAN.mcp.on === which);
    if ((selected("import") && PLAN.throughputOn === "big") || selected("memory") || wants("big"))
      files.big = generate("model-big.bin", PLAN.bigSize, PLAN.chunkSize, chunkDir("big"));
    if ((selected("import") && PLAN.throughputOn === "small") || selected("memory") || wants("small"))
      files.small = generate("model-small.bin", PLAN.smallSize, PLAN.chunkSize, chunkDir("small"));
  }
  if (selected("streams")) {
    const { bigSize, smallSize } = PLAN.streams;
    files.streamBig = files.big?.size === bigSize ? files.big : generate("stream-big.bin", bigSize, PLAN.chunkSize);
    files.streamSmall = files.small?.size === smallSize ? files.small : generate("stream-small.bin", smallSize, PLAN.chunkSize);
  }
  if (selected("latency")) files.latency = generate("model-latency.bin", PLAN.latency.chunks * PLAN.latency.chunkSize, PLAN.latency.chunkSize);
  log(`test files ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
/** A test file the selected benchmarks need: generated above, so a missing one is this script's bug. */
const fileFor = (/** @type {string} */ which) => {
  const file = files[which];
  if (!file) throw new Error(`bench: the ${which} test file was not generated`);
  return file;
};

// ---------------------------------------------------------------------------------------------
// Children.

/**
 * Runs one bundled entry with its options; resolves { result } or { error }.
 * @template {keyof ChildResults} E
 * @param {E} entry
 * @param {Record<string, unknown>} options
 * @param {number} timeoutMs
 * @returns {Promise<ChildOutcome<E>>}
 */
async function runChild(entry, options, timeoutMs) {
  const run = await runProcess(process.execPath, ["--expose-gc", join(bundleDir, `${entry}.mjs`), JSON.stringify(options)], {
    cwd: work,
    timeoutMs,
    signal: stopChildren.signal,
  });
  const line = run.stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
  // The line is what the entry's report wrote from its typed result (the same bundle, this run).
  if (run.code === 0 && line) return { result: /** @type {ChildResults[E]} */ (JSON.parse(line.slice(RESULT_PREFIX.length))) };
  const stderr = run.timedOut ? `${run.stderr}\n(killed after ${timeoutMs / 1000} s)` : run.stderr;
  const why = `${entry} exited with ${run.signal ?? run.code}: ${stderr.trim().split("\n").slice(-6).join(" | ")}`;
  log(why);
  return { error: why };
}

/**
 * @type {import("./lib/verdicts.mjs").RawResults & {
 *   mock?: import("./mock.ts").MockBenchResult,
 *   size?: { coreGzipped: number, coreMinified: number, lazyGzipped: number, peerGzipped: number, budget: number },
 *   streams: NonNullable<import("./lib/verdicts.mjs").RawResults["streams"]>,
 * }}
 */
const raw = { import: [], memory: [], streams: [], latency: [], errors: [] };
/**
 * The list started at its index `by` (modulo its length), so repetitions interleave their order.
 * @template T
 * @param {readonly T[]} list
 * @param {number} by
 * @returns {T[]}
 */
function rotated(list, by) {
  const start = by % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}
const note = (/** @type {ChildOutcome<"import">} */ outcome, /** @type {import("./lib/verdicts.mjs").ImportRun[]} */ into) => {
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else into.push(outcome.result);
};

const importOptions = (/** @type {string} */ variant, /** @type {TestFile} */ file, extra = {}) => ({
  variant,
  file: file.path,
  fileSize: file.size,
  sha256: file.sha256,
  chunkSize: PLAN.chunkSize,
  concurrency: PLAN.concurrency,
  ...(file.chunkDir ? { chunkDir: file.chunkDir } : {}),
  ...extra,
});
const importTimeout = quick ? 60_000 : 240_000;

if (selected("import") || selected("memory")) {
  const variants = selected("import") ? ["client", "fetch", ...(curlVersion ? ["curl"] : [])] : ["client"];
  for (let rep = 0; rep < PLAN.reps; rep++) {
    // The order rotates, so drift in the machine's load falls on every sender alike.
    for (const variant of rotated(variants, rep)) {
      note(await runChild("import", importOptions(variant, fileFor(PLAN.throughputOn)), importTimeout), raw.import);
    }
    if (selected("memory"))
      note(await runChild("import", importOptions("client", fileFor(PLAN.throughputOn === "big" ? "small" : "big")), importTimeout), raw.memory);
    log(`import repetition ${rep + 1}/${PLAN.reps} done`);
  }
}

if (selected("streams")) {
  // Stream sources through both entries, each at both sizes: what they hold must not grow with the file.
  const runs = ["client-stream", "portable-stream"].flatMap((variant) => [fileFor("streamBig"), fileFor("streamSmall")].map((file) => ({ variant, file })));
  for (let rep = 0; rep < PLAN.streams.reps; rep++) {
    for (const { variant, file } of rotated(runs, rep)) {
      note(await runChild("import", importOptions(variant, file), importTimeout), raw.streams);
    }
    log(`stream sources repetition ${rep + 1}/${PLAN.streams.reps} done`);
  }
}

if (selected("latency")) {
  const file = fileFor("latency");
  // The client at concurrency 1 and 4, and the fetch loop likewise: the fetch loop shows how
  // much of the ideal 4x this machine allows at all.
  // (Quick: the client only.)
  const runs = (quick ? ["client"] : ["client", "fetch"]).flatMap((variant) => [1, 4].map((concurrency) => ({ variant, concurrency })));
  for (let rep = 0; rep < PLAN.reps; rep++) {
    for (const { variant, concurrency } of rotated(runs, rep)) {
      const options = { ...importOptions(variant, file), chunkSize: PLAN.latency.chunkSize, concurrency, latencyMs: PLAN.latency.latencyMs };
      const outcome = await runChild("import", options, importTimeout);
      if (outcome.result) outcome.result.concurrency = concurrency;
      note(outcome, raw.latency);
    }
  }
  log("latency hiding done");
}

if (selected("calls")) {
  const outcome = await runChild("calls", { ...PLAN.calls, repetitions: PLAN.reps }, quick ? 60_000 : 400_000);
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.calls = outcome.result;
  log("per-call overhead done");
}

if (selected("pagination")) {
  const outcome = await runChild("pagination", { ...PLAN.pagination, repetitions: PLAN.reps }, quick ? 60_000 : 400_000);
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.pagination = outcome.result;
  log("pagination done");
}

if (selected("waiter")) {
  const outcome = await runChild("waiter", { ...PLAN.waiter, repetitions: PLAN.reps }, 120_000);
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.waiter = outcome.result;
  log("waiter done");
}

if (selected("mock")) {
  const outcome = await runChild("mock", { ...PLAN.mock, repetitions: PLAN.reps }, quick ? 60_000 : 300_000);
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.mock = outcome.result;
  log("stateful mock done");
}

if (selected("inprocess")) {
  const { bigSize, smallSize, chunkSize, importRuns, ...calls } = PLAN.inprocess;
  const outcome = await runChild("inprocess", { ...calls, repetitions: PLAN.reps }, quick ? 60_000 : 300_000);
  // Each import in a fresh process, big and small in turn, each size judged by its median peak.
  /** @type {Map<number, import("./in-process-import.ts").InProcessImportResult[]>} */
  const imports = new Map([[smallSize, []], [bigSize, []]]);
  for (let run = 0; run < importRuns && outcome.error === undefined; run++) {
    for (const size of [bigSize, smallSize]) {
      const one = await runChild("inprocess-import", { size, chunkSize }, quick ? 60_000 : 120_000);
      if (one.error !== undefined) raw.errors.push(one.error);
      else imports.get(size)?.push(one.result);
    }
  }
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.inprocess = { ...outcome.result, import: [...imports.values()].filter((runs) => runs.length > 0).map(medianPeakRun) };
  log("in-process mock done");
}

if (selected("cli")) {
  const file = fileFor(PLAN.cli.on);
  const o = {
    file: file.path,
    fileSize: file.size,
    sha256: file.sha256,
    chunkSize: PLAN.chunkSize,
    concurrency: PLAN.concurrency,
    repetitions: PLAN.cli.reps,
    startupRuns: PLAN.cli.startupRuns,
    cli: join(bundleDir, "cli", "platform.mjs"),
    installedCli: join(installedDir, "dist", "cli", "main.js"),
    libraryScript: join(bundleDir, "library-import.mjs"),
    listScript: join(bundleDir, "library-list.mjs"),
    listing: PLAN.cli.listing,
  };
  const outcome = await runChild("cli", o, quick ? 120_000 : 900_000);
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.cli = outcome.result;
  log("command line done");
}

// The spec differ (issue 22): process runs per pair of specs; quick measures the first pair once.
const SPECDIFF_PLAN = quick ? { runs: 1, pairs: 1 } : { runs: 10, pairs: 2 };

if (selected("specdiff")) {
  // The working tree's spec against its last release (what the gate and a PR comment compare),
  // and the last two releases, a diff with changes of every level.
  const releases = listReleases();
  const version = memberAt(loadSpec(), "info", "version");
  if (typeof version !== "string") fail("the spec has no info.version");
  const previous = lastReleaseFor(version, releases);
  const pairs = [];
  if (previous)
    pairs.push({
      label: `the spec against its previous release (${previous.version} → working tree)`,
      base: join(REPO_ROOT, previous.file),
      head: join(REPO_ROOT, "openapi/platform.yaml"),
    });
  const [older, newer] = releases.slice(-2);
  if (older && newer) {
    pairs.push({
      label: `release against release (${older.version} → ${newer.version})`,
      base: join(REPO_ROOT, older.file),
      head: join(REPO_ROOT, newer.file),
    });
  }
  const outcome = await runChild(
    "spec-diff",
    { repoRoot: REPO_ROOT, runs: SPECDIFF_PLAN.runs, pairs: pairs.slice(0, SPECDIFF_PLAN.pairs) },
    quick ? 60_000 : 180_000,
  );
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.specdiff = outcome.result;
  log("spec diff done");
}

if (selected("mcp")) {
  const file = fileFor(PLAN.mcp.on);
  const o = {
    calls: PLAN.mcp.calls,
    warmup: PLAN.mcp.warmup,
    repetitions: PLAN.mcp.reps,
    importRepetitions: PLAN.mcp.importReps,
    file: file.path,
    fileSize: file.size,
    sha256: file.sha256,
    chunkSize: PLAN.chunkSize,
    concurrency: PLAN.concurrency,
    cli: join(bundleDir, "cli", "platform.mjs"),
    libraryScript: join(bundleDir, "library-import.mjs"),
  };
  const outcome = await runChild("mcp", o, quick ? 120_000 : 900_000);
  if (outcome.error !== undefined) raw.errors.push(outcome.error);
  else raw.mcp = outcome.result;
  log("MCP server done");
}

if (selected("size")) {
  // What a browser program pays on import: the core entry as an application's bundler would
  // bundle it, against openapi-fetch alone (the peer's floor).
  const src = args.src ? resolve(args.src) : join(REPO_ROOT, "src");
  const [core, peer] = await Promise.all([measureEntry(join(src, "index.ts")), measureEntry(join(REPO_ROOT, "node_modules/openapi-fetch/dist/index.mjs"))]);
  raw.size = {
    coreGzipped: core.gzipped,
    coreMinified: core.minified,
    lazyGzipped: core.lazyChunks.reduce((n, c) => n + c.gzipped, 0),
    peerGzipped: peer.gzipped,
    budget: CORE_BUDGET_BYTES,
  };
  log("size measured");
}

// ---------------------------------------------------------------------------------------------
// Verdicts and the table.

const verdicts = evaluate(raw, { selected: only, curl: Boolean(curlVersion), bigSize: PLAN.bigSize, smallSize: PLAN.smallSize, streamSizes: PLAN.streams });
const throughputSize = PLAN.throughputOn === "big" ? PLAN.bigSize : PLAN.smallSize;
/** @type {string[][]} */
const rows = [];
/** @type {(bench: string, measure: string, client: string, baseline: string, ratioText: string, target: string, status: string) => number} */
const row = (bench, measure, client, baseline, ratioText, target, status) => rows.push([bench, measure, client, baseline, ratioText, target, status]);
const status = (/** @type {boolean | undefined} */ met) => (met === undefined ? "n/a" : met ? "met" : "**MISSED**");
const by = (/** @type {string} */ variant) => raw.import.filter((r) => r.variant === variant);
const mibps = (/** @type {{ mibPerSecond: number }[]} */ runs) => runs.map((r) => r.mibPerSecond);

if (selected("import")) {
  const v = verdicts.import;
  const baselines = [curlVersion ? `curl ${fmtSpread(mibps(by("curl")), 0)}` : "curl: not installed", `fetch loop ${fmtSpread(mibps(by("fetch")), 0)}`].join(
    "<br>",
  );
  row(
    `1. Import ${sizeLabel(throughputSize)}, ${PLAN.chunkSize / MiB} MiB chunks, concurrency ${PLAN.concurrency}`,
    `MiB/s, median (min–max) of ${PLAN.reps}`,
    fmtSpread(mibps(by("client")), 0),
    baselines,
    `${fmt(v.ratio, 2)}× ${v.baseline}`,
    curlVersion ? "≥ 0.90× curl" : "≥ 0.90× the fetch loop (no curl)",
    status(v.met),
  );
  const cpu = v.cpuPerGiB;
  row(
    "1. Import: the sender's CPU time (user + system) per GiB",
    "CPU s/GiB, median (min–max): steadier than MiB/s on a busy machine",
    fmtSpread(cpu.client, 2),
    [...(curlVersion ? [`curl ${fmtSpread(cpu.curl, 2)}`] : []), `fetch loop ${fmtSpread(cpu.fetch, 2)}`].join("<br>"),
    curlVersion ? `${fmt(v.cpuRatio, 2)}× of curl` : "",
    curlVersion ? "≤ 2× curl" : "(needs curl)",
    curlVersion ? status(v.cpuMet) : "n/a",
  );
  row(
    "1. Import: sink sha256 of the chunks in order",
    "runs whose hash matched",
    `${v.hashMatched}/${v.hashRuns}`,
    "",
    "",
    "every run matches",
    status(v.hashOk),
  );
}
if (selected("memory")) {
  const v = verdicts.memory;
  const fetchPeak = by("fetch").map((r) => Number(r.peakRssMiB));
  row(
    `2. Memory: peak RSS of the ${sizeLabel(PLAN.bigSize)} import`,
    "MiB, median (min–max)",
    fmtSpread(v.bigPeaks, 0),
    fetchPeak.length ? `fetch loop (${sizeLabel(throughputSize)}) ${fmtSpread(fetchPeak, 0)}` : "",
    "",
    "< 150 MiB",
    status(v.underLimit),
  );
  row(
    `2. Memory: ${sizeLabel(PLAN.bigSize)} vs ${sizeLabel(PLAN.smallSize)} peak`,
    "MiB, medians",
    `${fmt(median(v.bigPeaks), 0)} vs ${fmt(median(v.smallPeaks), 0)}`,
    "",
    `${fmt(v.growth, 2)}×`,
    "grows ≤ 10%",
    status(v.flat),
  );
}
if (selected("streams")) {
  for (const [variant, label] of /** @type {const} */ ([
    ["client-stream", "the Node entry, { stream: fs.createReadStream(file), size }"],
    ["portable-stream", "the portable entry, { stream: a web ReadableStream, size }"],
  ])) {
    const v = verdicts.streams?.[variant];
    if (!v) continue;
    row(
      `2. Memory, stream source: ${label}`,
      `peak RSS MiB, median (min–max) of ${PLAN.streams.reps}: ${sizeLabel(PLAN.streams.bigSize)} vs ${sizeLabel(PLAN.streams.smallSize)}`,
      `${fmtSpread(v.bigPeaks, 0)} vs ${fmtSpread(v.smallPeaks, 0)}`,
      "",
      `${fmt(v.growth, 2)}×`,
      "flat: grows ≤ 10%",
      status(v.flat),
    );
  }
}
if (selected("latency")) {
  const v = verdicts.latency;
  row(
    `3. Latency hiding: +${PLAN.latency.latencyMs} ms per chunk, ${PLAN.latency.chunks} × ${PLAN.latency.chunkSize / 1024} KiB`,
    "MiB/s, median (min–max)",
    `concurrency 4: ${fmtSpread(v.c4, 1)}<br>concurrency 1: ${fmtSpread(v.c1, 1)}`,
    v.fetchC4.length ? `fetch loop, concurrency 4: ${fmtSpread(v.fetchC4, 1)}<br>concurrency 1: ${fmtSpread(v.fetchC1, 1)} (${fmt(v.fetchRatio, 2)}×)` : "",
    `${fmt(v.ratio, 2)}× (c4 / c1)`,
    "≥ 3.5× (ideal 4×)",
    status(v.met),
  );
}
if (selected("calls") && raw.calls) {
  const v = verdicts.calls;
  const c = raw.calls;
  row(
    `4. Per-call overhead: ${c.calls.toLocaleString("en-US")} getConnection calls, keep-alive, loopback`,
    "µs per call, median (min–max)",
    fmtSpread(c.clientUs, 0),
    `bare openapi-fetch, same dispatcher ${fmtSpread(c.openapiFetchUs, 0)}`,
    `${fmt(v.ratio, 2)}×`,
    "≤ 1.15× bare openapi-fetch",
    status(v.met),
  );
  row(
    "4. Per-call overhead: against the limit",
    "µs per call, median (min–max)",
    fmtSpread(c.clientUs, 0),
    `raw undici.request loop ${fmtSpread(c.rawUs, 0)}`,
    `${fmt(v.rawRatio, 2)}×`,
    "(reported)",
    "info",
  );
  row(
    `4. Per-call overhead: ${c.latency.calls.toLocaleString("en-US")} calls to a server that answers after ${c.latency.latencyMs} ms`,
    "µs per call, median (min–max)",
    fmtSpread(c.latency.clientUs, 0),
    `raw undici.request loop ${fmtSpread(c.latency.rawUs, 0)}`,
    `${fmt(v.latencyRatio, 3)}×`,
    "≤ 1.03× the raw loop",
    status(v.latencyMet),
  );
  if (c.latency.clientCpuUs?.length) {
    row(
      `4. Per-call overhead: the same ${c.latency.latencyMs} ms calls' CPU time (user + system) per call, in turns of 100 calls`,
      "CPU µs per call, median (min–max): steadier than µs per call on a busy machine",
      fmtSpread(c.latency.clientCpuUs, 0),
      `raw undici.request loop ${fmtSpread(c.latency.rawCpuUs ?? [], 0)}`,
      `${fmt(ratio(median(c.latency.clientCpuUs), median(c.latency.rawCpuUs ?? [])), 2)}×`,
      "(reported)",
      "info",
    );
  }
  if (c.warn?.turnRatios.length) {
    const w = c.warn;
    row(
      `4. Per-call overhead: validateResponses "warn" (every answer checked against the spec) against off, in turns of ${w.block} calls`,
      "µs per call, median (min–max); ratio: median of the per-turn ratios",
      fmtSpread(w.warnUs, 0),
      `the same client with validation off ${fmtSpread(w.offUs, 0)}`,
      `${fmt(v.warnRatio, 2)}× (${w.turnRatios.length} turns, middle half ${fmt(percentile(w.turnRatios, 0.25), 2)}–${fmt(percentile(w.turnRatios, 0.75), 2)})`,
      `≤ ${TARGETS.callsWarnRatio.toFixed(2)}× off`,
      status(v.warnMet),
    );
    row(
      '4. Per-call overhead: the same validateResponses "warn" calls\' CPU time (user + system) per call',
      "CPU µs per call, median (min–max)",
      fmtSpread(w.warnCpuUs, 0),
      `the same client with validation off ${fmtSpread(w.offCpuUs, 0)}`,
      `${fmt(ratio(median(w.warnCpuUs), median(w.offCpuUs)), 2)}×`,
      "(reported)",
      "info",
    );
  }
  row(
    "4. Per-call overhead: the portable entry (over the global fetch, as in a browser)",
    "µs per call, median (min–max)",
    fmtSpread(c.portableUs, 0),
    `bare openapi-fetch, undici ${fmtSpread(c.openapiFetchUs, 0)}`,
    `${fmt(ratio(median(c.portableUs), median(c.openapiFetchUs)), 2)}×`,
    "(diagnostic)",
    "info",
  );
}
if (selected("pagination") && raw.pagination) {
  const v = verdicts.pagination;
  const p = raw.pagination;
  row(
    `5. Pagination: ${p.items.toLocaleString("en-US")} chunks in ${PLAN.pagination.pages.toLocaleString("en-US")} pages`,
    "chunks/s, median (min–max)",
    fmtSpread(p.clientRate, 0),
    `cursor loop ${fmtSpread(p.loopRate, 0)}`,
    `${fmt(v.ratio, 2)}×`,
    "≥ 0.90×",
    status(v.met),
  );
  row(
    "5. Pagination: heap after gc(), first page → last page",
    "MiB",
    `${fmt(p.heapFirstPageMiB, 2)} → ${fmt(p.heapLastPageMiB, 2)}`,
    `cursor loop ${fmt(p.loopHeapFirstPageMiB, 2)} → ${fmt(p.loopHeapLastPageMiB, 2)}`,
    `${fmt(v.heapRatio, 3)}×`,
    "grows ≤ 10%",
    status(v.heapFlat),
  );
}
if (selected("waiter") && raw.waiter) {
  const s = raw.waiter.strategies;
  const d = raw.waiter.defaults;
  // The waiter bench reports every strategy, each with these figures.
  const delay = (/** @type {import("./waiter.ts").StrategyFigures} */ f) => `${fmt(median(f.medianDelayS), 1)} s (p90 ${fmt(median(f.p90DelayS), 1)} s)`;
  const polls = (/** @type {import("./waiter.ts").StrategyFigures} */ f) => `${fmt(median(f.medianPolls), 0)} (mean ${fmt(median(f.meanPolls), 1)})`;
  const label = `${raw.waiter.jobs} jobs finishing 1 s–10 min (log-spread), simulated clock`;
  row(
    `6. Waiter: detection delay, ${label}`,
    "median over jobs (p90)",
    `default ${d.minDelayMs / 1000} s→${d.maxDelayMs / 1000} s: ${delay(s.default)}`,
    `fixed 5 s: ${delay(s.fixed5s)}<br>AWS 2 s→120 s: ${delay(s.aws)}`,
    "",
    "report (trade-off below)",
    "info",
  );
  row(
    "6. Waiter: polls per job",
    "median over jobs (mean)",
    `default: ${polls(s.default)}`,
    `fixed 5 s: ${polls(s.fixed5s)}<br>AWS 2 s→120 s: ${polls(s.aws)}`,
    "",
    "report",
    "info",
  );
}

if (selected("mock") && raw.mock) {
  const m = raw.mock;
  const v = verdicts.mock;
  const [big, small] = m.import;
  if (!big || !small) throw new Error("bench: the stateful mock reported fewer than two imports");
  row(
    `7. Stateful mock: getConnection over ${PLAN.mock.connections} keep-alive connections, ${PLAN.reps} × ${PLAN.mock.seconds} s${m.pinned ? ", mock pinned to one core" : ""}`,
    "requests/s, median (min–max); each request checked against the spec, each answer validated",
    fmtSpread(m.requestsPerSecond, 0),
    "",
    "",
    `≥ ${TARGETS.mockRequestsPerSecond.toLocaleString("en-US")}/s`,
    status(v.requestsMet),
  );
  row(
    `7. Stateful mock: peak RSS through a ${sizeLabel(big.size)} import (8 MiB chunks, 4 at a time, ${fmt(big.size / MiB / big.seconds, 0)} MiB/s) vs ${sizeLabel(small.size)}`,
    `MiB, peak: median (min–max) of ${big.peakRssRuns.length} imports each (RSS before the import)`,
    `${fmtSpread(big.peakRssRuns, 0)} (${fmt(big.baselineRssMiB, 0)}) vs ${fmtSpread(small.peakRssRuns, 0)} (${fmt(small.baselineRssMiB, 0)})`,
    "",
    `${fmt(v.growth, 2)}×`,
    "flat: grows ≤ 10%, chunk digests match",
    status(v.flat),
  );
}

if (selected("inprocess") && raw.inprocess) {
  const m = raw.inprocess;
  const v = verdicts.inprocess;
  const [bare, responses] = [median(m.callsPerSecond.bare), median(m.callsPerSecond.responses)];
  const label = `${PLAN.inprocess.calls.toLocaleString("en-US")} sequential getConnection calls through the client, ${PLAN.reps} repetitions alternating`;
  row(
    `7b. In-process mock: calls against the HTTP stateful mock (${label})`,
    "calls/s, median (min–max)",
    fmtSpread(m.callsPerSecond.inProcess, 0),
    `the same mock after listen(), over the client's keep-alive pool ${fmtSpread(m.callsPerSecond.http, 0)}`,
    `${fmt(v.vsHttp, 1)}×`,
    `≥ ${TARGETS.inProcessVsHttp}× the HTTP mock`,
    status(v.vsHttpMet),
  );
  row(
    `7b. In-process mock: calls against a bare fetch handler returning a canned Response (the floor of any in-process mock)`,
    "calls/s, median (min–max)",
    fmtSpread(m.callsPerSecond.inProcess, 0),
    `bare handler ${fmtSpread(m.callsPerSecond.bare, 0)}`,
    `${fmt(v.vsBare, 2)}× slower`,
    `within ${TARGETS.inProcessVsBare}× of the bare handler`,
    status(v.vsBareMet),
  );
  if (m.cpuUsPerCall) {
    const cpu = {
      inProcess: median(m.cpuUsPerCall.inProcess),
      http: median(m.cpuUsPerCall.http),
      bare: median(m.cpuUsPerCall.bare),
      responses: median(m.cpuUsPerCall.responses),
    };
    row(
      `7b. In-process mock: the same runs' CPU time (user + system) per call, steadier than calls/s on a busy machine`,
      "µs per call, median (min–max)",
      fmtSpread(m.cpuUsPerCall.inProcess, 0),
      `HTTP mock ${fmtSpread(m.cpuUsPerCall.http, 0)}<br>bare handler ${fmtSpread(m.cpuUsPerCall.bare, 0)}`,
      `${fmt(cpu.http / cpu.inProcess, 1)}× less than HTTP<br>${fmt(cpu.inProcess / cpu.bare, 2)}× the bare handler`,
      "(reported)",
      "info",
    );
    row(
      `7b. In-process mock: its fetch wrapped in a function, so the client reads Responses (as from MSW or any fetch), against the bare handler`,
      "calls/s, median (min–max)",
      fmtSpread(m.callsPerSecond.responses, 0),
      `bare handler ${fmtSpread(m.callsPerSecond.bare, 0)}`,
      `${fmt(bare / responses, 2)}× slower (CPU ${fmt(cpu.responses / cpu.bare, 2)}×)`,
      "(reported)",
      "info",
    );
  }
  row(
    `7b. In-process mock: createStatefulMock(), ${PLAN.inprocess.instances.toLocaleString("en-US")} instances each timed`,
    "ms, median (p90)",
    `${fmt(m.creationMs.median, 3)} (${fmt(m.creationMs.p90, 3)})`,
    "",
    "",
    `≤ ${TARGETS.inProcessCreateMs} ms median`,
    status(v.createMet),
  );
  row(
    `7b. In-process mock: heap after gc(), before and after ${PLAN.inprocess.dropped.toLocaleString("en-US")} instances created and dropped`,
    "MiB",
    `${fmt(m.heapMiB.before, 2)} → ${fmt(m.heapMiB.after, 2)}`,
    "",
    `${fmt(v.heapGrowth, 3)}×`,
    "flat: grows ≤ 10%",
    status(v.heapFlat),
  );
  const [small, big] = m.import;
  if (!big || !small) throw new Error("bench: the in-process mock reported fewer than two imports");
  row(
    `7b. In-process mock: peak RSS during a ${sizeLabel(big.size)} stream import (${PLAN.inprocess.chunkSize / MiB} MiB chunks, 4 at a time, ${fmt(big.size / MiB / big.seconds, 0)} MiB/s) vs during ${sizeLabel(small.size)}`,
    `MiB, peak sampled every 10 ms: median (min–max) of ${big.peakRssRuns.length} imports each, a fresh process each (RSS before the import)`,
    `${fmtSpread(big.peakRssRuns, 0)} (${fmt(big.baselineRssMiB, 0)}) vs ${fmtSpread(small.peakRssRuns, 0)} (${fmt(small.baselineRssMiB, 0)})`,
    "",
    `${fmt(v.growth, 2)}×`,
    "flat: grows ≤ 10%",
    status(v.flat),
  );
}

if (selected("cli") && raw.cli) {
  const c = raw.cli;
  const v = verdicts.cli;
  row(
    `8. Command line: platform models import, ${sizeLabel(c.fileSize)}, ${PLAN.chunkSize / MiB} MiB chunks, concurrency ${PLAN.concurrency}, a process per run, run in pairs with the library's script`,
    `MiB/s from spawn to exit, median (min–max) of ${c.cliMiBps.length} pairs; CPU s (user + system) of each process; ratio: the pairs' median`,
    `${fmtSpread(c.cliMiBps, 0)}; CPU ${fmtSpread(c.cliCpuS, 2)}`,
    `the library's models.import in a script, a process per run ${fmtSpread(c.libraryMiBps, 0)}; CPU ${fmtSpread(c.libraryCpuS, 2)}<br>(called in a warm process, no start-up: ${fmtSpread(c.inProcessMiBps, 0)})`,
    `${fmt(v.ratio, 2)}×`,
    `≥ ${TARGETS.cliRatio}× the library`,
    status(v.met),
  );
  row(
    "8. Command line: peak RSS of the platform process",
    "MiB, median (min–max): without the bar / with it",
    `${fmtSpread(c.cliPeakRssMiB, 0)} / ${fmtSpread(c.cliBarPeakRssMiB, 0)}`,
    "",
    "",
    `< ${TARGETS.cliPeakRssMiB} MiB`,
    status(v.peakMet),
  );
  row(
    "8. Command line: the progress bar drawn on a pseudo-terminal (script), against --progress none on the same pseudo-terminal, run in pairs",
    `MiB/s, median (min–max) of ${c.cliBarMiBps.length} pairs; CPU s of the platform process; ratio: the pairs' median`,
    `${fmtSpread(c.cliBarMiBps, 0)}; CPU ${fmtSpread(c.cliBarCpuS, 2)}`,
    `no display ${fmtSpread(c.cliPtyMiBps, 0)}; CPU ${fmtSpread(c.cliPtyCpuS, 2)}`,
    `${fmt(v.barRatio, 2)}×`,
    `≥ ${TARGETS.cliBarRatio}× (no measurable cost)`,
    status(v.barMet),
  );
  const l = c.listing;
  row(
    `8. Command line: platform chunks list -o jsonl, ${l.chunks.toLocaleString("en-US")} chunks in ${PLAN.cli.listing.pages.toLocaleString("en-US")} pages, a process per run, into a pipe`,
    `chunks/s from spawn to exit, median (min–max) of ${PLAN.cli.listing.repetitions}`,
    fmtSpread(l.cliRate, 0),
    `the library's chunks.list in a script, printing the same JSON Lines ${fmtSpread(l.libraryRate, 0)}`,
    `${fmt(v.listRatio, 2)}×`,
    `≥ ${TARGETS.cliListRatio}× the library`,
    status(v.listMet),
  );
  row(
    `8. Command line: peak RSS of a listing, ${l.pairChunks.toLocaleString("en-US")} vs ${l.pairSmallChunks.toLocaleString("en-US")} chunks (--limit), both past V8's warm-up, run in pairs`,
    `MiB, median (min–max) of ${l.cliPairPeakRssMiB.length} pairs; heap after gc() at exit of ${l.chunks.toLocaleString("en-US")} vs ${l.smallChunks.toLocaleString("en-US")}; ratio: the pairs' median`,
    `${fmtSpread(l.cliPairPeakRssMiB, 0)} vs ${fmtSpread(l.cliSmallPairPeakRssMiB, 0)}; heap ${fmtSpread(l.cliHeapAfterGcMiB, 1)} vs ${fmtSpread(l.cliSmallHeapAfterGcMiB, 1)}`,
    `${l.chunks.toLocaleString("en-US")} vs ${l.smallChunks.toLocaleString("en-US")} chunks (the shorter ends inside V8's warm-up): ${fmtSpread(l.cliPeakRssMiB, 0)} vs ${fmtSpread(l.cliSmallPeakRssMiB, 0)}; the library's script ${fmtSpread(l.libraryPeakRssMiB, 0)}`,
    `${fmt(v.listGrowth, 2)}×`,
    "flat: grows ≤ 10%",
    status(v.listFlat),
  );
  row(
    `8. Command line: platform --help as installed (dist/cli/: split, dependencies imported), ${c.startupMs.length} starts`,
    "ms, median (min–max)",
    fmtSpread(c.startupMs, 0),
    `all bundled, commander too ${fmtSpread(c.bundledStartupMs, 0)}; node on an empty module ${fmtSpread(c.nodeStartupMs, 0)}`,
    "",
    `< ${TARGETS.cliStartupMs} ms`,
    status(v.startupMet),
  );
  row(
    `8. Command line: platform completion bash as installed (dist/cli/: split, dependencies imported), ${c.completionStartupMs.length} starts`,
    "ms, median (min–max)",
    fmtSpread(c.completionStartupMs, 0),
    `all bundled, commander too ${fmtSpread(c.bundledCompletionStartupMs, 0)}; node on an empty module ${fmtSpread(c.nodeStartupMs, 0)}`,
    "",
    `< ${TARGETS.cliStartupMs} ms`,
    status(v.completionStartupMet),
  );
}

if (selected("mcp") && raw.mcp) {
  const m = raw.mcp;
  const v = verdicts.mcp;
  row(
    `10. MCP server: ${m.calls.toLocaleString("en-US")} tools/call get_connection to platform mcp over stdio, warmed up`,
    `µs per call, median (min–max) of ${PLAN.mcp.reps}`,
    fmtSpread(m.mcpUs, 0),
    `client.connections.get in process ${fmtSpread(m.clientUs, 0)}`,
    `${fmt(v.callRatio, 1)}×`,
    "(reported)",
    "info",
  );
  row(
    `10. MCP server: import_model, ${sizeLabel(m.fileSize)}, ${PLAN.chunkSize / MiB} MiB chunks, concurrency ${PLAN.concurrency}`,
    `MiB/s from tools/call to result (server running), median (min–max) of ${PLAN.mcp.importReps}`,
    fmtSpread(m.mcpMiBps, 0),
    `models.import in a fresh script, call to result ${fmtSpread(m.libraryCallMiBps, 0)}<br>(in this warm process, after earlier imports: ${fmtSpread(m.inProcessMiBps, 0)}, ${fmt(v.warmRatio, 2)}×)`,
    `${fmt(v.ratio, 2)}×`,
    `≥ ${TARGETS.mcpImportRatio}× models.import`,
    status(v.met),
  );
  row(
    "10. MCP server: the same import from the server's spawn (start-up and handshake included)",
    "MiB/s, median (min–max); start-up in ms",
    `${fmtSpread(m.mcpSpawnMiBps, 0)}<br>start-up ${fmtSpread(m.mcpStartupMs, 0)} ms`,
    `models.import in a script, spawn to exit ${fmtSpread(m.libraryMiBps, 0)}`,
    `${fmt(median(m.mcpSpawnMiBps) / median(m.libraryMiBps), 2)}×`,
    "(reported)",
    "info",
  );
  row(
    "10. MCP server: CPU time (user + system) of the importing process per GiB",
    "CPU s/GiB, median (min–max): steadier than MiB/s on a busy machine",
    fmtSpread(m.mcpCpuPerGiB, 2),
    `the library's script ${fmtSpread(m.libraryCpuPerGiB, 2)}`,
    `${fmt(median(m.mcpCpuPerGiB) / median(m.libraryCpuPerGiB), 2)}×`,
    "(reported)",
    "info",
  );
  row(
    "10. MCP server: peak RSS of the platform mcp process through the import",
    "MiB, median (min–max)",
    fmtSpread(m.mcpPeakRssMiB, 0),
    "",
    "",
    `< ${TARGETS.mcpPeakRssMiB} MiB`,
    status(v.peakMet),
  );
}

if (selected("size") && raw.size) {
  const z = raw.size;
  const kB = (/** @type {number} */ bytes) => `${fmt(bytes / 1024, 2)} kB`;
  row(
    "9. Size: the core entry, minified and gzipped, openapi-fetch included",
    "kB (1 kB = 1,024 bytes) loaded on import; the request validators and the upload code load on first use",
    `${kB(z.coreGzipped)} (+ ${kB(z.lazyGzipped)} on demand)`,
    `openapi-fetch alone ${kB(z.peerGzipped)}`,
    `${fmt(z.coreGzipped / z.peerGzipped, 2)}×`,
    `≤ ${kB(z.budget)}`,
    status(z.coreGzipped <= z.budget),
  );
  if (z.coreGzipped > z.budget) verdicts.missed.push(`core entry ${kB(z.coreGzipped)}, budget ${kB(z.budget)}`);
}

if (selected("specdiff") && raw.specdiff) {
  const v = verdicts.specdiff;
  raw.specdiff.pairs.forEach((pair, i) => {
    row(
      `10. Spec diff: ${pair.label}, ${pair.changes} changes (${pair.level}), npm run spec:diff -- --json as a process`,
      `ms from spawn to exit, median (min–max) of ${pair.processMs.length}`,
      fmtSpread(pair.processMs, 0),
      `the comparison alone (read, parse, diff) in a warm process ${fmtSpread(pair.inProcessMs, 0)}`,
      "",
      i === 0 ? `< ${fmt(TARGETS.specDiffMs, 0)} ms` : "(reported)",
      i === 0 ? status(v.met) : "info",
    );
  });
}

const header = ["Benchmark", "Measure", "Client", "Baseline", "Ratio", "Target", "Result"];
const table = [
  `| ${header.join(" | ")} |`,
  `|${header.map(() => "---").join("|")}|`,
  ...rows.map((r) => `| ${r.map((c) => String(c).replaceAll("|", "\\|")).join(" | ")} |`),
].join("\n");

const notes = [];
if (selected("import") && raw.import.length) {
  const sinkPerGiB = (/** @type {string} */ variant) => median(by(variant).map((r) => (Number(r.sinkCpuSeconds) * 1024 * MiB) / r.fileSize));
  const senders = ["client", "fetch", ...(curlVersion ? ["curl"] : [])];
  notes.push(
    `Where the import's time goes: sender and sink share the machine's ${machine.cores} cores. The sink spent ${senders
      .map((v) => `${fmt(sinkPerGiB(v), 2)} CPU s/GiB (with ${v === "fetch" ? "the fetch loop" : v})`)
      .join(
        ", ",
      )} parsing, hashing and answering; the senders' own CPU time per GiB is in the table. A sender that needs less CPU leaves more to the sink, which is why curl sets the pace.`,
  );
}
if (selected("waiter") && raw.waiter) notes.push(verdicts.waiter.tradeOff);
if (selected("waiter") && raw.waiter) notes.push(verdicts.waiter.uniform);
if (!curlVersion && selected("import"))
  notes.push("curl is not installed on this machine: the import was compared with the fetch loop only. CI: add `apt-get install -y curl` to .ci/run.");
if (busy || (loadavg()[0] ?? 0) > machine.cores) {
  notes.push(
    `The machine was busy during this run (load average above its ${machine.cores} cores): throughput figures are noisy; the CPU-time row and the ratios of interleaved runs are the steadier figures.`,
  );
}
for (const problem of verdicts.gateFailures) notes.push(`GATE FAILED: ${problem}`);
for (const error of raw.errors) notes.push(`ERROR: ${error}`);

const elapsed = (Date.now() - started) / 1000;
const loadAfter = loadavg();
const environment =
  `Machine: ${machine.cores} cores (${machine.cpu}), ${fmt(machine.memoryGiB, 1)} GiB memory; Node ${machine.node}; ${machine.curl}. ` +
  (machine.extraCaCerts
    ? `NODE_EXTRA_CA_CERTS is set: node starts an empty module in ${fmt(machine.extraCaCerts.withIt, 0)} ms with it, ${fmt(machine.extraCaCerts.without, 0)} ms without ` +
      "(every row that starts a process pays the difference). "
    : "") +
  `Date: ${machine.date}. Load average before/after: ${machine.loadBefore.map((l) => l.toFixed(2)).join(" ")} / ${loadAfter.map((l) => l.toFixed(2)).join(" ")}. ` +
  `Run: ${quick ? "--quick" : "full"}${args.only ? ` --only=${args.only}` : ""}${args.src ? ` --src=${args.src}` : ""}, ${PLAN.reps} repetitions, ${fmt(elapsed, 0)} s.`;

console.log(`\n${table}\n`);
for (const line of notes) console.log(`- ${line}`);
console.log(`\n${environment}`);

if (fullRun) {
  const md = [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (bench/run.mjs); every full run rewrites this file. Each benchmark runs the",
    "client and its baseline side by side in the same run, against local `node:http` servers on 127.0.0.1",
    "running in their own processes; figures are medians of the repetitions, with (min–max).",
    "",
    environment,
    "",
    table,
    "",
    ...notes.map((line) => `- ${line}`),
    "",
    "How each figure is made: see the header comment of bench/run.mjs and of each bench/*.ts file.",
    "",
  ].join("\n");
  // The install figures are measured by hand (a fresh clone's npm ci, a client's npm install), not
  // by this run: their section is kept as it was.
  const previous = existsSync(join(BENCH_DIR, "results.md")) ? readFileSync(join(BENCH_DIR, "results.md"), "utf8") : "";
  const installSection = previous.indexOf("\n## Install\n");
  writeFileSync(join(BENCH_DIR, "results.md"), installSection < 0 ? md : `${md}${previous.slice(installSection)}`);
  log("wrote bench/results.md");
}

const missed = verdicts.missed;
if (missed.length) log(`targets missed: ${missed.join("; ")}`);
const failed = verdicts.gateFailures.length > 0 || raw.errors.length > 0 || (args.strict && missed.length > 0);
log(failed ? "FAILED" : `done in ${fmt(elapsed, 0)} s`);
process.exitCode = failed ? 1 : 0;
